import { isIP } from 'node:net'

/** An operator's allow-list entry: a host name or address, with a port or without one. */
export type TAllowEntry = { host: string; port: number | null }

/**
 * What a kind of outbound request may reach (decision 005):
 * - `allow`: the operator's entries (environment). A host named there may be reached on the named port
 *   (an entry without a port: the scheme's default port), even on a loopback or private address.
 * - `hosts`: the provider's documented hosts (`sms.tencentcloudapi.com`, or `.tencentcloudapi.com` for
 *   every host under it), on the scheme's default port, on public addresses only.
 * - `anyPublicHost`: any host on any port, on public addresses only (a self-hosted service an
 *   administrator points at).
 */
export type TOutboundPolicy = {
  allow: readonly TAllowEntry[]
  hosts?: readonly string[]
  anyPublicHost?: boolean
}

export class AllowListError extends Error {}

const HOST_PATTERN = /^(?=.{1,253}$)[a-z0-9_]([a-z0-9_-]{0,62})(\.[a-z0-9_]([a-z0-9_-]{0,62}))*\.?$/

/** Lower-case host without brackets or a trailing dot. */
export const normalHost = (host: string): string =>
  host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')

/** One entry: `host`, `host:port`, `1.2.3.4:port`, `[::1]:port` or a bare IPv6 address. */
export const parseAllowEntry = (raw: string): TAllowEntry => {
  const text = raw.trim().toLowerCase()
  let host = text
  let port: number | null = null
  const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(text)
  if (bracketed) {
    host = bracketed[1]!
    port = bracketed[2] ? Number(bracketed[2]) : null
  } else if (isIP(text) !== 6) {
    const m = /^([^:]+):(\d{1,5})$/.exec(text)
    if (m) {
      host = m[1]!
      port = Number(m[2])
    }
  }
  host = normalHost(host)
  if (port !== null && (port < 1 || port > 65_535)) {
    throw new AllowListError(`端口不正确: ${raw}`)
  }
  if (!isIP(host) && !HOST_PATTERN.test(host)) {
    throw new AllowListError(`主机名不正确: ${raw}`)
  }
  return { host, port }
}

/** A comma-separated allow-list from the environment (empty: nothing). */
export const parseAllowList = (csv: string | undefined): TAllowEntry[] =>
  (csv ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map(parseAllowEntry)

/** The default port of a URL scheme (`https:` 443, `http:` 80). */
export const defaultPortOf = (protocol: string): number => (protocol === 'https:' ? 443 : 80)

/** Whether the operator's list names this host on this port. */
export const isVouched = (allow: readonly TAllowEntry[], host: string, port: number, defaultPort: number) => {
  const h = normalHost(host)
  return allow.some((e) => e.host === h && (e.port ?? defaultPort) === port)
}

const isDocumented = (hosts: readonly string[], host: string) => {
  const h = normalHost(host)
  return hosts.some((d) => (d.startsWith('.') ? h.endsWith(d) && h.length > d.length : h === d))
}

/**
 * The verdict on a host and port before any address is known: `vouched` (the operator named it: any
 * address), `public` (may be reached if every address it resolves to is public), or `refused`.
 */
export const verdictOf = (
  policy: TOutboundPolicy,
  host: string,
  port: number,
  defaultPort: number,
): 'vouched' | 'public' | 'refused' => {
  if (isVouched(policy.allow, host, port, defaultPort)) {
    return 'vouched'
  }
  if (policy.anyPublicHost) {
    return 'public'
  }
  if (policy.hosts && isDocumented(policy.hosts, host) && port === defaultPort) {
    return 'public'
  }
  return 'refused'
}

/**
 * The check a form can make before anything is resolved (a saved setting, a job's URL): an http(s) URL
 * without credentials whose host and port the policy may allow. Requests still check every address.
 */
export const isAllowedUrl = (policy: TOutboundPolicy, url: URL): boolean => {
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) {
    return false
  }
  const defaultPort = defaultPortOf(url.protocol)
  return verdictOf(policy, url.hostname, url.port ? Number(url.port) : defaultPort, defaultPort) !== 'refused'
}

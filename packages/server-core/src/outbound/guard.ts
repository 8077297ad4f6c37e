import { lookup as dnsLookup } from 'node:dns/promises'
import http from 'node:http'
import https from 'node:https'
import { isIP, type LookupFunction, Socket } from 'node:net'
import type { Duplex } from 'node:stream'
import { isPublicAddress } from './address.ts'
import { defaultPortOf, normalHost, type TOutboundPolicy, verdictOf } from './policy.ts'

/** What the platform answers about an outbound request: never what the far side said. */
export const OutboundMsg = {
  REFUSED: '目标地址不在允许的范围内',
  FAILED: '连接失败',
} as const

/**
 * Refused before anything was sent (policy, DNS), or failed on the way (connect, timeout, size,
 * redirect). `message` is always one of `OutboundMsg`; `detail` is for the log only.
 */
export class OutboundError extends Error {
  constructor(
    readonly kind: 'refused' | 'failed',
    readonly detail: string,
  ) {
    super(kind === 'refused' ? OutboundMsg.REFUSED : OutboundMsg.FAILED)
    this.name = 'OutboundError'
  }
}

export type TResolved = { address: string; family: 4 | 6 }

/**
 * Checks a host and port against the policy and resolves it: every address the name resolves to must
 * be public unless the operator named the host (so a name with one private record is refused whole).
 */
export const resolveTarget = async (
  policy: TOutboundPolicy,
  host: string,
  port: number,
  defaultPort: number,
): Promise<TResolved[]> => {
  const h = normalHost(host)
  const verdict = verdictOf(policy, h, port, defaultPort)
  if (verdict === 'refused') {
    throw new OutboundError('refused', `${h}:${port} not allowed`)
  }
  let addresses: TResolved[]
  const literal = isIP(h)
  if (literal) {
    addresses = [{ address: h, family: literal as 4 | 6 }]
  } else {
    try {
      addresses = (await dnsLookup(h, { all: true, verbatim: true })) as TResolved[]
    } catch (err) {
      throw new OutboundError('failed', `dns ${h}: ${(err as Error).message}`)
    }
  }
  if (!addresses.length) {
    throw new OutboundError('failed', `dns ${h}: no address`)
  }
  if (verdict === 'public' && addresses.some((a) => !isPublicAddress(a.address))) {
    throw new OutboundError('refused', `${h} resolves to a non-public address`)
  }
  return addresses
}

/**
 * A `lookup` for sockets (an http.Agent, a database driver): resolves through `resolveTarget`, so the
 * address connected to is the address checked (no second resolution to rebind).
 */
export const guardedLookup =
  (policy: TOutboundPolicy, port: number, defaultPort: number): LookupFunction =>
  (hostname, options, callback) => {
    resolveTarget(policy, hostname, port, defaultPort).then(
      (addresses) => {
        const wanted = options.family === 4 || options.family === 6 ? options.family : 0
        const usable = wanted ? addresses.filter((a) => a.family === wanted) : addresses
        if (!usable.length) {
          callback(Object.assign(new Error(`no IPv${wanted} address`), { code: 'ENOTFOUND' }), '', 4)
          return
        }
        if (options.all) {
          callback(null, usable)
          return
        }
        callback(null, usable[0]!.address, usable[0]!.family)
      },
      (err: Error) => callback(Object.assign(err, { code: 'EOUTBOUND' }), '', 4),
    )
  }

/** The refusal of an address literal (no lookup happens for one), or null when it may be reached. */
const literalRefusal = (policy: TOutboundPolicy, host: string, port: number, defaultPort: number) => {
  const h = normalHost(host)
  if (!isIP(h)) {
    return null
  }
  const verdict = verdictOf(policy, h, port, defaultPort)
  if (verdict === 'refused' || (verdict === 'public' && !isPublicAddress(h))) {
    return new OutboundError('refused', `${h}:${port} not allowed`)
  }
  return null
}

type TConnectOptions = { host?: string | null; port?: number | string | null; lookup?: LookupFunction }

/**
 * An http(s).Agent whose every connection goes through the guard, for clients that take an agent (the
 * object-storage client): each socket's host and port are checked, a name through `guardedLookup`, an
 * address literal (which sockets never look up) before the socket is opened.
 */
export const guardedAgent = (policy: TOutboundPolicy, url: URL): http.Agent => {
  const defaultPort = defaultPortOf(url.protocol)
  const guard = <T extends TConnectOptions>(options: T): { options: T; refused: OutboundError | null } => {
    const port = Number(options.port || defaultPort)
    const host = String(options.host ?? '')
    return {
      options: { ...options, lookup: guardedLookup(policy, port, defaultPort) },
      refused: literalRefusal(policy, host, port, defaultPort),
    }
  }
  const refusedSocket = (err: OutboundError) => {
    const socket = new Socket()
    process.nextTick(() => socket.destroy(err))
    return socket
  }
  if (url.protocol === 'https:') {
    return new (class extends https.Agent {
      override createConnection(
        options: https.RequestOptions,
        callback?: (err: Error | null, s: Duplex) => void,
      ) {
        const checked = guard(options)
        return checked.refused
          ? refusedSocket(checked.refused)
          : super.createConnection(checked.options, callback)
      }
    })({ keepAlive: false })
  }
  return new (class extends http.Agent {
    override createConnection(
      options: http.ClientRequestArgs,
      callback?: (err: Error | null, s: Duplex) => void,
    ) {
      const checked = guard(options)
      return checked.refused
        ? refusedSocket(checked.refused)
        : super.createConnection(checked.options, callback)
    }
  })({ keepAlive: false })
}

export type TOutboundRequest = {
  url: string | URL
  method?: string
  headers?: Record<string, string>
  body?: string | Buffer
  /** The whole exchange, redirects included (default 5 s). */
  timeoutMs?: number
  /** Bytes of answer kept at most; more fails the request (default 1 MiB). */
  maxBytes?: number
  /** Redirects followed, each checked like the first request (default 0: a 3xx is the answer). */
  maxRedirects?: number
  /** Ends the exchange early (a job's own time limit). */
  signal?: AbortSignal
}
export type TOutboundAnswer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer; url: URL }

const exchange = (
  policy: TOutboundPolicy,
  url: URL,
  req: TOutboundRequest,
  deadline: number,
): Promise<TOutboundAnswer> =>
  new Promise((resolve, reject) => {
    const defaultPort = defaultPortOf(url.protocol)
    const port = url.port ? Number(url.port) : defaultPort
    const maxBytes = req.maxBytes ?? 1_048_576
    const timeLeft = deadline - Date.now()
    if (timeLeft <= 0) {
      reject(new OutboundError('failed', 'timeout'))
      return
    }
    // The checked address is what the socket connects to; an IP literal is checked before the request.
    const refused = literalRefusal(policy, url.hostname, port, defaultPort)
    if (refused) {
      reject(refused)
      return
    }
    Promise.resolve().then(() => {
      const client = url.protocol === 'https:' ? https : http
      const request = client.request(url, {
        method: req.method ?? 'GET',
        headers: {
          ...req.headers,
          ...(req.body !== undefined ? { 'content-length': String(Buffer.byteLength(req.body)) } : {}),
        },
        agent: false,
        lookup: guardedLookup(policy, port, defaultPort),
        timeout: timeLeft,
        ...(req.signal ? { signal: req.signal } : {}),
      })
      const timer = setTimeout(() => request.destroy(new OutboundError('failed', 'timeout')), timeLeft)
      let settled = false
      const fail = (err: Error) => {
        clearTimeout(timer)
        if (!settled) {
          settled = true
          reject(err instanceof OutboundError ? err : new OutboundError('failed', err.message))
        }
      }
      request.on('timeout', () => request.destroy(new OutboundError('failed', 'timeout')))
      request.on('error', fail)
      request.on('response', (res) => {
        const chunks: Buffer[] = []
        let size = 0
        res.on('data', (chunk: Buffer) => {
          size += chunk.length
          if (size > maxBytes) {
            fail(new OutboundError('failed', `answer over ${maxBytes} bytes`))
            request.destroy()
            return
          }
          chunks.push(chunk)
        })
        res.on('error', fail)
        res.on('end', () => {
          clearTimeout(timer)
          if (settled) {
            return
          }
          settled = true
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), url })
        })
      })
      if (req.body !== undefined) {
        request.write(req.body)
      }
      request.end()
    }, reject)
  })

/**
 * One HTTP(S) request on a user's behalf, through the guard: http(s) only, no credentials in the URL,
 * host and port by the policy, every resolved address checked (and connected to as checked), each
 * redirect checked again, the whole exchange bounded in time and the answer in size.
 */
export const outboundRequest = async (
  policy: TOutboundPolicy,
  req: TOutboundRequest,
): Promise<TOutboundAnswer> => {
  const deadline = Date.now() + (req.timeoutMs ?? 5_000)
  let url: URL
  try {
    url = new URL(req.url)
  } catch {
    throw new OutboundError('refused', 'not a URL')
  }
  let method = req.method ?? 'GET'
  let body = req.body
  for (let hop = 0; ; hop++) {
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) {
      throw new OutboundError('refused', `scheme or credentials: ${url.protocol}`)
    }
    const answer = await exchange(policy, url, { ...req, method, body }, deadline)
    const location = answer.headers.location
    if (answer.status < 300 || answer.status >= 400 || !location || hop >= (req.maxRedirects ?? 0)) {
      return answer
    }
    url = new URL(location, url)
    if (answer.status === 303 || ((answer.status === 301 || answer.status === 302) && method === 'POST')) {
      method = 'GET'
      body = undefined
    }
  }
}

import { BlockList, isIP } from 'node:net'

/**
 * Addresses a request made on a user's behalf must not reach unless the operator names the host:
 * this machine, its networks and everything that is not the public internet (IANA special-purpose
 * registries for IPv4 and IPv6).
 */
const blocked = new BlockList()
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4')
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6')
}

/** The IPv4 address an IPv6 one carries (IPv4-mapped `::ffff:a.b.c.d`, IPv4-compatible, NAT64). */
const embeddedIpv4 = (address: string): string | null => {
  const normal = new URL(`http://[${address}]/`).hostname.slice(1, -1)
  const m = /^(?:::ffff:|::|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(normal)
  if (!m) {
    return null
  }
  const hi = Number.parseInt(m[1]!, 16)
  const lo = Number.parseInt(m[2]!, 16)
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.')
}

/** True for an address of the public internet; false for loopback, private, link-local and the like. */
export const isPublicAddress = (address: string): boolean => {
  const family = isIP(address)
  if (family === 4) {
    return !blocked.check(address, 'ipv4')
  }
  if (family === 6) {
    const v4 = embeddedIpv4(address)
    if (v4 !== null) {
      return !blocked.check(v4, 'ipv4')
    }
    return !blocked.check(address, 'ipv6')
  }
  return false
}

import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  AllowListError,
  guardedAgent,
  isPublicAddress,
  OutboundMsg,
  outboundRequest,
  parseAllowList,
  resolveTarget,
  type TOutboundPolicy,
} from '../src/index.ts'

let server: http.Server
let other: http.Server
let port: number
let otherPort: number
const listen = (s: http.Server) =>
  new Promise<number>((resolve) => s.listen(0, '127.0.0.1', () => resolve((s.address() as AddressInfo).port)))

beforeAll(async () => {
  other = http.createServer((_req, res) => res.end('internal secret'))
  otherPort = await listen(other)
  server = http.createServer((req, res) => {
    if (req.url === '/redirect') {
      res.writeHead(302, { location: `http://127.0.0.1:${otherPort}/` }).end()
    } else if (req.url === '/slow') {
      setTimeout(() => res.end('late'), 2_000)
    } else if (req.url === '/big') {
      res.end('x'.repeat(10_000))
    } else {
      res.end(`ok ${req.method}`)
    }
  })
  port = await listen(server)
})
afterAll(() => {
  server.close()
  other.close()
})

describe('addresses', () => {
  it('tells the public internet from loopback, private, link-local and special ranges', () => {
    for (const a of [
      '127.0.0.1',
      '127.8.8.8',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '64:ff9b::a9fe:a9fe',
      'not an address',
    ]) {
      expect(isPublicAddress(a), a).toBe(false)
    }
    for (const a of ['8.8.8.8', '1.1.1.1', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
      expect(isPublicAddress(a), a).toBe(true)
    }
  })
})

describe('the operator allow-list', () => {
  it('takes host and host:port entries, IPv6 in brackets', () => {
    expect(parseAllowList(' sms.example.com, 127.0.0.1:8080,[::1]:9000 ,::1,')).toEqual([
      { host: 'sms.example.com', port: null },
      { host: '127.0.0.1', port: 8080 },
      { host: '::1', port: 9000 },
      { host: '::1', port: null },
    ])
    expect(parseAllowList(undefined)).toEqual([])
  })
  it('refuses entries that are not a host or a port', () => {
    for (const bad of ['http://a.com', 'a.com:0', 'a.com:70000', 'a b', 'a.com/x']) {
      expect(() => parseAllowList(bad), bad).toThrow(AllowListError)
    }
  })
})

describe('outbound requests', () => {
  const allow = (csv: string): TOutboundPolicy => ({ allow: parseAllowList(csv) })
  const refusal = async (policy: TOutboundPolicy, url: string) =>
    outboundRequest(policy, { url, timeoutMs: 1_000 }).then(
      () => 'answered',
      (err: Error & { kind?: string }) => `${err.kind}:${err.message}`,
    )

  it('reaches a host and port the operator named, on a loopback address', async () => {
    const res = await outboundRequest(allow(`127.0.0.1:${port}`), {
      url: `http://127.0.0.1:${port}/`,
      method: 'POST',
      body: '{}',
    })
    expect([res.status, res.body.toString()]).toEqual([200, 'ok POST'])
  })

  it('refuses loopback without an entry, another port of a named host, and a name resolving to loopback', async () => {
    const refused = `refused:${OutboundMsg.REFUSED}`
    expect(await refusal({ allow: [], anyPublicHost: true }, `http://127.0.0.1:${port}/`)).toBe(refused)
    expect(await refusal({ allow: [], anyPublicHost: true }, `http://localhost:${port}/`)).toBe(refused)
    expect(await refusal({ allow: [], anyPublicHost: true }, `http://[::ffff:127.0.0.1]:${port}/`)).toBe(
      refused,
    )
    expect(await refusal(allow('127.0.0.1'), `http://127.0.0.1:${port}/`)).toBe(refused)
    expect(await refusal(allow(`127.0.0.1:${otherPort}`), `http://127.0.0.1:${port}/`)).toBe(refused)
    expect(await refusal({ allow: [], hosts: ['.example.com'] }, `http://localhost:${port}/`)).toBe(refused)
    expect(await refusal(allow(`localhost:${port}`), `file:///etc/passwd`)).toBe(refused)
    expect(await refusal(allow(`127.0.0.1:${port}`), `http://u:p@127.0.0.1:${port}/`)).toBe(refused)
  })

  it('checks a redirect like the first request', async () => {
    expect(await refusal(allow(`127.0.0.1:${port}`), `http://127.0.0.1:${port}/redirect`)).toBe('answered')
    const followed = await outboundRequest(allow(`127.0.0.1:${port}`), {
      url: `http://127.0.0.1:${port}/redirect`,
      maxRedirects: 3,
    }).catch((e: Error) => e.message)
    expect(followed).toBe(OutboundMsg.REFUSED)
    const both = await outboundRequest(allow(`127.0.0.1:${port},127.0.0.1:${otherPort}`), {
      url: `http://127.0.0.1:${port}/redirect`,
      maxRedirects: 3,
    })
    expect(both.body.toString()).toBe('internal secret')
  })

  it('bounds time and size, and says only that the connection failed', async () => {
    const policy = allow(`127.0.0.1:${port}`)
    const failed = `failed:${OutboundMsg.FAILED}`
    const started = Date.now()
    expect(await refusal(policy, `http://127.0.0.1:${port}/slow`)).toBe(failed)
    expect(Date.now() - started).toBeLessThan(1_900)
    expect(
      await outboundRequest(policy, { url: `http://127.0.0.1:${port}/big`, maxBytes: 1_000 }).catch(
        (e: Error) => e.message,
      ),
    ).toBe(OutboundMsg.FAILED)
    // A closed port and an open one that is not allowed answer alike: nothing about the far side.
    const closed = allow('127.0.0.1:1')
    expect(await refusal(closed, 'http://127.0.0.1:1/')).toBe(failed)
  })

  it('resolves a name once and hands out only the checked addresses', async () => {
    await expect(resolveTarget({ allow: [], anyPublicHost: true }, 'localhost', 80, 80)).rejects.toThrow(
      OutboundMsg.REFUSED,
    )
    expect(await resolveTarget(allow('localhost:5432'), 'localhost', 5432, 5432)).toEqual(
      expect.arrayContaining([expect.objectContaining({ address: expect.any(String) })]),
    )
  })
})

describe('the agent given to clients (object storage)', () => {
  const get = (agent: http.Agent, url: string) =>
    new Promise<string>((resolve) => {
      const req = http.get(url, { agent }, (res) => {
        res.resume()
        res.on('end', () => resolve(`status ${res.statusCode}`))
      })
      req.on('error', (err) => resolve(err.message))
    })

  it('checks an address literal (which no lookup sees) and a name, on the port actually used', async () => {
    const policy: TOutboundPolicy = { allow: parseAllowList(`127.0.0.1:${port}`) }
    const agent = guardedAgent(policy, new URL(`http://127.0.0.1:${port}/`))
    expect(await get(agent, `http://127.0.0.1:${port}/`)).toBe('status 200')
    expect(await get(agent, `http://127.0.0.1:${otherPort}/`)).toBe(OutboundMsg.REFUSED)
    expect(await get(agent, `http://localhost:${port}/`)).toBe(OutboundMsg.REFUSED)
    const open = guardedAgent({ allow: [], anyPublicHost: true }, new URL(`http://127.0.0.1:${port}/`))
    expect(await get(open, `http://127.0.0.1:${port}/`)).toBe(OutboundMsg.REFUSED)
  })
})

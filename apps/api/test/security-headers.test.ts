import { IncomingMessage, ServerResponse } from 'node:http'
import { Socket } from 'node:net'
import helmet from 'helmet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SECURITY_HEADERS, securityHeaders } from '../src/plugins/security-headers.ts'
import { createTestApp, type TTestApp } from './helpers/app.ts'

// What @fastify/helmet sent with these options before the headers were computed once.
const EXPECTED = {
  'content-security-policy':
    "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';frame-ancestors 'self';" +
    "img-src 'self' data: blob: https: http:;object-src 'none';script-src 'self';script-src-attr 'none';" +
    "style-src 'self' 'unsafe-inline';connect-src 'self';frame-src *",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
}

let t: TTestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

describe('security headers', () => {
  it('are the ones helmet sets on a real response', () => {
    const res = new ServerResponse(new IncomingMessage(new Socket()))
    helmet(SECURITY_HEADERS)(res.req, res, () => {})
    const computed = Object.fromEntries(
      securityHeaders(SECURITY_HEADERS).map(([k, v]) => [k.toLowerCase(), v]),
    )
    expect(computed).toEqual(res.getHeaders())
    expect(computed).toEqual(EXPECTED)
  })

  it('come with answers, errors, unknown paths and refused requests alike', async () => {
    for (const [method, url, status] of [
      ['GET', '/api/health', 200],
      ['GET', '/api/ysjs-system/param/list', 401],
      ['GET', '/api/nothing', 404],
      ['DELETE', '/api/ysjs-system/param/list', 405],
    ] as const) {
      const res = await t.app.inject({ method, url })
      expect(res.statusCode, url).toBe(status)
      expect(res.headers, url).toMatchObject(EXPECTED)
    }
  })

  it('must be static: a per-request directive is refused at boot', () => {
    expect(() =>
      securityHeaders({
        contentSecurityPolicy: { directives: { scriptSrc: ["'self'", () => "'nonce-x'"] } },
      }),
    ).toThrow(/must not be functions/)
  })
})

import fs from 'node:fs/promises'
import { IncomingMessage, ServerResponse } from 'node:http'
import { Socket } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from '@ysjs/shared'
import helmet from 'helmet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HELMET_OPTIONS, securityHeaders } from '../src/plugins/security-headers.ts'
import { createTestApp, type TTestApp } from './helpers/app.ts'

// The web app's page is served by the API (WEB_DIST_DIR) or by nginx (docker/nginx.conf): both must
// send the same security headers. The list lives in the shared package; this test pins the API's
// answer and the nginx config to it, so changing one place without the others fails here.

const NGINX_CONF = path.resolve(import.meta.dirname, '../../../docker/nginx.conf')

/** `add_header` lines of one `location` block (the page locations have no nested blocks). */
const nginxHeaders = (conf: string, location: string): Record<string, string> => {
  const start = conf.indexOf(`location ${location} {`)
  expect(start, `nginx.conf has no "location ${location}" block`).toBeGreaterThanOrEqual(0)
  const body = conf.slice(start, conf.indexOf('}', start))
  const headers: Record<string, string> = {}
  for (const match of body.matchAll(/^\s*add_header\s+(\S+)\s+(?:"([^"]*)"|(\S+))(\s+always)?\s*;/gm)) {
    const [, name, quoted, bare, always] = match
    // Without `always` nginx drops the header from error answers, where a CSP matters as much.
    expect(always, `${location}: add_header ${name} lacks "always"`).toBeTruthy()
    headers[name as string] = (quoted ?? bare) as string
  }
  return headers
}

const lower = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]))

let t: TTestApp
let dist: string
beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'ysjs-web-'))
  await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>')
  t = await createTestApp({ WEB_DIST_DIR: dist })
})
afterAll(async () => {
  await t.close()
  await fs.rm(dist, { recursive: true, force: true })
})

describe('security headers of the web app page', () => {
  it('the API sends exactly the shared list, its CSP included', async () => {
    for (const url of ['/', '/login', '/system/param?current=2']) {
      const res = await t.app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(200)
      const sent = Object.fromEntries(
        Object.keys(SECURITY_HEADERS).map((name) => [name.toLowerCase(), res.headers[name.toLowerCase()]]),
      )
      expect(sent, url).toEqual(lower(SECURITY_HEADERS))
      expect(res.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY)
    }
  })

  it('every HTML answer of the API carries the CSP (issue 22): pages, deep links, the API docs', async () => {
    for (const url of ['/', '/kms/portal/detail?id=1', '/api/docs/static/index.html', '/no/such/page']) {
      const res = await t.app.inject({ method: 'GET', url })
      if (String(res.headers['content-type']).includes('text/html')) {
        expect(res.headers['content-security-policy'], url).toBe(CONTENT_SECURITY_POLICY)
      }
    }
    const page = await t.app.inject({ method: 'GET', url: '/kms/portal/detail?id=1' })
    expect(page.headers['content-type']).toContain('text/html')
  })

  it('nginx sends the same with index.html and the client-side routes (drift check of docker/nginx.conf)', async () => {
    const conf = await fs.readFile(NGINX_CONF, 'utf8')
    const api = (await t.app.inject({ method: 'GET', url: '/' })).headers
    for (const location of ['= /index.html', '/']) {
      const nginx = lower(nginxHeaders(conf, location))
      expect(nginx['content-security-policy'], `${location}: CSP differs from the API's`).toBe(
        api['content-security-policy'],
      )
      for (const name of Object.keys(SECURITY_HEADERS).map((n) => n.toLowerCase())) {
        expect(nginx[name], `${location}: ${name}`).toBe(api[name])
      }
    }
  })
})

describe('security headers of every answer', () => {
  it('are the ones helmet sets on a real response', () => {
    const res = new ServerResponse(new IncomingMessage(new Socket()))
    helmet(HELMET_OPTIONS)(res.req, res, () => {})
    const computed = Object.fromEntries(securityHeaders(HELMET_OPTIONS).map(([k, v]) => [k.toLowerCase(), v]))
    expect(computed).toEqual(res.getHeaders())
    expect(computed).toEqual(lower(SECURITY_HEADERS))
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
      expect(res.headers, url).toMatchObject(lower(SECURITY_HEADERS))
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

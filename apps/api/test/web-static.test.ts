import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TTestApp } from './helpers/app.ts'

let t: TTestApp
let dist: string
beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'ysjs-web-'))
  await fs.mkdir(path.join(dist, 'assets'))
  await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><title>登录</title><div id="root"></div>')
  await fs.writeFile(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)')
  t = await createTestApp({ WEB_DIST_DIR: dist })
})
afterAll(async () => {
  await t.close()
  await fs.rm(dist, { recursive: true, force: true })
})

describe('the built web app', () => {
  it('serves index.html for the root and for client-side routes (SPA fallback)', async () => {
    for (const url of ['/', '/login', '/system/param?current=2', '/dict-horizontal/index']) {
      const res = await t.app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['content-type']).toContain('text/html')
      expect(res.headers['cache-control']).toBe('no-cache')
      expect(res.body).toContain('<div id="root">')
    }
  })

  it('serves hashed assets with a long cache, and keeps /api answers in the envelope', async () => {
    const js = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' })
    expect(js.body).toBe('console.log(1)')
    expect(js.headers['cache-control']).toContain('immutable')
    const api = await t.app.inject({ method: 'GET', url: '/api/nothing' })
    expect([api.statusCode, api.json().msg]).toEqual([404, '404 没找到请求'])
    const traversal = await t.app.inject({ method: 'GET', url: '/..%2f..%2fetc%2fpasswd' })
    expect(traversal.body).not.toContain('root:')
    for (const missing of ['/assets/index-old999.js', '/favicon-missing.ico']) {
      const res = await t.app.inject({ method: 'GET', url: missing })
      expect([res.statusCode, res.headers['content-type']], missing).toEqual([
        404,
        'text/plain; charset=utf-8',
      ])
    }
  })

  it('serves the current index.html after a rebuild, without a restart', async () => {
    await fs.writeFile(
      path.join(dist, 'index.html'),
      '<!doctype html><div id="root"></div><script src="/assets/index-new.js"></script>',
    )
    const res = await t.app.inject({ method: 'GET', url: '/wel/index' })
    expect(res.body).toContain('index-new.js')
  })

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' })
    expect(res.headers['content-security-policy']).toContain("default-src 'self'")
    expect(res.headers['x-content-type-options']).toBe('nosniff')
  })
})

describe('OpenAPI', () => {
  it('documents the routes from the same zod schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' })
    expect(res.statusCode).toBe(200)
    const doc = res.json()
    expect(doc.openapi).toMatch(/^3\./)
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/ysjs-auth/oauth/token',
        '/api/ysjs-system/menu/routes',
        '/api/ysjs-system/param/submit',
      ]),
    )
    const submit = doc.paths['/api/ysjs-system/param/submit'].post
    const schema = submit.requestBody.content['application/json'].schema
    expect(schema.required).toEqual(expect.arrayContaining(['paramName', 'paramKey', 'paramValue']))
  })
})

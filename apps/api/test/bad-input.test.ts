import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { md5Hex } from '@ysjs/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auth, BASIC, createTestApp, login, TENANT, type TTestApp } from './helpers/app.ts'

// Each case here was found by trying the running product from outside (issue 6): it answered 500,
// or silently did something other than what was asked. All must be clear 4xx envelopes now.

let t: TTestApp
let admin: string
let dist: string
beforeAll(async () => {
  // The built web app is served in production: its SPA fallback (GET /*) must not turn unknown API
  // paths into 405s.
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'ysjs-web-'))
  await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>')
  t = await createTestApp({ WEB_DIST_DIR: dist, BODY_LIMIT_BYTES: '4096' })
  admin = (await login(t.app, 'admin')).access_token
})
afterAll(async () => {
  await t.close()
  await fs.rm(dist, { recursive: true, force: true })
})

const get = (url: string, token = admin) => t.app.inject({ method: 'GET', url, headers: auth(token) })
const post = (url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: auth(admin), ...(payload ? { payload } : {}) })
const envelope = (code: number, msg: string) => ({ code, success: false, data: null, msg })
const NUL = '%00'

describe('NUL characters are refused at validation', () => {
  it('in query filters, bodies, tenant/info and the token endpoint', async () => {
    const answers = [
      await get(`/api/ysjs-system/param/list?paramName=a${NUL}b`),
      await get(`/api/ysjs-system/param/list?paramKey_notlike=${NUL}`),
      await post('/api/ysjs-system/param/submit', { paramName: 'a\u0000', paramKey: 'k', paramValue: 'v' }),
      await post('/api/ysjs-system/param/submit', {
        paramName: 'a',
        paramKey: 'k',
        paramValue: 'v',
        x: ['\u0000'],
      }),
      await t.app.inject({ method: 'GET', url: `/api/ysjs-system/tenant/info?domain=http://a${NUL}` }),
      await t.app.inject({
        method: 'POST',
        url: `/api/ysjs-auth/oauth/token?grant_type=password&username=ad${NUL}min&password=${md5Hex('admin')}`,
        headers: { authorization: BASIC, 'tenant-id': TENANT },
      }),
      await t.app.inject({
        method: 'POST',
        url: '/api/ysjs-auth/oauth/token',
        headers: {
          authorization: BASIC,
          'tenant-id': TENANT,
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: `grant_type=password&username=admin&password=${NUL}`,
      }),
    ]
    for (const res of answers) {
      expect([res.statusCode, res.json()], res.body).toEqual([400, envelope(400, '请求参数包含非法字符')])
      expect(res.headers['content-type']).toContain('application/json')
    }
    expect(await t.app.prisma.param.count({ where: { paramKey: 'k' } })).toBe(0)
  })
})

describe('lone UTF-16 surrogates are refused at validation like NUL (issue 22)', () => {
  it('in bodies and keys of any module, with the platform message, writing nothing', async () => {
    const catalog = await post('/api/ysjs-kms/catalog/submit', {
      catalogName: '代理对',
      parentId: '0',
      sort: 1,
    })
    expect(catalog.json().code).toBe(200)
    const answers = [
      // The probe's case: a knowledge-base title answered 500 (the search bigrams refused it).
      await post('/api/ysjs-kms/main/submit', { title: 'a\ud800b', content: 'x' }),
      await post('/api/ysjs-kms/main/submit', { title: 'x\udfffy', content: 'x' }),
      await post('/api/ysjs-system/param/submit', { paramName: '\ud83d', paramKey: 'k2', paramValue: 'v' }),
      await post('/api/ysjs-desk/notice/submit', {
        title: 't',
        category: 1,
        releaseTime: '2024-01-01 00:00:00',
        content: 'a\udc00',
      }),
      await post('/api/ysjs-system/param/submit', {
        paramName: 'a',
        paramKey: 'k2',
        paramValue: 'v',
        '\ud800': 1,
      }),
    ]
    for (const res of answers) {
      expect([res.statusCode, res.json()], res.body).toEqual([400, envelope(400, '请求参数包含非法字符')])
    }
    expect(await t.app.prisma.param.count({ where: { paramKey: 'k2' } })).toBe(0)
    // A well-formed pair (an emoji) is text like any other.
    const emoji = await post('/api/ysjs-system/param/submit', {
      paramName: '表情😀',
      paramKey: 'k3',
      paramValue: 'v',
    })
    expect(emoji.json().code, emoji.body).toBe(200)
  })
})

describe('map-style filters are whitelisted per field and per operator', () => {
  it('refuses _null/_notnull on a NOT NULL column, accepts them on a nullable one', async () => {
    for (const op of ['_null', '_notnull']) {
      const res = await get(`/api/ysjs-system/param/list?paramName${op}=1`)
      expect([res.statusCode, res.json()]).toEqual([400, envelope(400, `不支持的查询条件: paramName${op}`)])
    }
    const nullable = await get('/api/ysjs-desk/notice/list?releaseTime_notnull=&content_null=1')
    expect(nullable.statusCode).toBe(200)
  })

  it('refuses operators a kind cannot take, ignores fields that are not whitelisted', async () => {
    const gt = await get('/api/ysjs-system/param/list?paramName_gt=a')
    expect([gt.statusCode, gt.json().msg]).toEqual([400, '不支持的查询条件: paramName_gt'])
    const likeDate = await get('/api/ysjs-desk/notice/list?releaseTime_notlike=2024')
    expect(likeDate.statusCode).toBe(400)
    const unknown = await get('/api/ysjs-system/param/list?password_null=1&nope_gt=1&isDeleted=1')
    expect(unknown.statusCode).toBe(200)
  })

  it('refuses values the column cannot hold', async () => {
    for (const q of [
      'category=2147483648',
      'category=abc',
      'category_gt=-2147483649',
      'releaseTime_datege=2024-13-01',
    ]) {
      const res = await get(`/api/ysjs-desk/notice/list?${q}`)
      expect(res.statusCode, q).toBe(400)
      expect(res.json().msg, q).toMatch(/^查询条件格式错误: /)
    }
    const ok = await get(
      '/api/ysjs-desk/notice/list?category=2147483647&releaseTime_datege=2024-01-01 00:00:00',
    )
    expect(ok.statusCode).toBe(200)
  })

  it('matches LIKE wildcards literally', async () => {
    for (const [key, name] of [
      ['pct%key', 'percent'],
      ['under_key', 'underscore'],
      ['back\\key', 'backslash'],
    ]) {
      const saved = await post('/api/ysjs-system/param/submit', {
        paramName: name,
        paramKey: key!,
        paramValue: 'v',
      })
      expect(saved.statusCode).toBe(200)
    }
    const keys = async (q: string) =>
      (await get(`/api/ysjs-system/param/list?size=1000&paramKey=${encodeURIComponent(q)}`))
        .json()
        .data.records.map((r: { paramKey: string }) => r.paramKey)
    expect(await keys('%')).toEqual(['pct%key'])
    expect(await keys('_')).toEqual(['under_key'])
    expect(await keys('\\')).toEqual(['back\\key'])
    expect((await keys('key')).length).toBe(3)
  })
})

describe('ids and numbers are range-checked', () => {
  it('refuses ids beyond bigint in queries, lists and bodies', async () => {
    const over = '9223372036854775808'
    for (const res of [
      await get(`/api/ysjs-system/param/detail?id=${over}`),
      await post(`/api/ysjs-system/param/remove?ids=1,${over}`),
      await post('/api/ysjs-system/param/submit', {
        id: over,
        paramName: 'a',
        paramKey: 'k',
        paramValue: 'v',
      }),
      await post('/api/ysjs-system/param/submit', {
        id: 2 ** 64,
        paramName: 'a',
        paramKey: 'k',
        paramValue: 'v',
      }),
    ]) {
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json().code).toBe(400)
    }
    const max = await get('/api/ysjs-system/param/detail?id=9223372036854775807')
    expect([max.statusCode, max.json().msg]).toEqual([400, '数据不存在'])
  })

  it('refuses integers beyond int4 in bodies', async () => {
    const res = await post('/api/ysjs-desk/notice/submit', {
      title: 't',
      category: 2_147_483_648,
      releaseTime: '2024-01-01 00:00:00',
    })
    expect(res.statusCode).toBe(400)
    expect(await t.app.prisma.notice.count({ where: { title: 't' } })).toBe(0)
  })
})

describe('paging', () => {
  it('refuses a size outside 1–1000 or not a number instead of answering 10 rows', async () => {
    for (const q of ['size=9999', 'size=0', 'size=abc', 'size=1.5', 'current=0', 'current=-4', 'current=x']) {
      const res = await get(`/api/ysjs-system/param/list?${q}`)
      expect(res.statusCode, q).toBe(400)
      expect(res.json().msg, q).toMatch(/^分页参数 (size|current) 须为/)
    }
  })

  it('takes the defaults for absent or empty values and serves the largest page', async () => {
    const empty = await get('/api/ysjs-system/param/list?size=&current=')
    expect(empty.json().data).toMatchObject({ current: 1, size: 10 })
    const big = await get('/api/ysjs-system/param/list?size=1000&current=1000000')
    expect([big.statusCode, big.json().data.records]).toEqual([200, []])
  })
})

describe('unknown paths and error content types', () => {
  it('answers 404 for an unknown /api path whatever the method', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const) {
      const res = await t.app.inject({ method, url: '/api/ysjs-system/nothing-here', headers: auth(admin) })
      expect([res.statusCode, res.json()], method).toEqual([404, envelope(404, '404 没找到请求')])
    }
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/api/ysjs-system/param/submit',
      headers: auth(admin),
    })
    expect(wrong.statusCode).toBe(405)
  })

  it('labels every error answer application/json', async () => {
    const answers = [
      await get(`/api/ysjs-system/param/list?size=abc`), // 400
      await t.app.inject({ method: 'GET', url: '/api/ysjs-system/param/list' }), // 401
      await get('/api/ysjs-system/param/list', (await login(t.app, 'hr')).access_token), // 403
      await t.app.inject({ method: 'GET', url: '/api/nope' }), // 404
      await t.app.inject({ method: 'DELETE', url: '/api/ysjs-system/param/list' }), // 405
      await t.app.inject({
        method: 'POST',
        url: '/api/ysjs-system/param/submit',
        headers: { ...auth(admin), 'content-type': 'application/json' },
        payload: JSON.stringify({ paramName: 'x'.repeat(10_000) }),
      }), // 413
      await t.app.inject({
        method: 'POST',
        url: '/api/ysjs-system/param/submit',
        headers: { ...auth(admin), 'content-type': 'application/xml' },
        payload: '<a/>',
      }), // 415
    ]
    expect(answers.map((r) => r.statusCode)).toEqual([400, 401, 403, 404, 405, 413, 415])
    for (const res of answers) {
      expect(res.headers['content-type'], String(res.statusCode)).toMatch(/^application\/json/)
      expect(res.json()).toMatchObject({ success: false, data: null })
    }
  })
})

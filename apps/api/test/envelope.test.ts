import { type AddressInfo, connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auth, createTestApp, login, type TTestApp } from './helpers/app.ts'

let t: TTestApp
let admin: string
let hr: string
beforeAll(async () => {
  t = await createTestApp({ BODY_LIMIT_BYTES: '4096' })
  // A route that fails unexpectedly, to see the 500 path (registered before the app is ready).
  t.app.get('/api/test/boom', { config: { access: 'public' } }, async () => {
    throw new Error('kaboom: internal detail')
  })
  admin = (await login(t.app, 'admin')).access_token
  hr = (await login(t.app, 'hr')).access_token
})
afterAll(async () => {
  await t.close()
})

const envelope = (code: number, msg: string) => ({ code, success: false, data: null, msg })

describe('envelope and status codes', () => {
  it('wraps data with code 200, success true and 操作成功', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/ysjs-system/param/list',
      headers: auth(admin),
    })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ code: 200, success: true, msg: '操作成功' })
    expect(body.data).toMatchObject({ current: 1, size: 10, searchCount: true })
    expect(typeof body.data.records[0].id).toBe('string')
    expect(body.data.records[0].createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    expect(res.headers['x-request-id']).toBeTruthy()
  })

  it('answers 暂无承载数据 with null data when there is nothing to carry', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/ysjs-system/tenant/info?domain=http://nowhere.example',
    })
    expect(res.json()).toEqual({ code: 200, success: true, data: null, msg: '暂无承载数据' })
  })

  it('400 with the first validation message of the spec', async () => {
    const submit = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/ysjs-system/param/submit', headers: auth(admin), payload })
    const cases: [object, string][] = [
      [{}, '请输入参数名称'],
      [{ paramName: '  ' }, '请输入参数名称'],
      [{ paramName: 'a' }, '请输入参数键名'],
      [{ paramName: 'a', paramKey: 'k' }, '请输入参数键值'],
      [{ paramName: 123, paramKey: 'k', paramValue: 'v' }, '请输入参数名称'],
      [{ paramName: 'a', paramKey: 'k', paramValue: 'v', id: 'abc' }, '请求参数类型错误: id'],
    ]
    for (const [payload, msg] of cases) {
      const res = await submit(payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.json()).toEqual(envelope(400, msg))
    }
  })

  it('400 for missing and malformed query parameters, naming the parameter', async () => {
    const noIds = await t.app.inject({
      method: 'POST',
      url: '/api/ysjs-system/param/remove',
      headers: auth(admin),
    })
    expect(noIds.json()).toEqual(envelope(400, '缺少必要的请求参数: ids'))
    const badIds = await t.app.inject({
      method: 'POST',
      url: '/api/ysjs-system/param/remove?ids=1,x',
      headers: auth(admin),
    })
    expect(badIds.json()).toEqual(envelope(400, '请求参数类型错误: ids'))
    const noCode = await t.app.inject({
      method: 'GET',
      url: '/api/ysjs-system/dict-biz/dictionary',
      headers: auth(admin),
    })
    expect(noCode.json()).toEqual(envelope(400, '缺少必要的请求参数: code'))
    const badId = await t.app.inject({
      method: 'GET',
      url: '/api/ysjs-system/param/detail?id=1;drop',
      headers: auth(admin),
    })
    expect([badId.statusCode, badId.json().code]).toEqual([400, 400])
  })

  it('400 消息不能读取 for malformed JSON, 413 for an oversized body, 415 for an unknown media type', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/ysjs-system/param/submit',
      headers: { ...auth(admin), 'content-type': 'application/json' },
      payload: '{"paramName": ',
    })
    expect([bad.statusCode, bad.json()]).toEqual([400, envelope(400, '消息不能读取')])
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/ysjs-system/param/submit',
      headers: { ...auth(admin), 'content-type': 'application/json' },
      payload: JSON.stringify({ paramName: 'x'.repeat(10_000) }),
    })
    expect([big.statusCode, big.json()]).toEqual([413, envelope(413, '请求内容过大')])
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/ysjs-system/param/submit',
      headers: { ...auth(admin), 'content-type': 'application/xml' },
      payload: '<a/>',
    })
    expect([xml.statusCode, xml.json()]).toEqual([415, envelope(415, '不支持当前媒体类型')])
  })

  it('401 without a token, 403 without the permission (not 401)', async () => {
    const anon = await t.app.inject({ method: 'GET', url: '/api/ysjs-system/param/list' })
    expect([anon.statusCode, anon.json()]).toEqual([401, envelope(401, '缺失令牌,鉴权失败')])
    const denied = await t.app.inject({
      method: 'GET',
      url: '/api/ysjs-system/param/list',
      headers: auth(hr),
    })
    expect([denied.statusCode, denied.json()]).toEqual([403, envelope(403, '请求被拒绝')])
    const write = await t.app.inject({
      method: 'POST',
      url: '/api/ysjs-system/param/submit',
      headers: auth(hr),
      payload: { paramName: 'a', paramKey: 'b', paramValue: 'c' },
    })
    expect(write.statusCode).toBe(403)
    expect(await t.app.prisma.param.count({ where: { paramKey: 'b' } })).toBe(0)
  })

  it('404 for unknown routes, 405 for a wrong method', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/ysjs-system/nothing-here' })
    expect([missing.statusCode, missing.json()]).toEqual([404, envelope(404, '404 没找到请求')])
    const wrong = await t.app.inject({
      method: 'DELETE',
      url: '/api/ysjs-system/param/list',
      headers: auth(admin),
    })
    expect([wrong.statusCode, wrong.json()]).toEqual([405, envelope(405, '不支持当前请求方法')])
  })

  it('500 服务器异常 without details, recorded in the error log', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom' })
    expect([res.statusCode, res.json()]).toEqual([500, envelope(500, '服务器异常')])
    expect(res.body).not.toContain('kaboom')
    await t.app.logs.flush()
    const row = await t.app.prisma.logError.findFirst({ where: { requestUri: '/api/test/boom' } })
    expect(row?.message).toBe('kaboom: internal detail')
    expect(row?.stackTrace).toContain('kaboom')
  })

  it('writes API-access log rows off the request path, without secrets', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/ysjs-system/param/remove?ids=1',
      headers: auth(admin),
    })
    await t.app.logs.flush()
    const row = await t.app.prisma.logApi.findFirst({
      where: { requestUri: '/api/ysjs-system/param/remove' },
    })
    expect(row).toMatchObject({ method: 'POST', createBy: 'admin', tenantId: '000000' })
    expect(Number(row?.time)).toBeGreaterThanOrEqual(0)
  })
})

describe('hostile input', () => {
  it('treats SQL and HTML in filters and fields as plain text', async () => {
    const sql = "'; DROP TABLE blade_param; --"
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/ysjs-system/param/list?paramName=${encodeURIComponent(sql)}&descs=${encodeURIComponent('id; drop table x')}&unknownField=1&paramKey_notacolumn=2`,
      headers: auth(admin),
    })
    expect(list.statusCode).toBe(200)
    expect(list.json().data.total).toBe(0)
    const html = '<script>alert(1)</script>'
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/ysjs-system/param/submit',
      headers: auth(admin),
      payload: { paramName: html, paramKey: sql, paramValue: html },
    })
    expect(saved.statusCode).toBe(200)
    const found = await t.app.inject({
      method: 'GET',
      url: `/api/ysjs-system/param/list?paramKey=${encodeURIComponent(sql)}`,
      headers: auth(admin),
    })
    expect(found.json().data.records[0]).toMatchObject({ paramName: html, paramKey: sql })
    expect(await t.app.prisma.param.count()).toBeGreaterThan(0)
  })

  it('refuses nonsense paging values instead of answering another page', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/ysjs-system/param/list?current=-4&size=abc',
      headers: auth(admin),
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().msg).toMatch(/^分页参数 current 须为/)
  })

  it('refuses an unknown tenant at login without creating anything', async () => {
    const before = await t.app.prisma.tenant.count()
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ysjs-auth/oauth/token?grant_type=password&username=admin&password=21232f297a57a5a743894a0e4a801fc3',
      headers: {
        authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
        'tenant-id': "' OR 1=1 --",
      },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().error_description).toBe('未获得用户的租户信息')
    expect(await t.app.prisma.tenant.count()).toBe(before)
  })
})

describe('route access', () => {
  it('refuses to register a route that declares no access', async () => {
    const { buildApp } = await import('../src/app.ts')
    const app = await buildApp({ prisma: t.app.prisma, redis: t.redis, env: { LOG_LEVEL: 'silent' } })
    expect(() => app.get('/api/undeclared', async () => ({}))).toThrow(/declares no access/)
    await app.close()
  })

  it('every registered route declares one of the access kinds', () => {
    const valid = (a: unknown) =>
      a === 'public' ||
      a === 'authenticated' ||
      (typeof a === 'object' && a !== null && ('permission' in a || 'role' in a))
    expect(t.app.routeAccess.length).toBeGreaterThan(30)
    for (const route of t.app.routeAccess) {
      expect(valid(route.access), `${route.method} ${route.url}`).toBe(true)
    }
    const byUrl = new Map(t.app.routeAccess.map((r) => [`${r.method} ${r.url}`, r.access]))
    expect(byUrl.get('POST /api/ysjs-auth/oauth/token')).toBe('public')
    expect(byUrl.get('GET /api/ysjs-system/menu/routes')).toBe('authenticated')
    expect(byUrl.get('POST /api/ysjs-system/param/remove')).toEqual({ permission: 'param_delete' })
  })
})

describe('requests refused by the HTTP parser', () => {
  /** Sends raw bytes to the listening app and returns what comes back. */
  const raw = (port: number, request: Buffer) =>
    new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.end(request))
      const chunks: Buffer[] = []
      socket.on('data', (c) => chunks.push(c))
      socket.on('error', reject)
      socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')))
    })

  it('answers raw non-ASCII in the URL and a broken header line with the envelope', async () => {
    const bad = [
      Buffer.concat([
        Buffer.from('GET /api/ysjs-kms/main/list?keyword='),
        Buffer.from('铜冶炼', 'utf8'),
        Buffer.from(' HTTP/1.1\r\nHost: x\r\n\r\n'),
      ]),
      Buffer.from('GET /api/ysjs-system/param/list HTTP/1.1\r\nHost: x\r\nBroken header\r\n\r\n'),
    ]
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = t.app.server.address() as AddressInfo
    for (const request of bad) {
      const answer = await raw(port, request)
      const [head, body] = answer.split('\r\n\r\n')
      expect(head).toMatch(/^HTTP\/1\.1 400 Bad Request/)
      expect(JSON.parse(body!)).toEqual(envelope(400, '请求参数类型错误'))
    }
  })
})

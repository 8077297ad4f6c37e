import { nextId } from '@ysjs/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auth, createTestApp, login, type TTestApp } from './helpers/app.ts'
import { createTenant, createUser, tokenOf, unique } from './helpers/system.ts'

let t: TTestApp
let admin: string
beforeAll(async () => {
  t = await createTestApp({ API_LOG_ENABLED: 'true' })
  admin = (await login(t.app, 'admin')).access_token
})
afterAll(async () => {
  await t.close()
})

const get = async (url: string, token = admin) =>
  (await t.app.inject({ method: 'GET', url, headers: auth(token) })).json()

const at = (s: string) => new Date(`${s}+08:00`)

describe('api, error and usual logs', () => {
  beforeAll(async () => {
    await t.app.prisma.logApi.createMany({
      data: [
        {
          id: nextId(),
          title: 'a',
          method: 'POST',
          requestUri: '/api/x/submit',
          status: 200,
          createBy: 'alice',
          createTime: at('2026-03-01T10:00:00'),
        },
        {
          id: nextId(),
          title: 'b',
          method: 'GET',
          requestUri: '/api/x/list',
          status: 200,
          createBy: 'bob',
          createTime: at('2026-03-02T10:00:00'),
        },
        {
          id: nextId(),
          title: 'c',
          method: 'POST',
          requestUri: '/api/y/remove',
          status: 400,
          createBy: 'alice',
          createTime: at('2026-03-03T10:00:00'),
        },
        {
          id: nextId(),
          tenantId: '999999',
          title: 'other',
          method: 'POST',
          requestUri: '/api/x/submit',
          createTime: at('2026-03-02T12:00:00'),
        },
      ],
    })
    await t.app.prisma.logError.create({
      data: {
        id: nextId(),
        method: 'POST',
        requestUri: '/api/z/boom',
        exceptionName: 'TypeError',
        message: 'boom',
        stackTrace: 'TypeError: boom\n    at handler (z.service.ts:12:5)',
        createBy: 'carol',
        createTime: at('2026-03-04T09:00:00'),
      },
    })
    await t.app.prisma.logUsual.create({
      data: {
        id: nextId(),
        logLevel: 'WARN',
        logId: 'login.locked',
        logData: '{}',
        createTime: at('2026-03-05T09:00:00'),
      },
    })
  })

  it('lists newest first with filters on time range, uri, method, user and status', async () => {
    const all = (await get('/api/ysjs-log/api/list?requestUri=/api/&createTime_datele=2026-03-31')).data
    expect(all.records.map((r: { title: string }) => r.title)).toEqual(['c', 'b', 'a'])
    expect(all.records[0]).toMatchObject({ createTime: '2026-03-03 10:00:00', status: 400 })

    const titles = async (q: string) =>
      (await get(`/api/ysjs-log/api/list?${q}`)).data.records.map((r: { title: string }) => r.title)
    expect(
      await titles('createTime_datege=2026-03-02 00:00:00&createTime_datele=2026-03-02 23:59:59'),
    ).toEqual(['b'])
    expect(await titles('createTime=2026-03-03')).toEqual(['c'])
    expect(await titles('requestUri=/api/x/&createTime_datele=2026-03-31')).toEqual(['b', 'a'])
    expect(await titles('method_equal=POST&createTime_datele=2026-03-31')).toEqual(['c', 'a'])
    expect(await titles('createBy=alice')).toEqual(['c', 'a'])
    expect(await titles('status_equal=400')).toEqual(['c'])
    expect(await titles('status_ge=400&createBy=bob')).toEqual([])
    // Unknown keys are ignored; bad values are a 400 with the message.
    expect(await titles('nope=1&createBy=bob')).toEqual(['b'])
    expect(await get('/api/ysjs-log/api/list?createTime_datege=yesterday')).toMatchObject({ code: 400 })
    expect(await get('/api/ysjs-log/api/list?status=abc')).toMatchObject({ code: 400 })
  })

  it('shows the error log with its stack trace in the detail only', async () => {
    const list = (await get('/api/ysjs-log/error/list?requestUri=/api/z/boom')).data
    expect(list.total).toBe(1)
    expect(list.records[0]).toMatchObject({ exceptionName: 'TypeError', message: 'boom', createBy: 'carol' })
    expect(list.records[0].stackTrace).toBeUndefined()
    const detail = (await get(`/api/ysjs-log/error/detail?id=${list.records[0].id}`)).data
    expect(detail.stackTrace).toContain('at handler (z.service.ts:12:5)')
    expect(await get('/api/ysjs-log/error/detail?id=1')).toMatchObject({ code: 400, msg: '数据不存在' })
    expect(await get('/api/ysjs-log/error/detail?id=abc')).toMatchObject({ code: 400 })

    const usual = (await get('/api/ysjs-log/usual/list?logLevel_equal=WARN')).data
    expect(usual.records[0]).toMatchObject({ logId: 'login.locked' })
    expect((await get(`/api/ysjs-log/usual/detail?id=${usual.records[0].id}`)).data.logData).toBe('{}')
  })

  it('shows the rows the platform writes: API calls and server errors', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/ysjs-system/param/submit',
      headers: auth(admin),
      payload: { paramName: '日志', paramKey: unique('log.k'), paramValue: '1' },
    })
    await t.app.inject({
      method: 'POST',
      url: '/api/ysjs-log/error/send-logs',
      headers: auth(admin),
      payload: [
        { type: 'error', message: 'web failed', stack: 'Error: web failed\n at App.tsx:1', url: '/x' },
      ],
    })
    await t.app.logs.flush()
    const api = (await get('/api/ysjs-log/api/list?requestUri=/api/ysjs-system/param/submit')).data
    expect(api.records[0]).toMatchObject({ method: 'POST', createBy: 'admin', status: 200 })
    const errors = (await get('/api/ysjs-log/error/list?message=web failed')).data
    expect(errors.total).toBe(1)
    const detail = (await get(`/api/ysjs-log/error/detail?id=${errors.records[0].id}`)).data
    expect(detail.stackTrace).toContain('App.tsx:1')
  })

  it('keeps tenants apart and needs the log menus', async () => {
    const tenantId = unique('l').slice(0, 6)
    const other = await createTenant(t.app.prisma, { tenantId, codes: ['log_api'] })
    const user = await createUser(t.app.prisma, { tenantId, roleId: other.roleId, deptId: other.deptId })
    const token = await tokenOf(t.app, tenantId, user.account)
    expect((await get('/api/ysjs-log/api/list?title=a', token)).data.total).toBe(0)
    const ours = await t.app.prisma.logApi.findFirst({ where: { title: 'a' } })
    expect(await get(`/api/ysjs-log/api/detail?id=${ours!.id}`, token)).toMatchObject({ code: 400 })
    expect(await get('/api/ysjs-log/error/list', token)).toMatchObject({ code: 403 })
    expect(await get('/api/ysjs-log/usual/list', token)).toMatchObject({ code: 403 })
  })
})

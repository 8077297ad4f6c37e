import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auth, createTestApp, login, type TTestApp } from './helpers/app.ts'

let t: TTestApp
let admin: string
beforeAll(async () => {
  t = await createTestApp()
  admin = (await login(t.app, 'admin')).access_token
})
afterAll(async () => {
  await t.close()
})

const call = async (method: 'GET' | 'POST', url: string, payload?: object) =>
  (await t.app.inject({ method, url, headers: auth(admin), ...(payload ? { payload } : {}) })).json()

describe('param (the generic CRUD mechanism)', () => {
  it('creates, lists with filters and paging, edits and removes', async () => {
    for (let i = 1; i <= 12; i++) {
      const res = await call('POST', '/api/ysjs-system/param/submit', {
        paramName: `测试参数${i}`,
        paramKey: `test.key${i}`,
        paramValue: `v${i}`,
      })
      expect(res).toMatchObject({ code: 200, success: true })
    }
    const page1 = (await call('GET', '/api/ysjs-system/param/list?paramKey=test.key&size=10')).data
    expect(page1).toMatchObject({ total: 12, size: 10, current: 1, pages: 2 })
    expect(page1.records).toHaveLength(10)
    const page2 = (await call('GET', '/api/ysjs-system/param/list?paramKey=test.key&size=10&current=2')).data
    expect(page2.records).toHaveLength(2)
    const asc = (await call('GET', '/api/ysjs-system/param/list?paramKey=test.key&size=30&ascs=param_key'))
      .data
    expect(asc.records[0].paramKey).toBe('test.key1')
    expect(asc.orders).toEqual([{ column: 'paramKey', asc: true }])

    const one = asc.records[0]
    expect(one.createUser).toBe('1123598821738675201')
    expect(
      await call('POST', '/api/ysjs-system/param/submit', { ...one, paramValue: '新的值' }),
    ).toMatchObject({ code: 200 })
    const detail = (await call('GET', `/api/ysjs-system/param/detail?id=${one.id}`)).data
    expect(detail).toMatchObject({ paramValue: '新的值', updateUser: '1123598821738675201' })

    const ids = asc.records
      .slice(0, 3)
      .map((r: { id: string }) => r.id)
      .join(',')
    expect(await call('POST', `/api/ysjs-system/param/remove?ids=${ids}`)).toMatchObject({ code: 200 })
    expect((await call('GET', '/api/ysjs-system/param/list?paramKey=test.key&size=30')).data.total).toBe(9)
    expect(await call('GET', `/api/ysjs-system/param/detail?id=${one.id}`)).toMatchObject({
      code: 400,
      msg: '数据不存在',
    })
  })

  it('refuses a duplicate key among live rows', async () => {
    const body = { paramName: '唯一', paramKey: 'unique.key', paramValue: '1' }
    expect(await call('POST', '/api/ysjs-system/param/submit', body)).toMatchObject({ code: 200 })
    expect(await call('POST', '/api/ysjs-system/param/submit', body)).toMatchObject({
      code: 400,
      msg: '当前参数键名已存在!',
    })
  })

  it('refuses to update a row that does not exist', async () => {
    const res = await call('POST', '/api/ysjs-system/param/submit', {
      id: '123',
      paramName: 'x',
      paramKey: 'x',
      paramValue: 'x',
    })
    expect(res).toMatchObject({ code: 400, msg: '数据不存在' })
  })
})

describe('tenant/info', () => {
  it('resolves a tenant bound to the domain, publicly', async () => {
    await t.app.prisma.tenant.update({
      where: { tenantId: '000000' },
      data: { domain: 'http://portal.example.cn' },
    })
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/ysjs-system/tenant/info?domain=http://portal.example.cn/',
    })
    expect(res.json().data).toEqual({
      tenantId: '000000',
      domain: 'http://portal.example.cn',
      backgroundUrl: null,
    })
  })
})

describe('config/web', () => {
  it('tells the web app how to log in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ysjs-system/config/web' })
    expect(res.json().data).toMatchObject({
      clientId: 'saber',
      captchaEnabled: false,
      defaultTenantId: '000000',
      tenantMode: false,
    })
  })
})

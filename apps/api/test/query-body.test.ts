import { Prisma } from '@ysjs/db'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { installErrorHandler } from '../src/plugins/error-handler.ts'
import type { TLogWriter } from '../src/plugins/log-writer.ts'
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

const post = async (url: string, payload?: object) =>
  (await t.app.inject({ method: 'POST', url, headers: auth(admin), ...(payload ? { payload } : {}) })).json()

describe('POST parameters in the query string (the platform front end sends @RequestParam ones so)', () => {
  it('a submit whose fields all come as query parameters is the same as the JSON body', async () => {
    const q = new URLSearchParams({ paramName: '查询参数', paramKey: 'query.body.key', paramValue: 'v1' })
    expect(await post(`/api/ysjs-system/param/submit?${q}`)).toMatchObject({ code: 200, success: true })
    const list = (
      await t.app.inject({
        method: 'GET',
        url: '/api/ysjs-system/param/list?paramKey=query.body.key',
        headers: auth(admin),
      })
    ).json()
    expect(list.data.records).toHaveLength(1)
    expect(list.data.records[0]).toMatchObject({ paramName: '查询参数', paramValue: 'v1' })
  })

  it('the body wins over a query parameter of the same name; the query fills what the body lacks', async () => {
    const q = new URLSearchParams({ paramKey: 'query.mixed.key', paramValue: 'from-query' })
    expect(
      await post(`/api/ysjs-system/param/submit?${q}`, { paramName: '混合', paramValue: 'from-body' }),
    ).toMatchObject({ code: 200 })
    const list = (
      await t.app.inject({
        method: 'GET',
        url: '/api/ysjs-system/param/list?paramKey=query.mixed.key',
        headers: auth(admin),
      })
    ).json()
    expect(list.data.records[0]).toMatchObject({ paramName: '混合', paramValue: 'from-body' })
  })

  it('a missing field is still refused with its message, wherever the others came from', async () => {
    const q = new URLSearchParams({ paramKey: 'query.missing.key', paramValue: 'v' })
    expect(await post(`/api/ysjs-system/param/submit?${q}`)).toMatchObject({
      code: 400,
      msg: '请输入参数名称',
    })
  })
})

describe('database refusals of request values answer 400, not 500', () => {
  const errors: Error[] = []
  const logs = { error: (_req: unknown, err: Error) => errors.push(err) } as unknown as TLogWriter
  const app = Fastify()
  installErrorHandler(app, logs)
  const adapterError = (code: string) =>
    new Prisma.PrismaClientKnownRequestError('x', {
      code: 'P2010',
      clientVersion: '7.10.0',
      meta: {
        driverAdapterError: { name: 'DriverAdapterError', cause: { kind: 'postgres', originalCode: code } },
      },
    })
  const thrown: Record<string, () => Error> = {
    outOfRange: () =>
      new Prisma.PrismaClientKnownRequestError('x', { code: 'P2020', clientVersion: '7.10.0' }),
    badDate: () => adapterError('22008'),
    badText: () => adapterError('22P02'),
    invalidDate: () =>
      new Prisma.PrismaClientValidationError('Provided Date object is invalid', { clientVersion: '7.10.0' }),
    otherSqlState: () => adapterError('42P01'),
  }
  for (const [name, make] of Object.entries(thrown)) {
    app.get(`/${name}`, async () => {
      throw make()
    })
  }
  afterAll(() => app.close())

  it('value out of range, impossible date, bad text representation, invalid Date: 400 请求参数类型错误', async () => {
    for (const name of ['outOfRange', 'badDate', 'badText', 'invalidDate']) {
      const res = await app.inject({ method: 'GET', url: `/${name}` })
      expect(res.statusCode, name).toBe(400)
      expect(res.json(), name).toMatchObject({ code: 400, success: false, msg: '请求参数类型错误' })
    }
    // The one Prisma refused before sending is still logged: a schema should have refused it first.
    expect(errors.some((e) => e instanceof Prisma.PrismaClientValidationError)).toBe(true)
  })

  it('any other database error stays a 500 服务器异常', async () => {
    const res = await app.inject({ method: 'GET', url: '/otherSqlState' })
    expect(res.statusCode).toBe(500)
    expect(res.json()).toMatchObject({ code: 500, msg: '服务器异常' })
  })
})

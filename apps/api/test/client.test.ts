import { md5Hex } from '@ysjs/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auth, createTestApp, login, type TTestApp, tokenRequest } from './helpers/app.ts'

let t: TTestApp
let admin: string
beforeAll(async () => {
  t = await createTestApp()
  admin = (await login(t.app, 'admin')).access_token
})
afterAll(async () => {
  await t.close()
})

const C = '/api/ysjs-system/client'
const call = async (method: 'GET' | 'POST', url: string, payload?: object, token = admin) => {
  const res = await t.app.inject({ method, url, headers: auth(token), ...(payload ? { payload } : {}) })
  return { status: res.statusCode, ...res.json() }
}
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`
const signIn = (authorization: string) =>
  tokenRequest(
    t.app,
    { grant_type: 'password', username: 'admin', password: md5Hex('admin'), tenantId: '000000' },
    { authorization },
  )
const form = {
  clientId: 'mobile',
  clientSecret: 'mobile_secret_1',
  scope: 'all',
  authorizedGrantTypes: 'password,refresh_token',
  accessTokenValidity: 1800,
  refreshTokenValidity: 86400,
  webServerRedirectUri: 'http://localhost:9000',
}

describe('client', () => {
  it('stores the seeded saber secret hashed and still signs in with it', async () => {
    const saber = await t.app.prisma.client.findUniqueOrThrow({ where: { clientId: 'saber' } })
    expect(saber.clientSecret).not.toContain('saber_secret')
    expect(saber.clientSecret).toMatch(/^sha256\$/)
    expect((await signIn(basic('saber', 'saber_secret'))).statusCode).toBe(200)
    expect((await signIn(basic('saber', 'saber_secreT'))).statusCode).toBe(401)
  })

  it('hashes a secret stored in plain text on its first successful use', async () => {
    await t.app.prisma.client.update({ where: { clientId: 'sword' }, data: { clientSecret: 'sword_secret' } })
    expect((await signIn(basic('sword', 'wrong'))).statusCode).toBe(401)
    expect((await t.app.prisma.client.findUniqueOrThrow({ where: { clientId: 'sword' } })).clientSecret).toBe(
      'sword_secret',
    )
    expect((await signIn(basic('sword', 'sword_secret'))).statusCode).toBe(200)
    const stored = (await t.app.prisma.client.findUniqueOrThrow({ where: { clientId: 'sword' } }))
      .clientSecret
    expect(stored).toMatch(/^sha256\$/)
    expect((await signIn(basic('sword', 'sword_secret'))).statusCode).toBe(200)
  })

  it('creates a client whose secret works but is never answered, edits and removes it', async () => {
    expect(await call('POST', `${C}/submit`, form)).toMatchObject({ code: 200 })
    const page = (await call('GET', `${C}/list?clientId=mobile`)).data
    expect(page.total).toBe(1)
    const row = page.records[0]
    expect(row).toMatchObject({
      clientId: 'mobile',
      authorizedGrantTypes: 'password,refresh_token',
      accessTokenValidity: 1800,
    })
    expect(JSON.stringify(page)).not.toContain('secret_1')
    expect(row.clientSecret).toBeUndefined()
    expect((await call('GET', `${C}/detail?id=${row.id}`)).data.clientSecret).toBeUndefined()
    expect((await signIn(basic('mobile', 'mobile_secret_1'))).json().expires_in).toBeLessThanOrEqual(1800)

    // Editing without a secret keeps it; with one, replaces it.
    const { clientSecret: _kept, ...withoutSecret } = form
    expect(
      await call('POST', `${C}/submit`, { ...withoutSecret, id: row.id, accessTokenValidity: 600 }),
    ).toMatchObject({
      code: 200,
    })
    expect((await signIn(basic('mobile', 'mobile_secret_1'))).statusCode).toBe(200)
    expect(
      await call('POST', `${C}/submit`, { ...form, id: row.id, clientSecret: 'rotated_2' }),
    ).toMatchObject({
      code: 200,
    })
    expect((await signIn(basic('mobile', 'mobile_secret_1'))).statusCode).toBe(401)
    expect((await signIn(basic('mobile', 'rotated_2'))).statusCode).toBe(200)

    // The password grant only: the captcha grant is refused.
    const captcha = await tokenRequest(
      t.app,
      { grant_type: 'captcha' },
      { authorization: basic('mobile', 'rotated_2') },
    )
    expect(captcha.json()).toMatchObject({ error: 'unauthorized_client' })

    expect(await call('POST', `${C}/remove?ids=${row.id}`)).toMatchObject({ code: 200 })
    expect((await signIn(basic('mobile', 'rotated_2'))).statusCode).toBe(401)
    // A removed client id can be given again.
    expect(await call('POST', `${C}/submit`, form)).toMatchObject({ code: 200 })
    expect((await signIn(basic('mobile', 'mobile_secret_1'))).statusCode).toBe(200)
  })

  it('keeps client ids unique and answers the form messages', async () => {
    expect(await call('POST', `${C}/submit`, { ...form, clientId: 'saber' })).toMatchObject({
      status: 400,
      msg: '当前客户端id已存在!',
    })
    const { clientSecret: _s, ...noSecret } = form
    expect(await call('POST', `${C}/submit`, { ...noSecret, clientId: 'nosecret' })).toMatchObject({
      status: 400,
      msg: '请输入客户端密钥',
    })
    for (const [patch, msg] of [
      [{ clientId: '' }, '请输入客户端id'],
      [{ clientId: 'a b' }, '客户端id只能包含字母、数字、下划线和中划线'],
      [{ clientSecret: '123' }, '客户端密钥长度为6到64个字符'],
      [{ scope: '' }, '请输入授权范围'],
      [{ authorizedGrantTypes: '' }, '请输入授权类型'],
      [{ authorizedGrantTypes: 'password,implicit' }, '授权类型不正确'],
      [{ accessTokenValidity: '' }, '请输入令牌秒数'],
      [{ refreshTokenValidity: 'x' }, '请输入刷新令牌秒数'],
    ] as [Record<string, unknown>, string][]) {
      expect(await call('POST', `${C}/submit`, { ...form, clientId: 'other', ...patch }), msg).toMatchObject({
        status: 400,
        msg,
      })
    }
  })

  it('never removes or renames the web client', async () => {
    const saber = await t.app.prisma.client.findUniqueOrThrow({ where: { clientId: 'saber' } })
    expect(await call('POST', `${C}/remove?ids=${saber.id}`)).toMatchObject({
      status: 400,
      msg: '不可删除平台正在使用的客户端!',
    })
    expect(
      await call('POST', `${C}/submit`, { ...form, id: String(saber.id), clientId: 'saber2' }),
    ).toMatchObject({
      status: 400,
      msg: '不可删除平台正在使用的客户端!',
    })
  })

  it('is for the administrator only', async () => {
    const hr = (await login(t.app, 'hr')).access_token
    // Even granted the menu and its buttons, a non-administrator is refused.
    const role = await t.app.prisma.role.findFirstOrThrow({ where: { roleAlias: 'hr' } })
    const menus = await t.app.prisma.menu.findMany({ where: { code: { startsWith: 'client' } } })
    await t.app.prisma.roleMenu.createMany({
      data: menus.map((m, i) => ({ id: 7_000_000_000n + BigInt(i), roleId: role.id, menuId: m.id })),
    })
    t.app.permissions.clear()
    for (const [method, url, body] of [
      ['GET', `${C}/list`],
      ['GET', `${C}/detail?id=1`],
      ['POST', `${C}/submit`, form],
      ['POST', `${C}/remove?ids=1`],
    ] as const) {
      expect((await call(method, url, body ?? {}, hr)).status, url).toBe(403)
    }
    const user = (await login(t.app, 'boss')).access_token
    expect((await call('GET', `${C}/list`, undefined, user)).status).toBe(403)
  })
})

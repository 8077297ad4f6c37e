import { DEFAULT_ISSUER, IssuerMsg } from '@ysjs/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auth, createTestApp, login, type TTestApp } from './helpers/app.ts'
import { createTenant, createUser, tokenOf, unique } from './helpers/system.ts'

const P = '/api/ysjs-system/issuer'
let t: TTestApp
let admin: string
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_AUTH_PER_MINUTE: '100000' })
  admin = (await login(t.app, 'admin')).access_token
})
afterAll(async () => {
  await t.close()
})

const get = (token: string) => t.app.inject({ method: 'GET', url: `${P}/detail`, headers: auth(token) })
const submit = (token: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `${P}/submit`, headers: auth(token), payload })

describe('the issuing centre (decision 027)', () => {
  it('is seeded for tenant 000000 with the centre, never the tenant name 管理组', async () => {
    const res = await get(admin)
    expect(res.json()).toMatchObject({
      code: 200,
      data: { ...DEFAULT_ISSUER, tenantId: '000000', configured: true },
    })
    expect(JSON.stringify(res.json().data)).not.toContain('管理组')
  })

  it('refuses bad input with the field message and changes nothing', async () => {
    const before = await t.app.prisma.issuer.findFirstOrThrow({ where: { tenantId: '000000' } })
    for (const [body, msg] of [
      [{ fullName: '' }, IssuerMsg.FULL_NAME],
      [{ fullName: '中心', postcode: '1000' }, IssuerMsg.POSTCODE],
      [{ fullName: '中心', phone: '12' }, IssuerMsg.PHONE],
      [{ fullName: '中心', fax: 'x' }, IssuerMsg.FAX],
      [{ fullName: '中心', email: 'a@' }, IssuerMsg.EMAIL],
      [{ fullName: '中心', bankAccount: '62-22' }, IssuerMsg.ACCOUNT],
      [{ fullName: 'x'.repeat(101) }, '长度不能超过100个字符'],
    ] as const) {
      const res = await submit(admin, body)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ code: 400, success: false, msg: msg })
    }
    expect(await t.app.prisma.issuer.findFirstOrThrow({ where: { tenantId: '000000' } })).toEqual(before)
  })

  it("is each tenant's own: another tenant starts from its name and saves its own row", async () => {
    const tenantId = unique('T').slice(0, 6)
    const tenant = await createTenant(t.app.prisma, { tenantId, codes: ['issuer', 'issuer_edit'] })
    const user = await createUser(t.app.prisma, { tenantId, roleId: tenant.roleId, deptId: tenant.deptId })
    const token = await tokenOf(t.app, tenantId, user.account)

    expect((await get(token)).json().data).toMatchObject({
      id: null,
      fullName: `租户${tenantId}`,
      configured: false,
    })
    const saved = await submit(token, { fullName: '某省科技成果评价中心', postcode: '410083', fax: '' })
    expect(saved.json()).toMatchObject({
      code: 200,
      data: { fullName: '某省科技成果评价中心', postcode: '410083', fax: null, configured: true, tenantId },
    })
    // Saved again: the same row, optional fields cleared when sent empty.
    await submit(token, { fullName: '某省科技成果评价中心', postcode: '' })
    expect(await t.app.prisma.issuer.findMany({ where: { tenantId } })).toMatchObject([{ postcode: null }])
    // Tenant 000000's centre is untouched.
    expect((await get(admin)).json().data.fullName).toBe(DEFAULT_ISSUER.fullName)
  })

  it('a save after the first writes only the fields it carries (decision 030)', async () => {
    const tenantId = unique('P').slice(0, 6)
    const tenant = await createTenant(t.app.prisma, { tenantId, codes: ['issuer', 'issuer_edit'] })
    const user = await createUser(t.app.prisma, { tenantId, roleId: tenant.roleId, deptId: tenant.deptId })
    const token = await tokenOf(t.app, tenantId, user.account)
    // The first save is the whole record: 全称 is required.
    expect((await submit(token, { shortName: '中心' })).json()).toMatchObject({
      code: 400,
      msg: IssuerMsg.FULL_NAME,
    })
    const whole = { fullName: '某市评价中心', shortName: '中心', postcode: '410083', phone: '0731-88888888' }
    expect((await submit(token, whole)).json()).toMatchObject({ code: 200 })
    const stored = () => t.app.prisma.issuer.findFirstOrThrow({ where: { tenantId } })
    // One field: the rest is kept.
    expect((await submit(token, { shortName: '评价中心' })).json()).toMatchObject({ code: 200 })
    expect(await stored()).toMatchObject({ ...whole, shortName: '评价中心' })
    // null is "not given"; '' on 全称 answers its message; '' on an optional field clears it.
    expect((await submit(token, { fullName: null, postcode: null })).json()).toMatchObject({ code: 200 })
    expect(await stored()).toMatchObject({ ...whole, shortName: '评价中心' })
    expect((await submit(token, { fullName: '' })).json()).toMatchObject({
      code: 400,
      msg: IssuerMsg.FULL_NAME,
    })
    expect((await submit(token, { phone: '' })).json()).toMatchObject({ code: 200 })
    expect(await stored()).toMatchObject({ ...whole, shortName: '评价中心', phone: null })
  })

  it('is kept by those holding the screen: others get 403', async () => {
    const member = (await login(t.app, 'member')).access_token
    expect((await get(member)).statusCode).toBe(403)
    expect((await submit(member, { fullName: '改名' })).statusCode).toBe(403)
    const anonymous = await t.app.inject({ method: 'GET', url: `${P}/detail` })
    expect(anonymous.statusCode).toBe(401)
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auth, createTestApp, login, TENANT, type TTestApp } from './helpers/app.ts'
import { createRole, createTenant, createUser, SEED, tokenOf, unique } from './helpers/system.ts'

const P = '/api/ysjs-system/post'
const POST_CODES = ['post', 'post_add', 'post_edit', 'post_delete', 'post_view']

let t: TTestApp
let admin: string
let other: Awaited<ReturnType<typeof createTenant>>
let otherAdmin: string
beforeAll(async () => {
  t = await createTestApp()
  admin = (await login(t.app, 'admin')).access_token
  other = await createTenant(t.app.prisma, { tenantId: '720001', codes: POST_CODES })
  const boss = await createUser(t.app.prisma, {
    tenantId: other.tenantId,
    roleId: other.roleId,
    deptId: other.deptId,
  })
  otherAdmin = await tokenOf(t.app, other.tenantId, boss.account)
})
afterAll(async () => {
  await t.close()
})

const post = (url: string, token: string | null, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: token ? auth(token) : {}, ...(payload ? { payload } : {}) })
const get = (url: string, token: string | null) =>
  t.app.inject({ method: 'GET', url, headers: token ? auth(token) : {} })
const body = (over: Record<string, unknown> = {}) => ({
  category: 2,
  postCode: unique('p'),
  postName: '质量经理',
  sort: 3,
  ...over,
})

describe('post management', () => {
  it('lists the seed posts with their category label, filters, details, updates and removes', async () => {
    const page = (await get(`${P}/list?size=100`, admin)).json().data
    expect(page.records.find((p: { postCode: string }) => p.postCode === 'ceo')).toMatchObject({
      postName: '首席执行官',
      categoryName: '高层',
    })
    const created = body()
    expect((await post(`${P}/submit`, admin, created)).json()).toMatchObject({ code: 200 })
    const found = (await get(`${P}/list?postCode=${created.postCode}`, admin)).json().data.records
    expect(found).toHaveLength(1)
    expect(found[0]).toMatchObject({ postName: '质量经理', categoryName: '中层', tenantId: TENANT })
    const id = found[0].id
    expect(
      (await get(`${P}/list?category_equal=2&size=100`, admin)).json().data.records.length,
    ).toBeGreaterThan(0)

    expect((await post(`${P}/submit`, admin, { ...created, id, postName: '品质经理' })).json()).toMatchObject(
      {
        code: 200,
      },
    )
    expect((await get(`${P}/detail?id=${id}`, admin)).json().data).toMatchObject({ postName: '品质经理' })
    expect((await post(`${P}/remove?ids=${id}`, admin)).json()).toMatchObject({ code: 200 })
    expect((await get(`${P}/detail?id=${id}`, admin)).json()).toMatchObject({ code: 400 })
  })

  it('answers the form messages; the post code is unique per tenant', async () => {
    const msg = async (over: Record<string, unknown>) => (await post(`${P}/submit`, admin, body(over))).json()
    expect(await msg({ category: '' })).toMatchObject({ code: 400, msg: '请选择岗位类型' })
    expect(await msg({ postCode: '' })).toMatchObject({ code: 400, msg: '请输入岗位编号' })
    expect(await msg({ postName: '' })).toMatchObject({ code: 400, msg: '请输入岗位名称' })
    expect(await msg({ sort: '' })).toMatchObject({ code: 400, msg: '请输入岗位排序' })
    expect(await msg({ postCode: 'ceo' })).toMatchObject({ code: 400, msg: '当前岗位编号已存在!' })
    // The other tenant has its own `ceo`; codes are unique within a tenant only.
    expect((await post(`${P}/submit`, otherAdmin, body({ postCode: 'cto' }))).json()).toMatchObject({
      code: 200,
    })
    expect((await post(`${P}/submit`, otherAdmin, body({ postCode: 'ceo' }))).json().msg).toBe(
      '当前岗位编号已存在!',
    )
  })

  it('select answers the posts of the tenant for pickers', async () => {
    const mine = (await get(`${P}/select`, admin)).json().data
    expect(mine.map((p: { postCode: string }) => p.postCode)).toEqual(
      expect.arrayContaining(['ceo', 'cto', 'staff']),
    )
    const theirs = (await get(`${P}/select?tenantId=${other.tenantId}`, admin)).json().data
    expect(theirs.every((p: { id: string }) => p.id !== SEED.postCeo)).toBe(true)
    const widened = (await get(`${P}/select?tenantId=${TENANT}`, otherAdmin)).json().data
    expect(widened.map((p: { id: string }) => p.id)).not.toContain(SEED.postCeo)
  })

  it('401 without a token, 403 without the permission, and tenants stay apart', async () => {
    const hr = (await login(t.app, 'hr')).access_token
    const calls: ['GET' | 'POST', string, object?][] = [
      ['GET', `${P}/list`],
      ['GET', `${P}/detail?id=${SEED.postCeo}`],
      ['POST', `${P}/submit`, body()],
      ['POST', `${P}/remove?ids=${SEED.postCeo}`],
      ['GET', `${P}/select`],
    ]
    for (const [method, url, payload] of calls) {
      expect((await t.app.inject({ method, url, ...(payload ? { payload } : {}) })).statusCode).toBe(401)
      expect(
        (await t.app.inject({ method, url, headers: auth(hr), ...(payload ? { payload } : {}) })).statusCode,
      ).toBe(403)
    }
    const userScreen = await createRole(t.app.prisma, TENANT, unique('r'), ['user'])
    const u = await createUser(t.app.prisma, { tenantId: TENANT, roleId: userScreen, deptId: SEED.deptRoot })
    expect((await get(`${P}/select`, await tokenOf(t.app, TENANT, u.account))).statusCode).toBe(200)

    expect((await get(`${P}/detail?id=${SEED.postCeo}`, otherAdmin)).json()).toMatchObject({ code: 400 })
    await post(`${P}/remove?ids=${SEED.postCeo}`, otherAdmin)
    await post(`${P}/submit`, otherAdmin, body({ id: SEED.postCeo, postName: '改' }))
    const ceo = await t.app.prisma.post.findUniqueOrThrow({ where: { id: BigInt(SEED.postCeo) } })
    expect(ceo).toMatchObject({ isDeleted: 0, postName: '首席执行官' })
  })
})

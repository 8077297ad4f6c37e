import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auth, createTestApp, login, TENANT, type TTestApp } from './helpers/app.ts'
import { createRole, createTenant, createUser, SEED, tokenOf, unique } from './helpers/system.ts'

const D = '/api/ysjs-system/dept'
const DEPT_CODES = ['dept', 'dept_add', 'dept_edit', 'dept_delete', 'dept_view']

let t: TTestApp
let admin: string
let other: Awaited<ReturnType<typeof createTenant>>
let otherAdmin: string
beforeAll(async () => {
  t = await createTestApp()
  admin = (await login(t.app, 'admin')).access_token
  other = await createTenant(t.app.prisma, { tenantId: '710001', codes: DEPT_CODES })
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

const dept = (over: Record<string, unknown> = {}) => ({
  deptName: unique('部'),
  fullName: '某某部门',
  deptCategory: 2,
  sort: 1,
  ...over,
})
const create = async (over: Record<string, unknown> = {}, token = admin) => {
  const res = await post(`${D}/submit`, token, dept(over))
  expect(res.json(), res.body).toMatchObject({ code: 200 })
  return res.json().data as { id: string; tenantId: string; deptCategoryName: string }
}
const ancestorsOf = async (id: string) =>
  (await t.app.prisma.dept.findUniqueOrThrow({ where: { id: BigInt(id) } })).ancestors

describe('dept/submit', () => {
  it('creates roots and children with their ancestors, and answers id, tenant and category label', async () => {
    const root = await create({ deptCategory: 1 })
    expect(root).toMatchObject({ tenantId: TENANT, deptCategoryName: '公司' })
    expect(await ancestorsOf(root.id)).toBe('0')
    const child = await create({ parentId: root.id })
    expect(await ancestorsOf(child.id)).toBe(`0,${root.id}`)
    const grandchild = await create({ parentId: child.id })
    expect(await ancestorsOf(grandchild.id)).toBe(`0,${root.id},${child.id}`)
  })

  it('answers the form messages; the parent must exist in the tenant', async () => {
    const msg = async (over: Record<string, unknown>) => (await post(`${D}/submit`, admin, dept(over))).json()
    expect(await msg({ deptName: '' })).toMatchObject({ code: 400, msg: '请输入机构名称' })
    expect(await msg({ fullName: ' ' })).toMatchObject({ code: 400, msg: '请输入机构全称' })
    expect(await msg({ deptCategory: '' })).toMatchObject({ code: 400, msg: '请选择机构类型' })
    expect(await msg({ deptCategory: 9 })).toMatchObject({ code: 400, msg: '请选择机构类型' })
    expect(await msg({ sort: 'x' })).toMatchObject({ code: 400, msg: '请输入排序' })
    expect(await msg({ parentId: other.deptId })).toMatchObject({ code: 400, msg: '上级机构不存在' })
  })

  it("moving a dept rewrites its whole sub-tree's ancestors; never under itself or a descendant", async () => {
    const a = await create()
    const b = await create({ parentId: a.id })
    const c = await create({ parentId: b.id })
    const d = await create({ parentId: c.id })
    const target = await create()
    const targetChild = await create({ parentId: target.id })

    const move = await post(`${D}/submit`, admin, { ...dept({ parentId: targetChild.id }), id: b.id })
    expect(move.json()).toMatchObject({ code: 200 })
    expect(await ancestorsOf(b.id)).toBe(`0,${target.id},${targetChild.id}`)
    expect(await ancestorsOf(c.id)).toBe(`0,${target.id},${targetChild.id},${b.id}`)
    expect(await ancestorsOf(d.id)).toBe(`0,${target.id},${targetChild.id},${b.id},${c.id}`)
    expect(await ancestorsOf(a.id)).toBe('0')

    for (const parentId of [b.id, d.id]) {
      const cycle = await post(`${D}/submit`, admin, { ...dept({ parentId }), id: b.id })
      expect(cycle.json()).toMatchObject({ code: 400, msg: '上级机构不能选择自身或其下级机构!' })
    }
    expect(await ancestorsOf(c.id)).toBe(`0,${target.id},${targetChild.id},${b.id}`)

    // Back to the top (the form sends the emptied parent as ''; an update keeps what it does not
    // carry, decision 030): the sub-tree follows.
    await post(`${D}/submit`, admin, { ...dept(), parentId: '', id: b.id })
    expect(await ancestorsOf(b.id)).toBe('0')
    expect(await ancestorsOf(d.id)).toBe(`0,${b.id},${c.id}`)
  })

  it('the user filter follows a moved sub-tree', async () => {
    const a = await create()
    const b = await create({ parentId: a.id })
    const elsewhere = await create()
    const user = await createUser(t.app.prisma, { tenantId: TENANT, roleId: SEED.roleUser, deptId: b.id })
    const under = async (id: string) =>
      (await get(`/api/ysjs-system/user/page?deptId=${id}`, admin))
        .json()
        .data.records.map((r: { id: string }) => r.id)
    expect(await under(a.id)).toContain(user.id)
    await post(`${D}/submit`, admin, { ...dept({ parentId: elsewhere.id }), id: b.id })
    expect(await under(a.id)).not.toContain(user.id)
    expect(await under(elsewhere.id)).toContain(user.id)
  })
})

describe('dept reads', () => {
  it('list is a tree with labels; lazy-list one level with hasChildren; detail names the parent', async () => {
    const list = (await get(`${D}/list`, admin)).json().data
    const root = list.find((d: { id: string }) => d.id === SEED.deptRoot)
    expect(root).toMatchObject({ deptName: '刀锋科技', parentName: '顶级', deptCategoryName: '公司' })
    expect(root.children.map((c: { deptName: string }) => c.deptName)).toEqual(
      expect.arrayContaining(['常州刀锋', '苏州刀锋']),
    )
    const filtered = (await get(`${D}/list?deptName=${encodeURIComponent('苏州')}`, admin)).json().data
    expect(filtered.map((d: { deptName: string }) => d.deptName)).toEqual(['苏州刀锋'])

    const top = (await get(`${D}/lazy-list`, admin)).json().data
    expect(top.find((d: { id: string }) => d.id === SEED.deptRoot)).toMatchObject({ hasChildren: true })
    const level = (await get(`${D}/lazy-list?parentId=${SEED.deptRoot}`, admin)).json().data
    expect(level.find((d: { id: string }) => d.id === SEED.deptSuzhou)).toMatchObject({
      hasChildren: false,
      parentName: '刀锋科技',
    })

    const detail = (await get(`${D}/detail?id=${SEED.deptChangzhou}`, admin)).json().data
    expect(detail).toMatchObject({
      deptName: '常州刀锋',
      parentName: '刀锋科技',
      ancestors: `0,${SEED.deptRoot}`,
    })
  })

  it('tree and lazy-tree answer tree nodes; another tenant only for the platform administrator', async () => {
    const tree = (await get(`${D}/tree`, admin)).json().data
    const root = tree.find((n: { id: string }) => n.id === SEED.deptRoot)
    expect(root).toMatchObject({ title: '刀锋科技', key: SEED.deptRoot, value: SEED.deptRoot, parentId: '0' })
    expect(root.children.length).toBeGreaterThanOrEqual(2)
    const lazy = (await get(`${D}/lazy-tree?parentId=${SEED.deptRoot}`, admin)).json().data
    expect(lazy.map((n: { title: string }) => n.title)).toEqual(
      expect.arrayContaining(['常州刀锋', '苏州刀锋']),
    )

    const theirs = (await get(`${D}/tree?tenantId=${other.tenantId}`, admin)).json().data
    expect(theirs.map((n: { id: string }) => n.id)).toEqual([other.deptId])
    const mine = (await get(`${D}/tree?tenantId=${TENANT}`, otherAdmin)).json().data
    expect(mine.map((n: { id: string }) => n.id)).toEqual([other.deptId])
  })
})

describe('dept/remove', () => {
  it('refuses while children or users exist, then deletes', async () => {
    const a = await create()
    const b = await create({ parentId: a.id })
    expect((await post(`${D}/remove?ids=${a.id}`, admin)).json()).toMatchObject({
      code: 400,
      msg: '请先删除子节点!',
    })
    const user = await createUser(t.app.prisma, { tenantId: TENANT, roleId: SEED.roleUser, deptId: b.id })
    expect((await post(`${D}/remove?ids=${b.id}`, admin)).json()).toMatchObject({
      code: 400,
      msg: '请先删除该机构下的用户!',
    })
    await t.app.prisma.user.update({ where: { id: BigInt(user.id) }, data: { isDeleted: 1 } })
    expect((await post(`${D}/remove?ids=${a.id},${b.id}`, admin)).json()).toMatchObject({ code: 200 })
    expect(
      await t.app.prisma.dept.count({ where: { id: { in: [BigInt(a.id), BigInt(b.id)] }, isDeleted: 0 } }),
    ).toBe(0)
    expect((await get(`${D}/detail?id=${a.id}`, admin)).json()).toMatchObject({ code: 400 })
  })
})

describe('dept authorization', () => {
  const calls: ['GET' | 'POST', string, object?][] = [
    ['GET', `${D}/list`],
    ['GET', `${D}/lazy-list`],
    ['GET', `${D}/detail?id=${SEED.deptRoot}`],
    ['GET', `${D}/tree`],
    ['GET', `${D}/lazy-tree`],
    ['POST', `${D}/submit`, dept()],
    ['POST', `${D}/remove?ids=1`],
  ]
  it('401 without a token, 403 without the permission', async () => {
    const hr = (await login(t.app, 'hr')).access_token
    for (const [method, url, body] of calls) {
      expect((await t.app.inject({ method, url, ...(body ? { payload: body } : {}) })).statusCode, url).toBe(
        401,
      )
      const res = await t.app.inject({ method, url, headers: auth(hr), ...(body ? { payload: body } : {}) })
      expect(res.statusCode, url).toBe(403)
    }
  })

  it('the user screen reads the tree with `user`; editing needs dept_edit, adding dept_add', async () => {
    const role = await createRole(t.app.prisma, TENANT, unique('r'), ['user', 'dept_add'])
    const u = await createUser(t.app.prisma, { tenantId: TENANT, roleId: role, deptId: SEED.deptRoot })
    const token = await tokenOf(t.app, TENANT, u.account)
    expect((await get(`${D}/tree`, token)).statusCode).toBe(200)
    expect((await get(`${D}/lazy-tree`, token)).statusCode).toBe(200)
    expect((await get(`${D}/list`, token)).statusCode).toBe(403)
    const added = await create({}, token)
    expect((await post(`${D}/submit`, token, { ...dept(), id: added.id })).statusCode).toBe(403)
  })

  it("another tenant's admin can neither read nor change this tenant's depts", async () => {
    const mine = await create()
    expect((await get(`${D}/detail?id=${mine.id}`, otherAdmin)).json()).toMatchObject({ code: 400 })
    const list = (await get(`${D}/list`, otherAdmin)).json().data
    expect(list.map((d: { id: string }) => d.id)).toEqual([other.deptId])
    const edit = await post(`${D}/submit`, otherAdmin, { ...dept({ deptName: '改名' }), id: mine.id })
    expect(edit.json()).toMatchObject({ code: 400 })
    await post(`${D}/remove?ids=${mine.id}`, otherAdmin)
    const row = await t.app.prisma.dept.findUniqueOrThrow({ where: { id: BigInt(mine.id) } })
    expect(row).toMatchObject({ isDeleted: 0, tenantId: TENANT })
    expect(row.deptName).not.toBe('改名')
  })
})

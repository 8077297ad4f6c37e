import { RoleMsg } from '@ysjs/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auth, createTestApp, login, type TTestApp } from './helpers/app.ts'
import { createRole, createTenant, createUser, grantCodes, loginAs } from './helpers/authority.ts'
import { holdTable, settled } from './helpers/locks.ts'

type THeaders = Record<string, string>
type TRoleNode = {
  id: string
  roleName: string
  roleAlias: string
  parentName: string
  children?: TRoleNode[]
}
type TTree = { id: string; title: string; children?: TTree[] }
const flat = <T extends { children?: T[] }>(nodes: T[]): T[] =>
  nodes.flatMap((n) => [n, ...flat(n.children ?? [])])

const TENANT_B = '200001'
let t: TTestApp
let admin: THeaders
let tenantAdmin: THeaders
let tenantAdminRole: bigint
let tenantChildRole: bigint

const call = async (headers: THeaders, method: 'GET' | 'POST', url: string, payload?: object) => {
  const res = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) })
  return { status: res.statusCode, body: res.json() }
}
const idOf = async (alias: string, tenantId = '000000') =>
  (await t.app.prisma.role.findFirstOrThrow({ where: { roleAlias: alias, tenantId, isDeleted: 0 } })).id

beforeAll(async () => {
  t = await createTestApp()
  admin = auth((await login(t.app, 'admin')).access_token)
  await createTenant(t.app, TENANT_B)
  tenantAdminRole = await createRole(t.app, {
    tenantId: TENANT_B,
    alias: 'admin',
    name: '管理员',
    menuCodes: ['desk', 'authority'],
  })
  tenantChildRole = await createRole(t.app, {
    tenantId: TENANT_B,
    alias: 'clerk',
    name: '职员',
    parentId: tenantAdminRole,
  })
  await grantCodes(t.app, tenantChildRole, ['desk'])
  await createUser(t.app, { account: 'badmin', tenantId: TENANT_B, roleIds: [tenantAdminRole] })
  tenantAdmin = await loginAs(t.app, 'badmin', TENANT_B)
})
afterAll(async () => {
  await t.close()
})

describe('role/list, detail, tree, tree-by-id', () => {
  it('answers the role tree with parent names; the administrator of 000000 sees every tenant', async () => {
    const { body } = await call(admin, 'GET', '/api/ysjs-system/role/list')
    expect(body.code).toBe(200)
    const all = flat<TRoleNode>(body.data)
    expect(all.map((r) => r.roleAlias)).toEqual(
      expect.arrayContaining(['administrator', 'user', 'hr', 'admin', 'clerk']),
    )
    const user = (body.data as TRoleNode[]).find((r) => r.roleAlias === 'user')!
    expect(user.children!.map((c) => c.roleAlias)).toEqual(['hr', 'manager', 'boss'])
    expect(user.children![0]!.parentName).toBe('用户')
    const filtered = await call(admin, 'GET', '/api/ysjs-system/role/list?roleName=人事')
    expect(flat<TRoleNode>(filtered.body.data).map((r) => r.roleAlias)).toEqual(['hr'])
  })

  it("limits a tenant's admin to their tenant and hides the administrator role", async () => {
    const { body } = await call(tenantAdmin, 'GET', '/api/ysjs-system/role/list')
    expect(
      flat<TRoleNode>(body.data)
        .map((r) => r.roleAlias)
        .sort(),
    ).toEqual(['admin', 'clerk'])
    const tree = await call(tenantAdmin, 'GET', '/api/ysjs-system/role/tree?tenantId=000000')
    expect(
      flat<TTree>(tree.body.data)
        .map((n) => n.title)
        .sort(),
    ).toEqual(['管理员', '职员'])
    const other = await call(tenantAdmin, 'GET', `/api/ysjs-system/role/detail?id=${await idOf('hr')}`)
    expect(other.body).toMatchObject({ code: 400, msg: '数据不存在' })
    const byId = await call(tenantAdmin, 'GET', `/api/ysjs-system/role/tree-by-id?roleId=${await idOf('hr')}`)
    expect(byId.body).toMatchObject({ code: 400, msg: '数据不存在' })
  })

  it('answers tree nodes (title, key, value) for a chosen tenant and for a role', async () => {
    const { body } = await call(admin, 'GET', `/api/ysjs-system/role/tree?tenantId=${TENANT_B}`)
    expect(body.data).toEqual([
      expect.objectContaining({
        title: '管理员',
        key: String(tenantAdminRole),
        value: String(tenantAdminRole),
        children: [expect.objectContaining({ title: '职员', parentId: String(tenantAdminRole) })],
      }),
    ])
    const own = await call(admin, 'GET', `/api/ysjs-system/role/tree-by-id?roleId=${await idOf('hr')}`)
    expect(flat<TTree>(own.body.data).map((n) => n.title)).toContain('超级管理员')
    const detail = await call(admin, 'GET', `/api/ysjs-system/role/detail?id=${await idOf('hr')}`)
    expect(detail.body.data).toMatchObject({
      roleName: '人事',
      roleAlias: 'hr',
      parentName: '用户',
      tenantId: '000000',
    })
  })
})

describe('role/submit', () => {
  it("refuses missing fields with the form's messages", async () => {
    const url = '/api/ysjs-system/role/submit'
    expect((await call(admin, 'POST', url, { roleAlias: 'x', sort: 1 })).body).toMatchObject({
      code: 400,
      msg: RoleMsg.NAME,
    })
    expect((await call(admin, 'POST', url, { roleName: 'x', sort: 1 })).body).toMatchObject({
      code: 400,
      msg: RoleMsg.ALIAS,
    })
    expect((await call(admin, 'POST', url, { roleName: 'x', roleAlias: 'x' })).body).toMatchObject({
      code: 400,
      msg: RoleMsg.SORT,
    })
  })

  it('creates, updates, keeps aliases unique per tenant, and a child inherits the parent tenant', async () => {
    const url = '/api/ysjs-system/role/submit'
    const created = await call(admin, 'POST', url, { roleName: '审计', roleAlias: 'audit', sort: 5 })
    expect(created.body).toMatchObject({ code: 200, success: true })
    const dup = await call(admin, 'POST', url, { roleName: '审计2', roleAlias: 'audit', sort: 6 })
    expect(dup.body).toMatchObject({ code: 400, msg: RoleMsg.ALIAS_EXISTS })
    // The same alias in another tenant is fine.
    expect(
      (await call(tenantAdmin, 'POST', url, { roleName: '审计', roleAlias: 'audit', sort: 1 })).body.code,
    ).toBe(200)
    const auditId = await idOf('audit')
    const updated = await call(admin, 'POST', url, {
      id: String(auditId),
      roleName: '审计员',
      roleAlias: 'audit',
      sort: 7,
    })
    expect(updated.body.code).toBe(200)
    expect(await t.app.prisma.role.findUniqueOrThrow({ where: { id: auditId } })).toMatchObject({
      roleName: '审计员',
      sort: 7,
    })
    // A child of tenant B's role created by the platform administrator lands in tenant B.
    const child = await call(admin, 'POST', url, {
      roleName: '子角色',
      roleAlias: 'sub',
      sort: 1,
      parentId: String(tenantAdminRole),
    })
    expect(child.body.code).toBe(200)
    expect((await t.app.prisma.role.findFirstOrThrow({ where: { roleAlias: 'sub' } })).tenantId).toBe(
      TENANT_B,
    )
    const cycle = await call(admin, 'POST', url, {
      id: String(tenantAdminRole),
      roleName: '管理员',
      roleAlias: 'admin',
      sort: 1,
      parentId: String(tenantChildRole),
    })
    expect(cycle.body).toMatchObject({ code: 400, msg: RoleMsg.PARENT_SELF })
  })

  it("refuses non-administrators the administrator alias, and another tenant's roles", async () => {
    const url = '/api/ysjs-system/role/submit'
    const res = await call(tenantAdmin, 'POST', url, {
      roleName: '超管',
      roleAlias: 'administrator',
      sort: 1,
    })
    expect(res.body).toMatchObject({ code: 400, msg: RoleMsg.NO_CREATE_ADMINISTRATOR })
    const hr = await idOf('hr')
    const steal = await call(tenantAdmin, 'POST', url, {
      id: String(hr),
      roleName: '偷',
      roleAlias: 'hr',
      sort: 1,
    })
    expect(steal.body).toMatchObject({ code: 400, msg: '数据不存在' })
    expect((await t.app.prisma.role.findUniqueOrThrow({ where: { id: hr } })).roleName).toBe('人事')
  })

  it("never makes a role the child of another tenant's role (issue 22)", async () => {
    const url = '/api/ysjs-system/role/submit'
    const hr = await idOf('hr')
    // The platform administrator sees every tenant's roles, and still cannot join two tenants' trees.
    const moved = await call(admin, 'POST', url, {
      id: String(tenantChildRole),
      roleName: '职员',
      roleAlias: 'clerk',
      sort: 1,
      parentId: String(hr),
    })
    expect(moved.body).toMatchObject({ code: 400, msg: RoleMsg.PARENT_OTHER_TENANT })
    const child = await t.app.prisma.role.findUniqueOrThrow({ where: { id: tenantChildRole } })
    expect([child.tenantId, child.parentId]).toEqual([TENANT_B, tenantAdminRole])
    const adopted = await call(admin, 'POST', url, {
      id: String(hr),
      roleName: '人事',
      roleAlias: 'hr',
      sort: 1,
      parentId: String(tenantAdminRole),
    })
    expect(adopted.body).toMatchObject({ code: 400, msg: RoleMsg.PARENT_OTHER_TENANT })
    expect((await t.app.prisma.role.findUniqueOrThrow({ where: { id: hr } })).tenantId).toBe('000000')
  })
})

describe('role/remove', () => {
  it('refuses while child roles exist or users hold the role, then removes', async () => {
    const parent = await createRole(t.app, { alias: 'rm_parent' })
    const child = await createRole(t.app, { alias: 'rm_child', parentId: parent })
    const url = (ids: bigint[]) => `/api/ysjs-system/role/remove?ids=${ids.join(',')}`
    expect((await call(admin, 'POST', url([parent]))).body).toMatchObject({
      code: 400,
      msg: '请先删除子节点!',
    })
    await createUser(t.app, { account: 'rm_user', roleIds: [child] })
    expect((await call(admin, 'POST', url([child]))).body).toMatchObject({
      code: 400,
      msg: RoleMsg.HAS_USERS,
    })
    await t.app.prisma.user.updateMany({ where: { account: 'rm_user' }, data: { isDeleted: 1 } })
    // Both at once: the child is not "a child left behind".
    expect((await call(admin, 'POST', url([parent, child]))).body).toMatchObject({ code: 200 })
    expect(await t.app.prisma.role.count({ where: { id: { in: [parent, child] }, isDeleted: 0 } })).toBe(0)
  })

  /**
   * Decision 030. Removal first: the removal is stopped between its check and its write (the test holds
   * the role table) and the reference is sent meanwhile. Reference first: the reference is stopped
   * before its write (the test holds the table it writes) and the removal is sent meanwhile. Whichever
   * order they end in, a removed role is never left with a child or a user.
   */
  const race = async (
    role: bigint,
    refer: () => Promise<{ status: number; body: { code: number } }>,
    first: 'removal' | { reference: string },
  ) => {
    const remove = () => call(admin, 'POST', `/api/ysjs-system/role/remove?ids=${role}`)
    const hold = await holdTable(t.app.prisma, first === 'removal' ? 'blade_role' : first.reference)
    let one: ReturnType<typeof call>
    let two: ReturnType<typeof call>
    try {
      one = first === 'removal' ? remove() : refer()
      await hold.untilWaiting(1)
      two = first === 'removal' ? refer() : remove()
      const isDone = settled(two)
      await hold.until(async () => isDone() || (await hold.waiting()) >= 2)
    } finally {
      await hold.release()
    }
    const [a, b] = await Promise.all([one!, two!])
    return first === 'removal' ? { removed: a.body, referred: b.body } : { removed: b.body, referred: a.body }
  }

  it('a removal and a child role added meanwhile: never a removed parent with a live child', async () => {
    const parent = await createRole(t.app, { alias: 'race_parent' })
    const { removed, referred } = await race(
      parent,
      () =>
        call(admin, 'POST', '/api/ysjs-system/role/submit', {
          roleName: '并发子角色',
          roleAlias: 'race_child',
          sort: 1,
          parentId: String(parent),
        }),
      'removal',
    )
    const live = await t.app.prisma.role.findFirst({ where: { id: parent, isDeleted: 0 } })
    const child = await t.app.prisma.role.findFirst({ where: { roleAlias: 'race_child', isDeleted: 0 } })
    if (removed.code === 200) {
      expect(referred).toMatchObject({ code: 400, msg: RoleMsg.PARENT_MISSING })
      expect({ live, child }).toEqual({ live: null, child: null })
    } else {
      expect(removed).toMatchObject({ code: 400, msg: '请先删除子节点!' })
      expect(referred).toMatchObject({ code: 200 })
      expect(live).not.toBeNull()
    }
  })

  for (const first of ['removal', { reference: 'blade_user' }] as const) {
    const order = first === 'removal' ? 'the removal first' : 'the grant first'
    it(`a removal and a user given the role meanwhile (${order}): never a user holding a removed role`, async () => {
      const suffix = first === 'removal' ? 'a' : 'b'
      const role = await createRole(t.app, { alias: `race_granted_${suffix}` })
      const other = await createRole(t.app, { alias: `race_other_${suffix}` })
      const user = await createUser(t.app, { account: `race_user_${suffix}`, roleIds: [other] })
      const { removed, referred } = await race(
        role,
        () => call(admin, 'POST', `/api/ysjs-system/user/grant?userIds=${user}&roleIds=${role}`),
        first,
      )
      const live = await t.app.prisma.role.findFirst({ where: { id: role, isDeleted: 0 } })
      const held = (await t.app.prisma.user.findUniqueOrThrow({ where: { id: user } })).roleId
      if (removed.code === 200) {
        expect(referred).toMatchObject({ code: 400, msg: '所选角色不存在' })
        expect({ live, held }).toEqual({ live: null, held: String(other) })
      } else {
        expect(removed).toMatchObject({ code: 400, msg: RoleMsg.HAS_USERS })
        expect(referred).toMatchObject({ code: 200 })
        expect({ live: live !== null, held }).toEqual({ live: true, held: String(role) })
      }
    })
  }

  it("never removes another tenant's role", async () => {
    const hr = await idOf('hr')
    const res = await call(tenantAdmin, 'POST', `/api/ysjs-system/role/remove?ids=${hr}`)
    expect(res.body.code).toBe(200)
    expect((await t.app.prisma.role.findUniqueOrThrow({ where: { id: hr } })).isDeleted).toBe(0)
  })
})

describe('role/grant and menu/role-tree-keys', () => {
  const menuIds = async (codes: string[]) =>
    (await t.app.prisma.menu.findMany({ where: { code: { in: codes } } })).map((m) => String(m.id))

  it('replaces the grants, and strips child roles of the menus their parent lost', async () => {
    const userRole = await idOf('user')
    const hr = await idOf('hr')
    const desk = await menuIds(['desk', 'notice', 'notice_view'])
    const scope = await t.app.prisma.scopeData.create({
      data: { id: 9001n, menuId: BigInt(desk[0]!), resourceCode: 'notice', scopeName: '本人', scopeType: 2 },
    })
    const res = await call(admin, 'POST', '/api/ysjs-system/role/grant', {
      roleIds: [String(userRole)],
      menuIds: [...desk, '123'],
      dataScopeIds: [String(scope.id)],
      apiScopeIds: [],
    })
    expect(res.body).toMatchObject({ code: 200, success: true })
    const keys = await call(admin, 'GET', `/api/ysjs-system/menu/role-tree-keys?roleIds=${userRole}`)
    expect(keys.body.data.menu.sort()).toEqual(desk.sort())
    expect(keys.body.data.dataScope).toEqual([String(scope.id)])
    expect(keys.body.data.apiScope).toEqual([])
    // hr had desk and work: work is gone with its parent's grant.
    const hrKeys = await call(admin, 'GET', `/api/ysjs-system/menu/role-tree-keys?roleIds=${hr}`)
    const work = await menuIds(['work'])
    expect(hrKeys.body.data.menu).not.toContain(work[0])
    expect(hrKeys.body.data.menu).toEqual(expect.arrayContaining(await menuIds(['desk', 'notice'])))
    // And the hr user now sees exactly that.
    const hrUser = auth((await login(t.app, 'hr')).access_token)
    const routes = await call(hrUser, 'GET', '/api/ysjs-system/menu/routes')
    expect(flat<{ code: string; children?: never[] }>(routes.body.data).map((m) => m.code)).toEqual([
      'desk',
      'notice',
    ])
  })

  it('refuses the administrator role to non-administrators and admin roles to non-admins', async () => {
    const grantor = await createRole(t.app, { alias: 'grantor', menuCodes: ['role', 'desk'] })
    await createUser(t.app, { account: 'grantor', roleIds: [grantor] })
    const headers = await loginAs(t.app, 'grantor')
    const administrator = await idOf('administrator')
    const a = await call(headers, 'POST', '/api/ysjs-system/role/grant', {
      roleIds: [String(administrator)],
      menuIds: [],
    })
    expect(a.body).toMatchObject({ code: 400, msg: '无权配置超管角色!' })
    const adminRole = await createRole(t.app, { alias: 'admin' })
    const b = await call(headers, 'POST', '/api/ysjs-system/role/grant', {
      roleIds: [String(adminRole)],
      menuIds: [],
    })
    expect(b.body).toMatchObject({ code: 400, msg: '无权配置管理员角色!' })
    expect(await t.app.prisma.roleMenu.count({ where: { roleId: administrator } })).toBe(0)
  })

  it("keeps a tenant admin within their own menus and tenant; refuses missing roles with the form's message", async () => {
    const beyond = await call(tenantAdmin, 'POST', '/api/ysjs-system/role/grant', {
      roleIds: [String(tenantChildRole)],
      menuIds: await menuIds(['desk', 'system']),
    })
    expect(beyond.body).toMatchObject({ code: 400, msg: RoleMsg.NOT_GRANTABLE })
    const within = await call(tenantAdmin, 'POST', '/api/ysjs-system/role/grant', {
      roleIds: [String(tenantChildRole)],
      menuIds: await menuIds(['desk', 'notice']),
    })
    expect(within.body.code).toBe(200)
    const hr = await idOf('hr')
    const before = await t.app.prisma.roleMenu.count({ where: { roleId: hr } })
    const foreign = await call(tenantAdmin, 'POST', '/api/ysjs-system/role/grant', {
      roleIds: [String(hr)],
      menuIds: [],
    })
    expect(foreign.body).toMatchObject({ code: 400, msg: '数据不存在' })
    expect(await t.app.prisma.roleMenu.count({ where: { roleId: hr } })).toBe(before)
    const foreignKeys = await call(tenantAdmin, 'GET', `/api/ysjs-system/menu/role-tree-keys?roleIds=${hr}`)
    expect(foreignKeys.body.data).toEqual({ menu: [], dataScope: [], apiScope: [] })
    const none = await call(admin, 'POST', '/api/ysjs-system/role/grant', { roleIds: [], menuIds: [] })
    expect(none.body).toMatchObject({ code: 400, msg: RoleMsg.ROLES_REQUIRED })
  })
})

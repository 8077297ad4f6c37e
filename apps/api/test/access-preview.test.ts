import { nextId } from '@ysjs/db'
import { AccessMsg } from '@ysjs/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auth, createTestApp, login, type TTestApp } from './helpers/app.ts'
import { createRole, createTenant, createUser, loginAs } from './helpers/authority.ts'

type THeaders = Record<string, string>
type TRef = { code: string }
type TUserChange = { account: string; gained: TRef[]; lost: TRef[] }

let t: TTestApp
let admin: THeaders
const ids: Record<string, bigint> = {}
const menuIds = async (codes: string[]) =>
  (await t.app.prisma.menu.findMany({ where: { code: { in: codes } } })).map((m) => String(m.id))
const preview = async (headers: THeaders, payload: object) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/ysjs-system/access/preview', headers, payload })
  return res.json()
}
const explain = async (headers: THeaders, query: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/ysjs-system/access/explain?${query}`, headers })).json()

beforeAll(async () => {
  t = await createTestApp()
  admin = auth((await login(t.app, 'admin')).access_token)
  ids.parent = await createRole(t.app, { alias: 'p_parent', name: '父角色', menuCodes: ['desk', 'work'] })
  ids.child = await createRole(t.app, {
    alias: 'p_child',
    name: '子角色',
    parentId: ids.parent,
    menuCodes: ['desk', 'work'],
  })
  ids.alice = await createUser(t.app, { account: 'alice', roleIds: [ids.parent] })
  ids.bob = await createUser(t.app, { account: 'bob', roleIds: [ids.child] })
  ids.carol = await createUser(t.app, { account: 'carol', roleIds: [ids.parent, ids.child] })
})
afterAll(async () => {
  await t.close()
})

describe('access/preview', () => {
  it('lists the users who gain and lose menus and buttons through a role grant and its child pruning', async () => {
    const menuIdsWanted = await menuIds(['desk', 'notice', 'notice_add'])
    const before = await t.app.prisma.roleMenu.count()
    const res = await preview(admin, {
      kind: 'roleGrant',
      roleIds: [String(ids.parent)],
      menuIds: menuIdsWanted,
    })
    expect(res.code, JSON.stringify(res)).toBe(200)
    // Nothing is written by a preview.
    expect(await t.app.prisma.roleMenu.count()).toBe(before)
    const byAccount = new Map((res.data.users as TUserChange[]).map((u) => [u.account, u]))
    const alice = byAccount.get('alice')!
    expect(alice.lost.map((m) => m.code)).toEqual(expect.arrayContaining(['work', 'work_todo']))
    expect(alice.gained).toEqual([])
    // bob (child role) loses work because his parent does; he gains nothing the parent gained.
    const bob = byAccount.get('bob')!
    expect(bob.lost.map((m) => m.code)).toContain('work')
    expect(bob.gained).toEqual([])
    expect(res.data.reached).toBe(3)
    expect(res.data.changed).toBe(3)
    const roles = res.data.roles as { roleName: string; lost: TRef[] }[]
    expect(roles.map((r) => r.roleName).sort()).toEqual(['子角色', '父角色'])
    // And the grant does what the preview said.
    const grant = await t.app.inject({
      method: 'POST',
      url: '/api/ysjs-system/role/grant',
      headers: admin,
      payload: { roleIds: [String(ids.parent)], menuIds: menuIdsWanted },
    })
    expect(grant.json().code).toBe(200)
    const routes = await t.app.inject({
      method: 'GET',
      url: '/api/ysjs-system/menu/buttons',
      headers: await loginAs(t.app, 'bob'),
    })
    expect(JSON.stringify(routes.json().data)).not.toContain('work_')
    const again = await preview(admin, {
      kind: 'roleGrant',
      roleIds: [String(ids.parent)],
      menuIds: menuIdsWanted,
    })
    expect(again.data).toMatchObject({ changed: 0, users: [] })
  })

  it("previews users' roles and a package's menus, and refuses what the grant would refuse", async () => {
    // bob's child role holds what its parent holds: moving him to the parent changes nothing.
    const same = await preview(admin, {
      kind: 'userRoles',
      userIds: [String(ids.bob)],
      roleIds: [String(ids.parent)],
    })
    expect(same.data).toMatchObject({ reached: 1, changed: 0 })
    const admins = await preview(admin, { kind: 'userRoles', userIds: [String(ids.bob)], roleIds: [] })
    expect(admins.data.users[0].account).toBe('bob')
    expect(admins.data.users[0].lost.map((m: TRef) => m.code).sort()).toEqual([
      'desk',
      'notice',
      'notice_add',
    ])
    const pkgId = nextId()
    await t.app.prisma.tenantPackage.create({
      data: { id: pkgId, packageName: '包', menuId: (await menuIds(['desk', 'notice'])).join(',') },
    })
    await createTenant(t.app, '500001', { packageId: pkgId })
    const r = await createRole(t.app, { tenantId: '500001', alias: 'admin', menuCodes: ['desk'] })
    await createUser(t.app, { account: 'dave', tenantId: '500001', roleIds: [r] })
    const pkg = await preview(admin, {
      kind: 'package',
      packageId: String(pkgId),
      menuIds: await menuIds(['desk']),
    })
    expect(pkg.data.users).toEqual([
      expect.objectContaining({ account: 'dave', tenantId: '500001', gained: [] }),
    ])
    expect(pkg.data.users[0].lost.map((m: TRef) => m.code)).toEqual(['notice'])
    const administrator = (
      await t.app.prisma.role.findFirstOrThrow({ where: { roleAlias: 'administrator' } })
    ).id
    const grantor = await createRole(t.app, { alias: 'pgrantor', menuCodes: ['role'] })
    await createUser(t.app, { account: 'pgrantor', roleIds: [grantor] })
    const refused = await preview(await loginAs(t.app, 'pgrantor'), {
      kind: 'roleGrant',
      roleIds: [String(administrator)],
      menuIds: [],
    })
    expect(refused).toMatchObject({ code: 400, msg: '无权配置超管角色!' })
    expect(await preview(admin, { kind: 'nothing' })).toMatchObject({ code: 400, msg: AccessMsg.KIND })
    expect(await preview(admin, { kind: 'roleGrant', roleIds: [] })).toMatchObject({
      code: 400,
      msg: AccessMsg.ROLES,
    })
    // A package preview is for the platform administrator; a user-roles preview needs user_role.
    expect(
      await preview(await loginAs(t.app, 'pgrantor'), { kind: 'userRoles', userIds: ['1'] }),
    ).toMatchObject({ code: 403 })
  })
})

describe('access/explain', () => {
  it('explains a button granted through a role, and one that is not', async () => {
    const ok = await explain(admin, `userId=${ids.alice}&target=notice_add`)
    expect(ok.data).toMatchObject({ allowed: true, kind: 'button' })
    const steps = ok.data.steps as { step: string; result: string; detail: string }[]
    expect(steps.map((s) => s.step)).toEqual(['user', 'tenant', 'expiry', 'package', 'role'])
    expect(steps.find((s) => s.step === 'role')!.detail).toContain('父角色(p_parent)')
    const no = await explain(admin, `userId=${ids.alice}&target=param_add`)
    expect(no.data.allowed).toBe(false)
    expect(no.data.steps.find((s: { step: string }) => s.step === 'role')).toMatchObject({ result: 'fail' })
    const byAccount = await explain(admin, 'account=alice&target=notice_add')
    expect(byAccount.data.allowed).toBe(true)
    expect(await explain(admin, 'target=desk')).toMatchObject({ code: 400, msg: AccessMsg.USER })
    const unknown = await explain(admin, `userId=${ids.alice}&target=nope`)
    expect(unknown.data).toMatchObject({ allowed: false, kind: 'unknown' })
  })

  it('explains an endpoint: its permission, the API scope that covers it, the data scope that shapes it', async () => {
    const notice = (await t.app.prisma.menu.findFirstOrThrow({ where: { code: 'notice' } })).id
    const apiScope = await t.app.prisma.scopeApi.create({
      data: {
        id: nextId(),
        menuId: notice,
        resourceCode: 'notice',
        scopeName: '通知列表',
        scopePath: '/api/ysjs-desk/notice/list',
        scopeType: 2,
      },
    })
    const dataScope = await t.app.prisma.scopeData.create({
      data: { id: nextId(), menuId: notice, resourceCode: 'notice', scopeName: '本人', scopeType: 2 },
    })
    await t.app.prisma.roleScope.create({
      data: { id: nextId(), roleId: ids.parent!, scopeId: dataScope.id, scopeCategory: 1 },
    })
    t.app.caches.clearAll()
    const res = await explain(admin, `userId=${ids.alice}&target=/api/ysjs-desk/notice/list`)
    expect(res.data).toMatchObject({ allowed: false, kind: 'endpoint' })
    const step = (name: string) => res.data.steps.find((s: { step: string }) => s.step === name)
    expect(step('endpoint').detail).toContain('notice')
    expect(step('role')).toMatchObject({ result: 'pass' })
    expect(step('apiScope')).toMatchObject({ result: 'fail' })
    expect(step('apiScope').detail).toContain('通知列表')
    expect(step('dataScope').detail).toContain('本人可见')
    // The explainer agrees with the server: the call is refused.
    const call = await t.app.inject({
      method: 'GET',
      url: '/api/ysjs-desk/notice/list',
      headers: await loginAs(t.app, 'alice'),
    })
    expect(call.statusCode).toBe(403)
    await t.app.prisma.roleScope.create({
      data: { id: nextId(), roleId: ids.parent!, scopeId: apiScope.id, scopeCategory: 2 },
    })
    t.app.caches.clearAll()
    expect((await explain(admin, `userId=${ids.alice}&target=/api/ysjs-desk/notice/list`)).data.allowed).toBe(
      true,
    )
    const missing = await explain(admin, `userId=${ids.alice}&target=/api/nothing`)
    expect(missing.data.steps.find((s: { step: string }) => s.step === 'endpoint')).toMatchObject({
      result: 'fail',
    })
  })

  it("refuses another tenant's users and a missing target", async () => {
    await createTenant(t.app, '600001')
    const r = await createRole(t.app, { tenantId: '600001', alias: 'admin', menuCodes: ['authority'] })
    await createUser(t.app, { account: 'erin', tenantId: '600001', roleIds: [r] })
    const erin = await loginAs(t.app, 'erin', '600001')
    expect(await explain(erin, `userId=${ids.alice}&target=desk`)).toMatchObject({
      code: 400,
      msg: AccessMsg.USER_MISSING,
    })
    expect(await explain(admin, `userId=${ids.alice}&target=`)).toMatchObject({
      code: 400,
      msg: AccessMsg.TARGET,
    })
  })
})

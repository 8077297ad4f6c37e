import { MenuMsg, TopMenuMsg } from '@ysjs/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auth, createTestApp, login, type TTestApp } from './helpers/app.ts'
import { createRole, createTenant, createUser, loginAs } from './helpers/authority.ts'
import { holdTable, settled } from './helpers/locks.ts'

type THeaders = Record<string, string>
type TNode = { id: string; code?: string; title?: string; name?: string; children?: TNode[] }
const flat = (nodes: TNode[]): TNode[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])])

let t: TTestApp
let admin: THeaders
let tenantAdmin: THeaders
const TENANT_B = '400001'

const get = async (headers: THeaders, url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data
}
const post = async (headers: THeaders, url: string, payload?: object) =>
  (await t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) })).json()
const menuId = async (code: string) =>
  String((await t.app.prisma.menu.findFirstOrThrow({ where: { code } })).id)

beforeAll(async () => {
  t = await createTestApp()
  admin = auth((await login(t.app, 'admin')).access_token)
  await createTenant(t.app, TENANT_B)
  const role = await createRole(t.app, {
    tenantId: TENANT_B,
    alias: 'admin',
    menuCodes: ['desk', 'authority', 'topmenu'],
  })
  await createUser(t.app, { account: 'madmin', tenantId: TENANT_B, roleIds: [role] })
  tenantAdmin = await loginAs(t.app, 'madmin', TENANT_B)
})
afterAll(async () => {
  await t.close()
})

describe('menu management', () => {
  it('lists the whole tree with buttons and labels, menus only, one level, and filters', async () => {
    const all: TNode[] = await get(admin, '/api/ysjs-system/menu/list')
    const system = all.find((m) => m.code === 'system')!
    const param = system.children!.find((m) => m.code === 'param')!
    expect(param).toMatchObject({
      parentName: '系统管理',
      categoryName: '菜单',
      isOpenName: '否',
      hasChildren: true,
    })
    expect(param.children!.map((b) => b.code)).toEqual([
      'param_add',
      'param_edit',
      'param_delete',
      'param_view',
    ])
    const menusOnly: TNode[] = await get(admin, '/api/ysjs-system/menu/menu-list')
    expect(flat(menusOnly).some((m) => m.code === 'param_add')).toBe(false)
    const top = await get(admin, '/api/ysjs-system/menu/lazy-list?parentId=0')
    expect(top[0]).toMatchObject({ code: 'desk', parentName: '顶级', hasChildren: true })
    expect(top.every((m: { parentId: string }) => m.parentId === '0')).toBe(true)
    const children = await get(
      admin,
      `/api/ysjs-system/menu/lazy-menu-list?parentId=${await menuId('system')}`,
    )
    expect(children.map((m: TNode) => m.code)).toContain('param')
    expect(children.every((m: { category: number }) => m.category === 1)).toBe(true)
    const filtered = await get(admin, '/api/ysjs-system/menu/lazy-list?code=param_')
    expect(filtered.map((m: TNode) => m.code).sort()).toEqual([
      'param_add',
      'param_delete',
      'param_edit',
      'param_view',
    ])
    const detail = await get(admin, `/api/ysjs-system/menu/detail?id=${await menuId('param_add')}`)
    expect(detail).toMatchObject({
      code: 'param_add',
      parentName: '参数管理',
      categoryName: '按钮',
      actionName: '工具栏',
    })
  })

  it('submits menus with the rules of contract 5.4 and removes leaves only', async () => {
    const url = '/api/ysjs-system/menu/submit'
    const base = { code: 'report_x', name: '报表X', alias: 'menu', path: '/report/x', sort: 1, category: 1 }
    expect(await post(admin, url, { ...base, name: '' })).toMatchObject({ code: 400, msg: MenuMsg.NAME })
    expect(await post(admin, url, { ...base, code: undefined })).toMatchObject({
      code: 400,
      msg: MenuMsg.CODE,
    })
    expect(await post(admin, url, { ...base, sort: undefined })).toMatchObject({
      code: 400,
      msg: MenuMsg.SORT,
    })
    expect(await post(admin, url, { ...base, code: 'param' })).toMatchObject({
      code: 400,
      msg: MenuMsg.EXISTS,
    })
    expect(await post(admin, url, { ...base, name: '参数管理' })).toMatchObject({
      code: 400,
      msg: MenuMsg.EXISTS,
    })
    expect(await post(admin, url, { ...base, parentId: await menuId('param_add') })).toMatchObject({
      code: 400,
      msg: MenuMsg.PARENT_NOT_MENU,
    })
    const created = await post(admin, url, { ...base, parentId: await menuId('system') })
    expect(created).toMatchObject({ code: 200, data: { id: expect.stringMatching(/^\d+$/) } })
    const id = created.data.id as string
    // A button may be named like every other page's button.
    const button = await post(admin, url, {
      code: 'report_x_add',
      name: '新增',
      alias: 'add',
      sort: 1,
      category: 2,
      action: 1,
      parentId: id,
    })
    expect(button.code).toBe(200)
    expect(await post(admin, url, { ...base, id, parentId: button.data.id })).toMatchObject({
      code: 400,
      msg: MenuMsg.PARENT_NOT_MENU,
    })
    expect(await post(admin, url, { ...base, id, name: '报表Y' })).toMatchObject({ code: 200, data: { id } })
    expect(await post(admin, `/api/ysjs-system/menu/remove?ids=${id}`)).toMatchObject({
      code: 400,
      msg: '请先删除子节点!',
    })
    expect(await post(admin, `/api/ysjs-system/menu/remove?ids=${id},${button.data.id}`)).toMatchObject({
      code: 200,
    })
    expect(await t.app.prisma.menu.count({ where: { code: { startsWith: 'report_x' }, isDeleted: 0 } })).toBe(
      0,
    )
  })

  it('gives the grant trees: everything to the administrator, own menus to a tenant admin', async () => {
    const notice = await menuId('notice')
    const scope = await post(admin, '/api/ysjs-system/data-scope/submit', {
      menuId: notice,
      resourceCode: 'notice',
      scopeName: '本人可见',
      scopeType: 2,
    })
    expect(scope.code).toBe(200)
    const api = await post(admin, '/api/ysjs-system/api-scope/submit', {
      menuId: await menuId('param'),
      resourceCode: 'param',
      scopeName: '参数接口',
      scopePath: '/api/ysjs-system/param',
      scopeType: 1,
    })
    expect(api.code).toBe(200)
    const mine = await get(admin, '/api/ysjs-system/menu/grant-tree')
    expect(flat(mine.menu).some((n) => n.title === '新增')).toBe(true)
    expect(flat(mine.dataScope).map((n) => n.title)).toEqual(['工作台', '通知公告', '本人可见'])
    expect(flat(mine.apiScope).map((n) => n.title)).toEqual(['系统管理', '参数管理', '参数接口'])
    const theirs = await get(tenantAdmin, '/api/ysjs-system/menu/grant-tree')
    const titles = flat(theirs.menu).map((n) => n.title)
    expect(titles).toEqual(
      expect.arrayContaining(['工作台', '通知公告', '权限管理', '角色管理', '系统管理', '顶部菜单']),
    )
    expect(titles).not.toContain('参数管理')
    expect(flat(theirs.dataScope).map((n) => n.title)).toEqual(['工作台', '通知公告', '本人可见'])
    expect(theirs.apiScope).toEqual([])
    const tree = await get(tenantAdmin, '/api/ysjs-system/menu/tree')
    expect(flat(tree).map((n) => n.title)).not.toContain('新增')
    expect(flat(tree).map((n) => n.title)).not.toContain('参数管理')
  })

  it('lists and labels data and API scopes per menu', async () => {
    const page = await get(admin, `/api/ysjs-system/data-scope/list?menuId=${await menuId('notice')}`)
    expect(page.records).toEqual([
      expect.objectContaining({ scopeName: '本人可见', scopeTypeName: '本人可见', scopeField: '*' }),
    ])
    const apis = await get(admin, `/api/ysjs-system/api-scope/list?menuId=${await menuId('param')}`)
    expect(apis.records).toEqual([
      expect.objectContaining({ scopePath: '/api/ysjs-system/param', scopeTypeName: '系统接口' }),
    ])
    expect((await get(admin, `/api/ysjs-system/api-scope/list?menuId=${await menuId('notice')}`)).total).toBe(
      0,
    )
  })
})

describe('top menus', () => {
  it('are tenant rows with unique codes, granted menus per top menu', async () => {
    const url = '/api/ysjs-system/topmenu/submit'
    expect(await post(tenantAdmin, url, { name: '办公', sort: 1 })).toMatchObject({
      code: 400,
      msg: TopMenuMsg.CODE,
    })
    expect(await post(tenantAdmin, url, { code: 'office', sort: 1 })).toMatchObject({
      code: 400,
      msg: TopMenuMsg.NAME,
    })
    expect(await post(tenantAdmin, url, { code: 'office', name: '办公', sort: 1 })).toMatchObject({
      code: 200,
    })
    expect(await post(tenantAdmin, url, { code: 'office', name: '办公2', sort: 2 })).toMatchObject({
      code: 400,
      msg: TopMenuMsg.CODE_EXISTS,
    })
    // Another tenant may use the same code.
    expect(await post(admin, url, { code: 'office', name: '办公', sort: 1 })).toMatchObject({ code: 200 })
    const list = await get(tenantAdmin, '/api/ysjs-system/topmenu/list')
    expect(list.records.map((r: { tenantId: string }) => r.tenantId)).toEqual([TENANT_B])
    const top = list.records[0].id as string
    const desk = [await menuId('desk'), await menuId('notice'), await menuId('notice_add')]
    expect(
      await post(tenantAdmin, '/api/ysjs-system/topmenu/grant', { topMenuIds: [top], menuIds: desk }),
    ).toMatchObject({ code: 200 })
    const keys = await get(tenantAdmin, `/api/ysjs-system/menu/top-tree-keys?topMenuIds=${top}`)
    // Buttons are not menus of a top menu.
    expect(keys.menu.sort()).toEqual(desk.slice(0, 2).sort())
    const routes = await get(tenantAdmin, `/api/ysjs-system/menu/routes?topMenuId=${top}`)
    expect(flat(routes).map((n) => n.code)).toEqual(['desk', 'notice'])
    const tree = await get(tenantAdmin, '/api/ysjs-system/menu/grant-top-tree')
    expect(flat(tree.menu).map((n) => n.title)).toContain('通知公告')
    // The administrator's top menu is not theirs to configure.
    const adminTop = (await get(admin, '/api/ysjs-system/topmenu/list')).records[0].id as string
    expect(
      await post(tenantAdmin, '/api/ysjs-system/topmenu/grant', { topMenuIds: [adminTop], menuIds: desk }),
    ).toMatchObject({
      code: 400,
      msg: '数据不存在',
    })
    expect(
      (await get(tenantAdmin, `/api/ysjs-system/menu/top-tree-keys?topMenuIds=${adminTop}`)).menu,
    ).toEqual([])
    expect(
      await post(tenantAdmin, '/api/ysjs-system/topmenu/grant', { topMenuIds: [], menuIds: [] }),
    ).toMatchObject({
      code: 400,
      msg: MenuMsg.TOP_MENUS_REQUIRED,
    })
  })
})

describe('menu writes that check then write (decision 030)', () => {
  const post = async (url: string, payload?: object) =>
    (await t.app.inject({ method: 'POST', url, headers: admin, ...(payload ? { payload } : {}) })).json()
  /** Sends `first`, waits until it waits on the held table, sends `second`, then releases the table. */
  const raced = async (
    first: () => Promise<{ code: number; msg: string }>,
    second: () => Promise<{ code: number; msg: string }>,
  ) => {
    const hold = await holdTable(t.app.prisma, 'blade_menu')
    let a: Promise<{ code: number; msg: string }>
    let b: Promise<{ code: number; msg: string }>
    try {
      a = first()
      await hold.untilWaiting(1)
      b = second()
      const isDone = settled(b)
      await hold.until(async () => isDone() || (await hold.waiting()) >= 2)
    } finally {
      await hold.release()
    }
    return Promise.all([a!, b!])
  }
  const menu = (code: string, over: object = {}) => ({
    code,
    name: code,
    alias: 'menu',
    path: `/${code}`,
    sort: 1,
    category: 1,
    ...over,
  })

  it('the same code submitted twice at once is saved once, the other refused', async () => {
    const code = `race_${Date.now()}`
    const answers = await raced(
      () => post('/api/ysjs-system/menu/submit', menu(code)),
      () => post('/api/ysjs-system/menu/submit', menu(code)),
    )
    expect(answers.map((a) => a.code).sort()).toEqual([200, 400])
    expect(answers.find((a) => a.code === 400)).toMatchObject({ msg: MenuMsg.EXISTS })
    expect(await t.app.prisma.menu.count({ where: { code, isDeleted: 0 } })).toBe(1)
  })

  it('a menu removed while a child is added: never removed with a live child', async () => {
    const code = `race_parent_${Date.now()}`
    const saved = await post('/api/ysjs-system/menu/submit', menu(code))
    expect(saved).toMatchObject({ code: 200 })
    const parentId = saved.data.id as string
    const [removed, added] = await raced(
      () => post(`/api/ysjs-system/menu/remove?ids=${parentId}`),
      () => post('/api/ysjs-system/menu/submit', menu(`${code}_child`, { parentId })),
    )
    const parent = await t.app.prisma.menu.findUniqueOrThrow({ where: { id: BigInt(parentId) } })
    const children = await t.app.prisma.menu.count({ where: { parentId: BigInt(parentId), isDeleted: 0 } })
    if (removed.code === 200) {
      expect(added).toMatchObject({ code: 400, msg: MenuMsg.PARENT_NOT_MENU })
      expect({ deleted: parent.isDeleted, children }).toEqual({ deleted: 1, children: 0 })
    } else {
      expect(added).toMatchObject({ code: 200 })
      expect({ deleted: parent.isDeleted, children }).toEqual({ deleted: 0, children: 1 })
    }
  })
})

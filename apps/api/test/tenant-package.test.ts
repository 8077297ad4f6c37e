import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auth, createTestApp, login, type TTestApp } from './helpers/app.ts'

let t: TTestApp
let admin: string
let menuIds: string[]
beforeAll(async () => {
  t = await createTestApp()
  admin = (await login(t.app, 'admin')).access_token
  const menus = await t.app.prisma.menu.findMany({
    where: { code: { in: ['desk', 'notice', 'notice_view'] } },
  })
  menuIds = menus.map((m) => String(m.id))
})
afterAll(async () => {
  await t.close()
})

const P = '/api/ysjs-system/tenant-package'
const call = async (method: 'GET' | 'POST', url: string, payload?: object, token = admin) => {
  const res = await t.app.inject({ method, url, headers: auth(token), ...(payload ? { payload } : {}) })
  return { status: res.statusCode, ...res.json() }
}

describe('tenant-package', () => {
  it('adds, lists, shows, edits and removes packages; menus as a comma list or an array', async () => {
    expect(
      await call('POST', `${P}/submit`, {
        packageName: '基础包',
        menuId: menuIds.join(','),
        remark: '工作台',
      }),
    ).toMatchObject({ code: 200, msg: '操作成功' })
    expect(
      await call('POST', `${P}/submit`, { packageName: '数组包', menuId: [menuIds[0], menuIds[1]] }),
    ).toMatchObject({
      code: 200,
    })
    const page = (await call('GET', `${P}/list?packageName=包&size=10`)).data
    expect(page.total).toBe(2)
    const basic = page.records.find((r: { packageName: string }) => r.packageName === '基础包')
    expect(basic.menuId.split(',').sort()).toEqual([...menuIds].sort())
    expect(basic).toMatchObject({ remark: '工作台', createUser: '1123598821738675201' })
    const arr = page.records.find((r: { packageName: string }) => r.packageName === '数组包')
    expect(arr.menuId).toBe(`${menuIds[0]},${menuIds[1]}`)

    expect(
      await call('POST', `${P}/submit`, {
        id: basic.id,
        packageName: '基础包二',
        menuId: menuIds[0],
        remark: '',
      }),
    ).toMatchObject({ code: 200 })
    expect((await call('GET', `${P}/detail?id=${basic.id}`)).data).toMatchObject({
      packageName: '基础包二',
      menuId: menuIds[0],
      remark: null,
    })
    expect((await call('GET', `${P}/select`)).data).toEqual(
      expect.arrayContaining([{ id: basic.id, packageName: '基础包二' }]),
    )
    expect(await call('POST', `${P}/remove?ids=${basic.id},${arr.id}`)).toMatchObject({ code: 200 })
    expect((await call('GET', `${P}/list`)).data.total).toBe(0)
  })

  it('answers the spec messages: 请输入产品包名称, 请选择菜单', async () => {
    expect(await call('POST', `${P}/submit`, { packageName: '', menuId: menuIds[0] })).toMatchObject({
      status: 400,
      msg: '请输入产品包名称',
    })
    expect(await call('POST', `${P}/submit`, { menuId: menuIds[0] })).toMatchObject({
      status: 400,
      msg: '请输入产品包名称',
    })
    for (const menuId of [undefined, '', ' , ', [], 'abc', '1,x']) {
      expect(await call('POST', `${P}/submit`, { packageName: '包', menuId }), String(menuId)).toMatchObject({
        status: 400,
        msg: '请选择菜单',
      })
    }
    expect(await call('POST', `${P}/submit`, { packageName: '包', menuId: '123' })).toMatchObject({
      status: 400,
      msg: '所选菜单不存在',
    })
    expect((await call('GET', `${P}/list`)).data.total).toBe(0)
  })

  it('offers every menu and button as a tree to choose from', async () => {
    const tree = (await call('GET', `${P}/menu-tree`)).data
    const desk = tree.find((n: { title: string }) => n.title === '工作台')
    expect(desk).toMatchObject({ parentId: '0', key: desk.id, value: desk.id, category: 1 })
    const notice = desk.children.find((n: { title: string }) => n.title === '通知公告')
    expect(notice.children.map((b: { title: string; category: number }) => [b.title, b.category])).toEqual(
      expect.arrayContaining([['新增', 2]]),
    )
    const count = (nodes: { children?: unknown[] }[]): number =>
      nodes.reduce((n, c) => n + 1 + count((c.children ?? []) as { children?: unknown[] }[]), 0)
    expect(count(tree)).toBe(await t.app.prisma.menu.count({ where: { isDeleted: 0 } }))
  })

  it('is refused without the permission codes', async () => {
    const hr = (await login(t.app, 'hr')).access_token
    for (const [method, url] of [
      ['GET', `${P}/list`],
      ['GET', `${P}/detail?id=1`],
      ['GET', `${P}/select`],
      ['POST', `${P}/submit`],
      ['POST', `${P}/remove?ids=1`],
      ['GET', `${P}/menu-tree`],
    ] as const) {
      expect((await call(method, url, {}, hr)).status, url).toBe(403)
    }
  })
})

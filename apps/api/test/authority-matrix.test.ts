import { nextId } from '@ysjs/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auth, createTestApp, login, type TTestApp } from './helpers/app.ts'
import { createRole, createTenant, createUser, grantCodes, loginAs } from './helpers/authority.ts'

/**
 * The authorisation matrix, generated from `app.routeAccess`: every API route that is not public
 * answers 401 without a token, and every route that needs a permission or role answers 403 to a user
 * whose role holds none — for the system module and any module registered later. Then another
 * tenant's admin, holding every permission, never reads or changes this tenant's rows.
 */
type THeaders = Record<string, string>
const TENANT_B = '300001'
let t: TTestApp
let admin: THeaders
let nobody: THeaders
let tenantAdmin: THeaders

const concrete = (url: string) => url.replace(/:(\w+)/g, 'x').replace(/\*$/, 'x')

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_AUTH_PER_MINUTE: '1000000' })
  admin = auth((await login(t.app, 'admin')).access_token)
  const bare = await createRole(t.app, { alias: 'bare', name: '无权限' })
  await createUser(t.app, { account: 'nobody', roleIds: [bare] })
  nobody = await loginAs(t.app, 'nobody')
  await createTenant(t.app, TENANT_B)
  const everything = await createRole(t.app, { tenantId: TENANT_B, alias: 'admin', name: '管理员' })
  await grantCodes(
    t.app,
    everything,
    (await t.app.prisma.menu.findMany({ where: { parentId: 0n } })).map((m) => m.code),
  )
  await createUser(t.app, {
    account: 'admin',
    tenantId: TENANT_B,
    roleIds: [everything],
    password: 'admin-b',
  })
  tenantAdmin = await loginAs(t.app, 'admin', TENANT_B, 'admin-b')
})
afterAll(async () => {
  await t.close()
})

const apiRoutes = () =>
  t.app.routeAccess.filter(
    (r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.method !== 'HEAD',
  )

describe('every API route', () => {
  it('answers 401 without a token unless it is public', async () => {
    const routes = apiRoutes().filter((r) => r.access !== 'public')
    expect(routes.length).toBeGreaterThan(50)
    const wrong: string[] = []
    for (const r of routes) {
      const res = await t.app.inject({ method: r.method as 'GET', url: concrete(r.url) })
      if (res.statusCode !== 401 || res.json().code !== 401) {
        wrong.push(`${r.method} ${r.url}: ${res.statusCode}`)
      }
    }
    expect(wrong).toEqual([])
  })

  it('answers 403 to a role without the permission (or role) the route declares', async () => {
    const routes = apiRoutes().filter((r) => typeof r.access === 'object')
    expect(routes.map((r) => r.url)).toEqual(
      expect.arrayContaining([
        '/api/ysjs-system/role/grant',
        '/api/ysjs-system/menu/submit',
        '/api/ysjs-system/topmenu/grant',
        '/api/ysjs-system/data-scope/remove',
        '/api/ysjs-system/access/preview',
      ]),
    )
    const wrong: string[] = []
    for (const r of routes) {
      const res = await t.app.inject({ method: r.method as 'GET', url: concrete(r.url), headers: nobody })
      if (res.statusCode !== 403 || res.json().msg !== '请求被拒绝') {
        wrong.push(`${r.method} ${r.url}: ${res.statusCode}`)
      }
    }
    expect(wrong).toEqual([])
  })
})

describe("another tenant's admin (holding every permission)", () => {
  type TRow = {
    create: () => Promise<bigint>
    prefix: string
    update: (id: bigint) => object
    read: (id: bigint) => Promise<unknown>
  }
  const rows: Record<string, TRow> = {
    role: {
      prefix: '/api/ysjs-system/role',
      create: () => createRole(t.app, { alias: `r${Date.now()}`, name: '本租户角色' }),
      update: (id) => ({ id: String(id), roleName: '改', roleAlias: 'changed', sort: 1 }),
      read: (id) => t.app.prisma.role.findUniqueOrThrow({ where: { id } }),
    },
    topmenu: {
      prefix: '/api/ysjs-system/topmenu',
      create: async () => {
        const id = nextId()
        await t.app.prisma.topMenu.create({
          data: { id, tenantId: '000000', code: `t${id}`, name: '顶部', sort: 1 },
        })
        return id
      },
      update: (id) => ({ id: String(id), code: 'changed', name: '改', sort: 1 }),
      read: (id) => t.app.prisma.topMenu.findUniqueOrThrow({ where: { id } }),
    },
    notice: {
      prefix: '/api/ysjs-desk/notice',
      create: async () => {
        const id = nextId()
        await t.app.prisma.notice.create({
          data: { id, tenantId: '000000', title: '本租户通知', releaseTime: new Date() },
        })
        return id
      },
      update: (id) => ({
        id: String(id),
        title: '改',
        category: 1,
        releaseTime: '2024-01-01 00:00:00',
        content: 'x',
      }),
      read: (id) => t.app.prisma.notice.findUniqueOrThrow({ where: { id } }),
    },
  }

  for (const [name, row] of Object.entries(rows)) {
    it(`never reads or changes a ${name} of tenant 000000`, async () => {
      const id = await row.create()
      const before = await row.read(id)
      const list = await t.app.inject({
        method: 'GET',
        url: `${row.prefix}/list?size=1000`,
        headers: tenantAdmin,
      })
      expect(list.statusCode, list.body).toBe(200)
      expect(JSON.stringify(list.json().data)).not.toContain(String(id))
      const detail = await t.app.inject({
        method: 'GET',
        url: `${row.prefix}/detail?id=${id}`,
        headers: tenantAdmin,
      })
      expect(detail.json()).toMatchObject({ code: 400, msg: '数据不存在' })
      const submit = await t.app.inject({
        method: 'POST',
        url: `${row.prefix}/submit`,
        headers: tenantAdmin,
        payload: row.update(id),
      })
      expect(submit.json().code, submit.body).not.toBe(200)
      await t.app.inject({ method: 'POST', url: `${row.prefix}/remove?ids=${id}`, headers: tenantAdmin })
      expect(await row.read(id)).toEqual(before)
      // The platform administrator does see it.
      const mine = await t.app.inject({ method: 'GET', url: `${row.prefix}/detail?id=${id}`, headers: admin })
      expect(mine.json().code).toBe(200)
    })
  }

  it('cannot write the platform tables (menus, data and API scopes) despite holding their codes', async () => {
    const menu = await t.app.prisma.menu.findFirstOrThrow({ where: { code: 'notice' } })
    const calls: [string, object | undefined][] = [
      [
        '/api/ysjs-system/menu/submit',
        { code: 'x_new', name: '新菜单', alias: 'menu', sort: 1, category: 1 },
      ],
      [`/api/ysjs-system/menu/remove?ids=${menu.id}`, undefined],
      [
        '/api/ysjs-system/data-scope/submit',
        { menuId: String(menu.id), resourceCode: 'notice', scopeName: 'x', scopeType: 1 },
      ],
      [
        '/api/ysjs-system/api-scope/submit',
        {
          menuId: String(menu.id),
          resourceCode: 'notice',
          scopeName: 'x',
          scopePath: '/api/x',
          scopeType: 1,
        },
      ],
    ]
    for (const [url, payload] of calls) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: tenantAdmin,
        ...(payload ? { payload } : {}),
      })
      expect(res.statusCode, `${url} ${res.body}`).toBe(403)
    }
    expect(await t.app.prisma.menu.count({ where: { code: 'x_new' } })).toBe(0)
    expect((await t.app.prisma.menu.findUniqueOrThrow({ where: { id: menu.id } })).isDeleted).toBe(0)
    expect(await t.app.prisma.scopeData.count()).toBe(0)
  })
})

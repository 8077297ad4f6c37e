import { hashPassword, md5Hex, nextId } from '@ysjs/db'
import { MEMBER_ONLY_MENUS, SurveyMsg } from '@ysjs/shared'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { auth, createTestApp, login, type TTestApp, tokenRequest } from './helpers/app.ts'

type TNode = { code: string; category: number; path: string | null; children?: TNode[] }
const codes = (nodes: TNode[]): string[] => nodes.flatMap((n) => [n.code, ...codes(n.children ?? [])])
const leaves = (nodes: TNode[]): string[] =>
  nodes.flatMap((n) => (n.children?.length ? leaves(n.children) : [n.code]))

let t: TTestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

const get = async (token: string, url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: auth(token) })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data
}

describe('menu/routes', () => {
  it('gives the administrator every menu but the member-only ones (no buttons), as a sorted tree', async () => {
    const { access_token } = await login(t.app, 'admin')
    const tree: TNode[] = await get(access_token, '/api/ysjs-system/menu/routes')
    const all = codes(tree)
    const menuCount = await t.app.prisma.menu.count({
      where: { category: 1, isDeleted: 0, code: { notIn: [...MEMBER_ONLY_MENUS] } },
    })
    expect(all).toHaveLength(menuCount)
    expect(all).not.toContain('evaluation')
    expect(all).not.toContain('survey_questionnaire')
    expect(all).toEqual(
      expect.arrayContaining(['desk', 'system', 'param', 'dict_horizontal', 'dict_vertical']),
    )
    expect(tree[0]!.code).toBe('desk')
    expect(tree.at(-1)!.code).toBe('system')
    const flat = (nodes: TNode[]): TNode[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])])
    expect(flat(tree).every((n) => n.category === 1)).toBe(true)
  })

  it('gives other roles only their granted menus, with ancestors', async () => {
    const { access_token } = await login(t.app, 'hr')
    const tree: TNode[] = await get(access_token, '/api/ysjs-system/menu/routes')
    expect(tree.map((n) => n.code)).toEqual(['desk', 'work'])
    expect(codes(tree)).not.toContain('param')
  })

  it('offers 成果申报 and 问卷管理 to member accounts alone (their calls refuse everyone else)', async () => {
    const member = (await login(t.app, 'member')).access_token
    const memberCodes = codes(await get(member, '/api/ysjs-system/menu/routes'))
    expect(memberCodes).toEqual(expect.arrayContaining([...MEMBER_ONLY_MENUS]))
    const admin = (await login(t.app, 'admin')).access_token
    // What the menus hide, the calls refuse: the administrator would get 仅会员单位的账号可以填报问卷和申报成果.
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/ysjs-evaluation/survey/openList',
      headers: auth(admin),
    })
    expect(res.statusCode).toBe(403)
    expect(res.json().msg).toBe(SurveyMsg.MEMBER_ONLY)
  })

  it('answers null for a token without roles', async () => {
    const { access_token } = await login(t.app, 'admin')
    const claims = JSON.parse(Buffer.from(access_token.split('.')[1]!, 'base64url').toString())
    const noRoles = t.app.jwt.sign({ ...claims, role_id: '', authorities: [] })
    // The token state must say the same as the claims (user, tenant, roles) for the token to be obeyed.
    const state = { user: claims.user_id, tenant: claims.tenant_id, roleIds: '', roles: '' }
    await t.redis.set(`auth:token:${claims.jti}`, JSON.stringify(state), 'EX', 60)
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/ysjs-system/menu/routes',
      headers: auth(noRoles),
    })
    expect(res.json()).toMatchObject({ code: 200, data: null })
  })

  it('narrows to a top menu when topMenuId is given', async () => {
    const { access_token } = await login(t.app, 'admin')
    const work = await t.app.prisma.menu.findFirstOrThrow({ where: { code: 'work_todo' } })
    const topId = nextId()
    await t.app.prisma.topMenu.create({
      data: { id: topId, tenantId: '000000', code: 'office', name: '办公', sort: 1 },
    })
    await t.app.prisma.topMenuSetting.create({ data: { id: nextId(), topMenuId: topId, menuId: work.id } })
    const tree: TNode[] = await get(access_token, `/api/ysjs-system/menu/routes?topMenuId=${topId}`)
    expect(codes(tree)).toEqual(['work', 'work_todo'])
    const tops = await get(access_token, '/api/ysjs-system/menu/top-menu')
    expect(tops.map((m: { code: string }) => m.code)).toContain('office')
  })
})

describe('menu/buttons', () => {
  it('gives the leaf button codes of the roles as permission codes', async () => {
    const admin = leaves(
      await get((await login(t.app, 'admin')).access_token, '/api/ysjs-system/menu/buttons'),
    )
    expect(admin).toEqual(
      expect.arrayContaining(['param_add', 'param_edit', 'param_delete', 'param_view', 'notice_add']),
    )
    const hr = leaves(await get((await login(t.app, 'hr')).access_token, '/api/ysjs-system/menu/buttons'))
    expect(hr).toEqual(expect.arrayContaining(['notice_add', 'work_todo_handle']))
    expect(hr).not.toContain('param_add')
  })
})

describe('tenant package and tenancy', () => {
  const TENANT_B = '654321'
  let tokenB: string

  beforeAll(async () => {
    const desk = await t.app.prisma.menu.findMany({
      where: { code: { in: ['desk', 'notice', 'notice_add', 'notice_view'] } },
    })
    const work = await t.app.prisma.menu.findMany({ where: { code: { in: ['work', 'work_todo'] } } })
    const pkgId = nextId()
    await t.app.prisma.tenantPackage.create({
      data: { id: pkgId, packageName: '基础包', menuId: desk.map((m) => m.id).join(',') },
    })
    await t.app.prisma.tenant.create({
      data: { id: nextId(), tenantId: TENANT_B, tenantName: '有色集团', packageId: pkgId },
    })
    const roleId = nextId()
    await t.app.prisma.role.create({
      data: { id: roleId, tenantId: TENANT_B, roleName: '管理员', roleAlias: 'admin' },
    })
    await t.app.prisma.roleMenu.createMany({
      data: [...desk, ...work].map((m) => ({ id: nextId(), roleId, menuId: m.id })),
    })
    const dictBizMenus = await t.app.prisma.menu.findMany({
      where: { code: { startsWith: 'dict_horizontal' } },
    })
    await t.app.prisma.roleMenu.createMany({
      data: dictBizMenus.map((m) => ({ id: nextId(), roleId, menuId: m.id })),
    })
    await t.app.prisma.user.create({
      data: {
        id: nextId(),
        tenantId: TENANT_B,
        account: 'admin',
        password: await hashPassword(md5Hex('admin-b')),
        roleId: String(roleId),
      },
    })
    const res = await tokenRequest(
      t.app,
      { grant_type: 'password', username: 'admin', password: md5Hex('admin-b'), tenantId: TENANT_B },
      { 'tenant-id': TENANT_B },
    )
    expect(res.statusCode, res.body).toBe(200)
    tokenB = res.json().access_token
  })

  it("caps a tenant's menus to its product package", async () => {
    const tree: TNode[] = await get(tokenB, '/api/ysjs-system/menu/routes')
    expect(codes(tree)).toEqual(['desk', 'notice'])
    const buttons = leaves(await get(tokenB, '/api/ysjs-system/menu/buttons'))
    expect(buttons).toEqual(['notice_add', 'notice_view'])
  })

  it('keeps business dictionaries per tenant: reads, writes and deletes', async () => {
    // The package caps permissions as it caps menus (decision 010b): put the dictionary screen in it.
    const pkg = await t.app.prisma.tenantPackage.findFirstOrThrow({ where: { packageName: '基础包' } })
    const dictMenus = await t.app.prisma.menu.findMany({ where: { code: { startsWith: 'dict_horizontal' } } })
    await t.app.prisma.tenantPackage.update({
      where: { id: pkg.id },
      data: { menuId: [pkg.menuId, ...dictMenus.map((m) => m.id)].join(',') },
    })
    t.app.caches.clearAll()
    expect(await get(tokenB, '/api/ysjs-system/dict-biz/dictionary?code=sex')).toEqual([])
    // Tenant B's admin adds its own dictionary through the API; the body cannot choose the tenant.
    const submit = await t.app.inject({
      method: 'POST',
      url: '/api/ysjs-system/dict-biz/submit',
      headers: auth(tokenB),
      payload: { code: 'sex', dictValue: '性别', sort: 1, isSealed: 0, tenantId: '000000' },
    })
    expect(submit.json(), submit.body).toMatchObject({ code: 200 })
    const rows = await t.app.prisma.dictBiz.findMany({ where: { code: 'sex', dictValue: '性别' } })
    expect(rows.map((r) => r.tenantId).sort()).toEqual(['000000', TENANT_B])

    const adminToken = (await login(t.app, 'admin')).access_token
    const mine = await get(adminToken, '/api/ysjs-system/dict-biz/dictionary?code=sex')
    expect(mine.map((d: { dictValue: string }) => d.dictValue)).toEqual(['男', '女'])

    // Tenant B cannot see or delete tenant 000000's rows, even by id.
    const foreign = rows.find((r) => r.tenantId === '000000')!
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/ysjs-system/dict-biz/detail?id=${foreign.id}`,
      headers: auth(tokenB),
    })
    expect(detail.json()).toMatchObject({ code: 400, msg: '数据不存在' })
    await t.app.inject({
      method: 'POST',
      url: `/api/ysjs-system/dict-biz/remove?ids=${foreign.id}`,
      headers: auth(tokenB),
    })
    const still = await t.app.prisma.dictBiz.findUniqueOrThrow({ where: { id: foreign.id } })
    expect(still.isDeleted).toBe(0)
  })
})

describe('menu/routes answers per menu snapshot', () => {
  let token: string
  let roleId: bigint
  const routesOf = async (accessToken: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/ysjs-system/menu/routes',
      headers: auth(accessToken),
    })
    expect(res.statusCode, res.body).toBe(200)
    return res
  }
  const clearCache = async () => {
    const { access_token } = await login(t.app, 'admin')
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/ysjs-auth/oauth/clear-cache',
      headers: auth(access_token),
    })
    expect(res.statusCode).toBe(200)
  }
  const menuId = async (code: string) => (await t.app.prisma.menu.findFirstOrThrow({ where: { code } })).id

  beforeAll(async () => {
    roleId = nextId()
    await t.app.prisma.role.create({
      data: { id: roleId, tenantId: '000000', roleName: '缓存探针', roleAlias: 'cache_probe' },
    })
    await t.app.prisma.roleMenu.createMany({
      data: [await menuId('work'), await menuId('work_todo')].map((id) => ({
        id: nextId(),
        roleId,
        menuId: id,
      })),
    })
    await t.app.prisma.user.create({
      data: {
        id: nextId(),
        tenantId: '000000',
        account: 'cacheprobe',
        password: await hashPassword(md5Hex('cacheprobe')),
        roleId: String(roleId),
      },
    })
    token = (await login(t.app, 'cacheprobe')).access_token
  })

  it('answers every role set its own tree from the same snapshot, as JSON', async () => {
    const probe = await routesOf(token)
    expect(codes(probe.json().data)).toEqual(['work', 'work_todo'])
    expect(probe.headers['content-type']).toBe('application/json; charset=utf-8')
    const hr = await routesOf((await login(t.app, 'hr')).access_token)
    expect(hr.json().data.map((n: TNode) => n.code)).toEqual(['desk', 'work'])
    // Served again from the cache: the same bytes.
    expect((await routesOf(token)).body).toBe(probe.body)
  })

  it('shows a grant change at once after clear-cache, and by itself once the menus are read again', async () => {
    const link = { id: nextId(), roleId, menuId: await menuId('param') }
    await t.app.prisma.roleMenu.create({ data: link })
    // Within the snapshot's lifetime the view is kept, like the permission checker's (a few seconds).
    expect(codes((await routesOf(token)).json().data)).toEqual(['work', 'work_todo'])
    await clearCache()
    expect(codes((await routesOf(token)).json().data)).toEqual(['work', 'work_todo', 'system', 'param'])

    await t.app.prisma.roleMenu.delete({ where: { id: link.id } })
    const now = Date.now()
    vi.spyOn(Date, 'now').mockReturnValue(now + 5_001)
    try {
      expect(codes((await routesOf(token)).json().data)).toEqual(['work', 'work_todo'])
    } finally {
      vi.restoreAllMocks()
    }
  })

  it('shows a renamed menu after clear-cache', async () => {
    const admin = (await login(t.app, 'admin')).access_token
    const name = (body: string) => {
      const flat = (nodes: (TNode & { name: string })[]): (TNode & { name: string })[] =>
        nodes.flatMap((n) => [n, ...flat((n.children ?? []) as (TNode & { name: string })[])])
      return flat(JSON.parse(body).data).find((n) => n.code === 'param')?.name
    }
    expect(name((await routesOf(admin)).body)).toBe('参数管理')
    await t.app.prisma.menu.update({ where: { id: await menuId('param') }, data: { name: '参数' } })
    try {
      await clearCache()
      expect(name((await routesOf(admin)).body)).toBe('参数')
    } finally {
      await t.app.prisma.menu.update({ where: { id: await menuId('param') }, data: { name: '参数管理' } })
      await clearCache()
    }
  })
})

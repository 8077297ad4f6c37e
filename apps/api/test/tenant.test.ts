import { md5Hex } from '@ysjs/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assertAccountQuota } from '../src/modules/tenant/tenant-rules.ts'
import { auth, createTestApp, login, type TTestApp, tokenRequest } from './helpers/app.ts'
import { holdTable, settled } from './helpers/locks.ts'

let t: TTestApp
let admin: string
beforeAll(async () => {
  t = await createTestApp()
  admin = (await login(t.app, 'admin')).access_token
})
afterAll(async () => {
  await t.close()
})

const T = '/api/ysjs-system/tenant'
const call = async (method: 'GET' | 'POST', url: string, payload?: object, token = admin) => {
  const res = await t.app.inject({ method, url, headers: auth(token), ...(payload ? { payload } : {}) })
  return { status: res.statusCode, ...res.json() }
}

const loginTo = (tenantId: string, account = 'admin', plain = 'admin') =>
  tokenRequest(
    t.app,
    { grant_type: 'password', username: account, password: md5Hex(plain), tenantId },
    { 'tenant-id': tenantId },
  )

let seq = 0
const createTenant = async (extra: Record<string, unknown> = {}) => {
  seq += 1
  const res = await call('POST', `${T}/submit`, {
    tenantName: `测试租户${seq}`,
    linkman: '张三',
    contactNumber: '13800000000',
    ...extra,
  })
  expect(res, JSON.stringify(res)).toMatchObject({ code: 200, success: true })
  return res.data as { id: string; tenantId: string }
}

describe('tenant/submit creates a tenant that can be used at once', () => {
  it('seeds its admin role, root dept, ceo post, admin user, dictionaries and default menus', async () => {
    const { id, tenantId } = await createTenant({ tenantName: '江西铜业', address: '南昌' })
    expect(tenantId).toMatch(/^\d{6}$/)
    expect(tenantId).not.toBe('000000')
    const db = t.app.prisma
    const tenant = await db.tenant.findUniqueOrThrow({ where: { tenantId } })
    expect(tenant).toMatchObject({ id: BigInt(id), tenantName: '江西铜业', accountNumber: 100, status: 1 })

    const roles = await db.role.findMany({ where: { tenantId } })
    expect(roles).toEqual([expect.objectContaining({ roleName: '管理员', roleAlias: 'admin', parentId: 0n })])
    const depts = await db.dept.findMany({ where: { tenantId } })
    expect(depts).toEqual([expect.objectContaining({ deptName: '江西铜业', parentId: 0n, ancestors: '0' })])
    const posts = await db.post.findMany({ where: { tenantId } })
    expect(posts).toEqual([expect.objectContaining({ postCode: 'ceo', postName: '首席执行官' })])
    const users = await db.user.findMany({ where: { tenantId } })
    expect(users).toEqual([
      expect.objectContaining({
        account: 'admin',
        roleId: String(roles[0]!.id),
        deptId: String(depts[0]!.id),
        postId: String(posts[0]!.id),
      }),
    ])
    expect(users[0]!.password).toMatch(/^\$argon2id\$/)
    expect(await db.userDept.count({ where: { userId: users[0]!.id, deptId: depts[0]!.id } })).toBe(1)

    // Every business dictionary of the management tenant, same shape, new ids.
    const source = await db.dictBiz.findMany({ where: { tenantId: '000000', isDeleted: 0 } })
    const copied = await db.dictBiz.findMany({ where: { tenantId } })
    expect(copied).toHaveLength(source.length)
    const shape = (rows: typeof source) => {
      const byId = new Map(rows.map((r) => [r.id, r]))
      return rows
        .map((r) => `${r.code}/${byId.get(r.parentId)?.dictKey ?? 'root'}/${r.dictKey}=${r.dictValue}`)
        .sort()
    }
    expect(shape(copied)).toEqual(shape(source))
    expect(copied.some((c) => source.some((s) => s.id === c.id))).toBe(false)

    // The menus of tenant.default.menuCode and every descendant (buttons too).
    const menuIds = (await db.roleMenu.findMany({ where: { roleId: roles[0]!.id } })).map((l) => l.menuId)
    const menus = await db.menu.findMany({ where: { id: { in: menuIds } } })
    const codes = new Set(menus.map((m) => m.code))
    for (const code of [
      'desk',
      'notice',
      'notice_add',
      'user',
      'user_add',
      'dept',
      'post',
      'dictbiz',
      'topmenu',
    ]) {
      expect(codes.has(code), code).toBe(true)
    }
    expect(codes.has('tenant')).toBe(false)
    expect(codes.has('param')).toBe(false)

    // Its admin signs in with tenant.default.password and sees only its own menus.
    const res = await loginTo(tenantId)
    expect(res.statusCode, res.body).toBe(200)
    const token = res.json().access_token
    expect(res.json()).toMatchObject({ tenant_id: tenantId, role_name: 'admin', account: 'admin' })
    const routes = (await call('GET', '/api/ysjs-system/menu/routes', undefined, token)).data
    const top = routes.map((m: { code: string }) => m.code)
    expect(top).toContain('desk')
    expect(top).not.toContain('base')
  })

  it('gives every tenant its own unused 6-digit code', async () => {
    const codes = new Set<string>()
    for (let i = 0; i < 6; i++) {
      codes.add((await createTenant()).tenantId)
    }
    expect(codes.size).toBe(6)
    for (const code of codes) {
      expect(code).toMatch(/^\d{6}$/)
    }
  })

  it('uses tenant.default.password and tenant.default.accountNumber', async () => {
    await t.app.prisma.param.updateMany({
      where: { paramKey: 'tenant.default.password' },
      data: { paramValue: 'Start#2024' },
    })
    await t.app.prisma.param.updateMany({
      where: { paramKey: 'tenant.default.accountNumber' },
      data: { paramValue: '3' },
    })
    await call('GET', '/api/ysjs-auth/oauth/clear-cache')
    try {
      const { tenantId } = await createTenant()
      expect((await loginTo(tenantId, 'admin', 'admin')).statusCode).toBe(400)
      expect((await loginTo(tenantId, 'admin', 'Start#2024')).statusCode).toBe(200)
      expect((await t.app.prisma.tenant.findUniqueOrThrow({ where: { tenantId } })).accountNumber).toBe(3)
    } finally {
      await t.app.prisma.param.updateMany({
        where: { paramKey: 'tenant.default.password' },
        data: { paramValue: 'admin' },
      })
      await t.app.prisma.param.updateMany({
        where: { paramKey: 'tenant.default.accountNumber' },
        data: { paramValue: '100' },
      })
      await call('GET', '/api/ysjs-auth/oauth/clear-cache')
    }
  })

  it('gives a tenant with a package the menus of its package, and caps its routes', async () => {
    const notice = await t.app.prisma.menu.findFirstOrThrow({ where: { code: 'notice' } })
    const noticeAdd = await t.app.prisma.menu.findFirstOrThrow({ where: { code: 'notice_add' } })
    expect(
      await call('POST', '/api/ysjs-system/tenant-package/submit', {
        packageName: '公告包',
        menuId: `${notice.id},${noticeAdd.id}`,
      }),
    ).toMatchObject({ code: 200 })
    const pkg = (await call('GET', '/api/ysjs-system/tenant-package/list?packageName=公告包')).data.records[0]
    const { tenantId, id } = await createTenant({ packageId: pkg.id })
    const role = await t.app.prisma.role.findFirstOrThrow({ where: { tenantId } })
    const links = await t.app.prisma.roleMenu.findMany({ where: { roleId: role.id } })
    expect(links.map((l) => l.menuId).sort()).toEqual([notice.id, noticeAdd.id].sort())
    const token = (await loginTo(tenantId)).json().access_token
    const routes = (await call('GET', '/api/ysjs-system/menu/routes', undefined, token)).data
    expect(routes).toHaveLength(1)
    expect(routes[0]).toMatchObject({ code: 'desk', children: [expect.objectContaining({ code: 'notice' })] })

    expect((await call('GET', `${T}/package-detail?tenantId=${id}`)).data).toMatchObject({
      id: pkg.id,
      packageName: '公告包',
    })
    expect((await call('GET', `${T}/detail?id=${id}`)).data).toMatchObject({ packageName: '公告包' })
    // A package in use cannot be deleted.
    expect(await call('POST', `/api/ysjs-system/tenant-package/remove?ids=${pkg.id}`)).toMatchObject({
      status: 400,
      msg: '产品包已被租户使用,不可删除!',
    })
    expect(await call('POST', `${T}/package-setting?tenantId=${tenantId}&packageId=`)).toMatchObject({
      code: 200,
    })
    expect(await call('GET', `${T}/package-detail?tenantId=${id}`)).toMatchObject({ code: 200, data: null })
    expect(await call('POST', `${T}/package-setting?tenantId=${tenantId}&packageId=${pkg.id}`)).toMatchObject(
      {
        code: 200,
      },
    )
    expect((await call('GET', `${T}/package-detail?tenantId=${id}`)).data.id).toBe(pkg.id)
    expect(await call('POST', `${T}/package-setting?tenantId=${tenantId}&packageId=123`)).toMatchObject({
      status: 400,
      msg: '产品包不存在',
    })
    expect(await call('POST', `${T}/package-setting?tenantId=999999&packageId=${pkg.id}`)).toMatchObject({
      status: 400,
      msg: '租户不存在',
    })
  })

  it('a package removed while a tenant is given it: never removed while a tenant uses it (decision 030)', async () => {
    const packageName = `并发包${++seq}`
    expect(
      await call('POST', '/api/ysjs-system/tenant-package/submit', {
        packageName,
        menuId: String((await t.app.prisma.menu.findFirstOrThrow({ where: { code: 'notice' } })).id),
      }),
    ).toMatchObject({ code: 200 })
    const pkg = (
      await call('GET', `/api/ysjs-system/tenant-package/list?packageName=${encodeURIComponent(packageName)}`)
    ).data.records[0]
    const { tenantId } = await createTenant({})
    // The removal is stopped between its count and its write; the tenant is given the package meanwhile.
    const hold = await holdTable(t.app.prisma, 'blade_tenant_package')
    let removed: Promise<{ code: number; msg: string }>
    let given: Promise<{ code: number; msg: string }>
    try {
      removed = call('POST', `/api/ysjs-system/tenant-package/remove?ids=${pkg.id}`)
      await hold.untilWaiting(1)
      given = call('POST', `${T}/package-setting?tenantId=${tenantId}&packageId=${pkg.id}`)
      const isDone = settled(given)
      await hold.until(async () => isDone() || (await hold.waiting()) >= 2)
    } finally {
      await hold.release()
    }
    const [r, g] = await Promise.all([removed!, given!])
    const stored = await t.app.prisma.tenantPackage.findUniqueOrThrow({ where: { id: BigInt(pkg.id) } })
    const users = await t.app.prisma.tenant.count({ where: { packageId: BigInt(pkg.id), isDeleted: 0 } })
    if (r.code === 200) {
      expect(g).toMatchObject({ code: 400, msg: '产品包不存在' })
      expect({ deleted: stored.isDeleted, users }).toEqual({ deleted: 1, users: 0 })
    } else {
      expect(r).toMatchObject({ code: 400, msg: '产品包已被租户使用,不可删除!' })
      expect(g).toMatchObject({ code: 200 })
      expect({ deleted: stored.isDeleted, users }).toEqual({ deleted: 0, users: 1 })
    }
  })

  it('refuses a missing name, linkman or phone with the form messages', async () => {
    const base = { tenantName: '某公司', linkman: '李四', contactNumber: '010-12345678' }
    for (const [field, msg] of [
      ['tenantName', '请输入租户名称'],
      ['linkman', '请输入联系人'],
      ['contactNumber', '请输入联系电话'],
    ] as const) {
      expect(await call('POST', `${T}/submit`, { ...base, [field]: '' })).toMatchObject({ status: 400, msg })
      const { [field]: _omitted, ...rest } = base
      expect(await call('POST', `${T}/submit`, rest)).toMatchObject({ status: 400, msg })
    }
    expect(await call('POST', `${T}/submit`, { ...base, packageId: '42' })).toMatchObject({
      status: 400,
      msg: '产品包不存在',
    })
  })

  it('edits a tenant and keeps domains unique', async () => {
    const a = await createTenant({ domain: 'http://a.example.cn' })
    const b = await createTenant()
    expect(
      await call('POST', `${T}/submit`, {
        id: b.id,
        tenantName: '改名后的租户',
        linkman: '王五',
        contactNumber: '13900000000',
        domain: 'http://a.example.cn',
      }),
    ).toMatchObject({ status: 400, msg: '当前域名已被其他租户绑定!' })
    expect(
      await call('POST', `${T}/submit`, {
        id: b.id,
        tenantName: '改名后的租户',
        linkman: '王五',
        contactNumber: '13900000000',
      }),
    ).toMatchObject({ code: 200 })
    expect((await call('GET', `${T}/detail?id=${b.id}`)).data).toMatchObject({
      tenantId: b.tenantId,
      tenantName: '改名后的租户',
      linkman: '王五',
    })
    expect((await call('GET', '/api/ysjs-system/tenant/info?domain=http://a.example.cn')).data.tenantId).toBe(
      a.tenantId,
    )
    expect(
      await call('POST', `${T}/submit`, { id: '1', tenantName: 'x', linkman: 'y', contactNumber: 'z' }),
    ).toMatchObject({ status: 400, msg: '数据不存在' })
  })
})

describe('tenant list, detail and select', () => {
  it('pages with filters for the management tenant, with package and account counts', async () => {
    const { tenantId } = await createTenant({ tenantName: '云南铝业' })
    const page = (await call('GET', `${T}/list?tenantName=云南&size=10`)).data
    expect(page.total).toBe(1)
    expect(page.records[0]).toMatchObject({
      tenantId,
      tenantName: '云南铝业',
      accountCount: 1,
      packageName: null,
    })
    expect((await call('GET', `${T}/list?tenantId=000000`)).data.records[0]).toMatchObject({
      tenantName: '管理组',
      accountNumber: -1,
    })
    const all = (await call('GET', `${T}/list?size=100`)).data
    expect(all.total).toBeGreaterThan(1)
    const select = (await call('GET', `${T}/select`)).data
    expect(select).toEqual(expect.arrayContaining([{ tenantId: '000000', tenantName: '管理组' }]))
  })

  it('shows a tenant admin only its own tenant and refuses it every administrator call', async () => {
    const { tenantId, id } = await createTenant({ tenantName: '自看租户' })
    const token = (await loginTo(tenantId)).json().access_token
    // Without the menu: 403.
    expect(await call('GET', `${T}/list`, undefined, token)).toMatchObject({ status: 403, msg: '请求被拒绝' })
    // Granted the tenant screen (and its buttons), it sees its own row only.
    const role = await t.app.prisma.role.findFirstOrThrow({ where: { tenantId } })
    const menus = await t.app.prisma.menu.findMany({ where: { code: { startsWith: 'tenant' } } })
    await t.app.prisma.roleMenu.createMany({
      data: menus.map((m, i) => ({ id: 9_000_000_000n + BigInt(i), roleId: role.id, menuId: m.id })),
    })
    t.app.permissions.clear()
    const page = (await call('GET', `${T}/list?size=100`, undefined, token)).data
    expect(page.records.map((r: { tenantId: string }) => r.tenantId)).toEqual([tenantId])
    expect((await call('GET', `${T}/select`, undefined, token)).data).toEqual([
      { tenantId, tenantName: '自看租户' },
    ])
    const mgmt = await t.app.prisma.tenant.findUniqueOrThrow({ where: { tenantId: '000000' } })
    expect(await call('GET', `${T}/detail?id=${mgmt.id}`, undefined, token)).toMatchObject({
      status: 400,
      msg: '数据不存在',
    })
    expect((await call('GET', `${T}/detail?id=${id}`, undefined, token)).data.tenantId).toBe(tenantId)
    // Creating, editing, settings, packages, pass, recycle and remove are the administrator's.
    const forbidden = [
      ['POST', `${T}/submit`, { tenantName: 'x', linkman: 'y', contactNumber: 'z' }],
      ['POST', `${T}/submit`, { id, tenantName: 'x', linkman: 'y', contactNumber: 'z' }],
      ['POST', `${T}/setting?ids=${id}&accountNumber=1000`],
      ['POST', `${T}/datasource?tenantId=${tenantId}&datasourceId=1`],
      ['GET', `${T}/package-detail?tenantId=${id}`],
      ['POST', `${T}/package-setting?tenantId=${tenantId}&packageId=`],
      ['POST', `${T}/pass?ids=${id}`],
      ['POST', `${T}/recycle?ids=${id}`],
      ['POST', `${T}/remove?ids=${mgmt.id}`],
    ] as const
    for (const [method, url, body] of forbidden) {
      expect(await call(method, url, body, token), url).toMatchObject({ status: 403 })
    }
  })

  it('refuses every tenant call to a user without the permission', async () => {
    const hr = (await login(t.app, 'hr')).access_token
    for (const [method, url] of [
      ['GET', `${T}/list`],
      ['GET', `${T}/detail?id=1`],
      ['GET', `${T}/select`],
      ['POST', `${T}/submit`],
      ['POST', `${T}/remove?ids=1`],
      ['POST', `${T}/setting?ids=1&accountNumber=1`],
      ['POST', `${T}/datasource?tenantId=000000`],
      ['GET', `${T}/package-detail?tenantId=1`],
      ['POST', `${T}/package-setting?tenantId=000000`],
      ['POST', `${T}/pass?ids=1`],
      ['POST', `${T}/recycle?ids=1`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: auth(hr), payload: {} })
      expect(res.statusCode, url).toBe(403)
    }
    const anonymous = await t.app.inject({ method: 'GET', url: `${T}/list` })
    expect(anonymous.statusCode).toBe(401)
  })
})

describe('tenant setting: quota and expiry', () => {
  it('refuses an expired tenant at login, and lets it in again once extended', async () => {
    const { tenantId, id } = await createTenant()
    expect(
      await call('POST', `${T}/setting?ids=${id}&accountNumber=20&expireTime=2020-01-01 00:00:00`),
    ).toMatchObject({ code: 200 })
    expect((await call('GET', `${T}/detail?id=${id}`)).data).toMatchObject({
      accountNumber: 20,
      expireTime: '2020-01-01 00:00:00',
    })
    const refused = await loginTo(tenantId)
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toEqual({
      error: 'access_denied',
      error_description: '租户授权已过期,请联系管理员',
    })
    expect(await call('POST', `${T}/setting?ids=${id}&accountNumber=20&expireTime=2999-12-31`)).toMatchObject(
      {
        code: 200,
      },
    )
    expect((await loginTo(tenantId)).statusCode).toBe(200)
    expect(await call('POST', `${T}/setting?ids=${id}&accountNumber=-1&expireTime=`)).toMatchObject({
      code: 200,
    })
    expect((await call('GET', `${T}/detail?id=${id}`)).data).toMatchObject({
      accountNumber: -1,
      expireTime: null,
    })
  })

  it('never expires the management tenant', async () => {
    const mgmt = await t.app.prisma.tenant.findUniqueOrThrow({ where: { tenantId: '000000' } })
    await call('POST', `${T}/setting?ids=${mgmt.id}&accountNumber=-1&expireTime=2020-01-01`)
    try {
      expect(
        (await tokenRequest(t.app, { grant_type: 'password', username: 'admin', password: md5Hex('admin') }))
          .statusCode,
      ).toBe(200)
    } finally {
      await t.app.prisma.tenant.update({ where: { id: mgmt.id }, data: { expireTime: null } })
    }
  })

  it('refuses bad settings with their messages', async () => {
    expect(await call('POST', `${T}/setting?ids=1&accountNumber=abc`)).toMatchObject({
      status: 400,
      msg: '请输入正确的账号额度',
    })
    expect(await call('POST', `${T}/setting?ids=1&accountNumber=-2`)).toMatchObject({
      status: 400,
      msg: '请输入正确的账号额度',
    })
    expect(await call('POST', `${T}/setting?ids=1&accountNumber=5&expireTime=2024-02-30`)).toMatchObject({
      status: 400,
      msg: '请输入正确的过期时间',
    })
    expect(await call('POST', `${T}/setting?accountNumber=5`)).toMatchObject({
      status: 400,
      msg: '缺少必要的请求参数: ids',
    })
  })

  it('counts accounts against the quota (当前租户已到最大账号额度!)', async () => {
    const { tenantId, id } = await createTenant()
    await call('POST', `${T}/setting?ids=${id}&accountNumber=2`)
    const db = t.app.prisma
    await expect(db.$transaction((tx) => assertAccountQuota(tx, tenantId))).resolves.toBeUndefined()
    await expect(db.$transaction((tx) => assertAccountQuota(tx, tenantId, 2))).rejects.toThrow(
      '当前租户已到最大账号额度!',
    )
    await db.user.create({
      data: { id: 8_000_000_000n, tenantId, account: 'second', password: 'x', roleId: '' },
    })
    await expect(db.$transaction((tx) => assertAccountQuota(tx, tenantId))).rejects.toThrow(
      '当前租户已到最大账号额度!',
    )
    await call('POST', `${T}/setting?ids=${id}&accountNumber=-1`)
    await expect(db.$transaction((tx) => assertAccountQuota(tx, tenantId, 500))).resolves.toBeUndefined()
    await expect(db.$transaction((tx) => assertAccountQuota(tx, '999998'))).rejects.toThrow(
      '未获得用户的租户信息',
    )
  })
})

describe('tenant datasource, pass, recycle and remove', () => {
  it('records the data source of a tenant', async () => {
    const { tenantId, id } = await createTenant()
    expect(await call('POST', `${T}/datasource?tenantId=${tenantId}&datasourceId=77`)).toMatchObject({
      code: 200,
    })
    expect((await call('GET', `${T}/detail?id=${id}`)).data.datasourceId).toBe('77')
    expect(await call('POST', `${T}/datasource?tenantId=abc&datasourceId=77`)).toMatchObject({
      status: 400,
      msg: '租户不存在',
    })
  })

  it('recycles a tenant (signed out, refused at login) and passes it again', async () => {
    const { tenantId, id } = await createTenant()
    const token = (await loginTo(tenantId)).json().access_token
    expect(await call('POST', `${T}/recycle?ids=${id}`)).toMatchObject({ code: 200 })
    expect((await call('GET', `${T}/detail?id=${id}`)).data.status).toBe(2)
    expect((await call('GET', '/api/ysjs-system/menu/routes', undefined, token)).status).toBe(401)
    expect((await loginTo(tenantId)).json()).toMatchObject({ error_description: '租户已被回收,请联系管理员' })
    expect(await call('POST', `${T}/pass?ids=${id}`)).toMatchObject({ code: 200 })
    expect((await call('GET', `${T}/detail?id=${id}`)).data.status).toBe(1)
    expect((await loginTo(tenantId)).statusCode).toBe(200)

    const mgmt = await t.app.prisma.tenant.findUniqueOrThrow({ where: { tenantId: '000000' } })
    expect(await call('POST', `${T}/recycle?ids=${mgmt.id},${id}`)).toMatchObject({
      status: 400,
      msg: '不可回收管理租户!',
    })
    expect((await call('GET', `${T}/detail?id=${id}`)).data.status).toBe(1)
  })

  it('never removes the management tenant, and removes a tenant with its users', async () => {
    const mgmt = await t.app.prisma.tenant.findUniqueOrThrow({ where: { tenantId: '000000' } })
    const { tenantId, id } = await createTenant()
    expect(await call('POST', `${T}/remove?ids=${mgmt.id},${id}`)).toMatchObject({
      status: 400,
      msg: '不可删除管理租户!',
    })
    expect((await call('GET', `${T}/detail?id=${id}`)).data.tenantId).toBe(tenantId)
    const token = (await loginTo(tenantId)).json().access_token
    expect(await call('POST', `${T}/remove?ids=${id}`)).toMatchObject({ code: 200 })
    expect(await call('GET', `${T}/detail?id=${id}`)).toMatchObject({ status: 400, msg: '数据不存在' })
    expect(await t.app.prisma.user.count({ where: { tenantId, isDeleted: 0 } })).toBe(0)
    expect((await loginTo(tenantId)).json()).toMatchObject({ error_description: '未获得用户的租户信息' })
    expect((await call('GET', '/api/ysjs-system/menu/routes', undefined, token)).status).toBe(401)
  })
})

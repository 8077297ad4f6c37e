import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auth, createTestApp, login, TENANT, type TTestApp } from './helpers/app.ts'
import { createRole, createTenant, createUser, SEED, signIn, tokenOf, unique } from './helpers/system.ts'

const U = '/api/ysjs-system/user'

let t: TTestApp
let admin: string
/** A second tenant whose `admin` role holds every user-screen permission. */
let other: Awaited<ReturnType<typeof createTenant>>
let otherAdmin: string
const USER_CODES = [
  'user',
  'user_add',
  'user_edit',
  'user_delete',
  'user_role',
  'user_reset',
  'user_view',
  'user_platform',
  'user_unlock',
  'user_audit',
]

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_AUTH_PER_MINUTE: '100000' })
  admin = (await login(t.app, 'admin')).access_token
  other = await createTenant(t.app.prisma, { tenantId: '700001', codes: USER_CODES })
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

const newUser = (over: Record<string, unknown> = {}) => ({
  account: unique('zs'),
  password: 'Secret#1',
  name: '张三',
  realName: '张三',
  roleId: SEED.roleHr,
  deptId: SEED.deptChangzhou,
  postId: SEED.postCeo,
  ...over,
})

/** Creates through the API and answers the new row. */
const submitUser = async (over: Record<string, unknown> = {}, token = admin) => {
  const body = newUser(over)
  const res = await post(`${U}/submit`, token, body)
  expect(res.json(), res.body).toMatchObject({ code: 200, success: true })
  return t.app.prisma.user.findFirstOrThrow({ where: { account: body.account as string, isDeleted: 0 } })
}

describe('user/submit', () => {
  it('creates a user that signs in with the plain password it was given, with its dept mirrored', async () => {
    const user = await submitUser({ deptId: `${SEED.deptChangzhou},${SEED.deptSuzhou}` })
    expect(user.password.startsWith('$argon2id$')).toBe(true)
    expect(user).toMatchObject({ tenantId: TENANT, status: 1, roleId: SEED.roleHr, postId: SEED.postCeo })
    const links = await t.app.prisma.userDept.findMany({ where: { userId: user.id } })
    expect(links.map((l) => String(l.deptId)).sort()).toEqual([SEED.deptChangzhou, SEED.deptSuzhou].sort())

    const token = await signIn(t.app, TENANT, user.account, 'Secret#1')
    expect(token.json()).toMatchObject({ account: user.account, role_name: 'hr' })

    const detail = (await get(`${U}/detail?id=${user.id}`, admin)).json()
    expect(detail.data).toMatchObject({
      id: String(user.id),
      account: user.account,
      roleName: '人事',
      deptName: '常州刀锋,苏州刀锋',
      postName: '首席执行官',
      tenantName: '管理组',
      userTypeName: 'WEB',
    })
    expect(detail.data.password).toBeUndefined()
  })

  it('answers the form messages and refuses unknown roles, depts and posts', async () => {
    const msg = async (over: Record<string, unknown>) =>
      (await post(`${U}/submit`, admin, newUser(over))).json()
    expect(await msg({ account: '' })).toMatchObject({ code: 400, msg: '请输入登录账号' })
    expect(await msg({ password: undefined })).toMatchObject({ code: 400, msg: '请输入密码' })
    expect(await msg({ name: '' })).toMatchObject({ code: 400, msg: '请输入用户昵称' })
    expect(await msg({ realName: '' })).toMatchObject({ code: 400, msg: '请输入用户姓名' })
    expect(await msg({ roleId: '' })).toMatchObject({ code: 400, msg: '请选择所属角色' })
    expect(await msg({ roleId: 'x,1' })).toMatchObject({ code: 400, msg: '请选择所属角色' })
    expect(await msg({ deptId: '' })).toMatchObject({ code: 400, msg: '请选择所属部门' })
    expect(await msg({ roleId: '42' })).toMatchObject({ code: 400, msg: '所选角色不存在' })
    expect(await msg({ deptId: other.deptId })).toMatchObject({ code: 400, msg: '所选部门不存在' })
    expect(await msg({ postId: other.postId })).toMatchObject({ code: 400, msg: '所选岗位不存在' })
    expect(await msg({ phone: '123' })).toMatchObject({ code: 400, msg: '手机号格式不正确' })
  })

  it('refuses a duplicate account in the tenant (any case), but not in another tenant', async () => {
    const first = await submitUser()
    for (const account of [first.account, first.account.toUpperCase()]) {
      const res = await post(`${U}/submit`, admin, newUser({ account }))
      expect(res.statusCode).toBe(400)
      expect(res.json().msg).toBe(`当前用户 [${account}] 已存在!`)
    }
    const elsewhere = await post(
      `${U}/submit`,
      otherAdmin,
      newUser({ account: first.account, roleId: other.roleId, deptId: other.deptId, postId: other.postId }),
    )
    expect(elsewhere.json()).toMatchObject({ code: 200 })
  })

  it("stops at the tenant's account quota (account_number; -1 is unlimited)", async () => {
    const small = await createTenant(t.app.prisma, {
      tenantId: '700002',
      accountNumber: 2,
      codes: USER_CODES,
    })
    const boss = await createUser(t.app.prisma, {
      tenantId: small.tenantId,
      roleId: small.roleId,
      deptId: small.deptId,
    })
    const token = await tokenOf(t.app, small.tenantId, boss.account)
    const body = () => newUser({ roleId: small.roleId, deptId: small.deptId, postId: small.postId })
    expect((await post(`${U}/submit`, token, body())).json()).toMatchObject({ code: 200 })
    const full = await post(`${U}/submit`, token, body())
    expect(full.statusCode).toBe(400)
    expect(full.json().msg).toBe('当前租户已到最大账号额度!')
    expect(await t.app.prisma.user.count({ where: { tenantId: small.tenantId } })).toBe(2)
    await t.app.prisma.tenant.update({ where: { tenantId: small.tenantId }, data: { accountNumber: -1 } })
    expect((await post(`${U}/submit`, token, body())).json()).toMatchObject({ code: 200 })
  })

  it('the platform administrator creates users in another tenant; a tenant admin only in its own', async () => {
    const account = unique('pa')
    const res = await post(
      `${U}/submit`,
      admin,
      newUser({
        account,
        tenantId: other.tenantId,
        roleId: other.roleId,
        deptId: other.deptId,
        postId: other.postId,
      }),
    )
    expect(res.json()).toMatchObject({ code: 200 })
    expect((await t.app.prisma.user.findFirstOrThrow({ where: { account } })).tenantId).toBe(other.tenantId)

    const sneaky = unique('sn')
    await post(
      `${U}/submit`,
      otherAdmin,
      newUser({
        account: sneaky,
        tenantId: TENANT,
        roleId: other.roleId,
        deptId: other.deptId,
        postId: other.postId,
      }),
    )
    expect((await t.app.prisma.user.findFirstOrThrow({ where: { account: sneaky } })).tenantId).toBe(
      other.tenantId,
    )
  })

  it('updates the profile and depts, never the password; update needs an id', async () => {
    const user = await submitUser()
    const res = await post(`${U}/submit`, admin, {
      ...newUser({ account: user.account, password: 'ignored', realName: '李四', deptId: SEED.deptSuzhou }),
      id: String(user.id),
    })
    expect(res.json()).toMatchObject({ code: 200 })
    const after = await t.app.prisma.user.findUniqueOrThrow({ where: { id: user.id } })
    expect(after).toMatchObject({ realName: '李四', deptId: SEED.deptSuzhou, password: user.password })
    const links = await t.app.prisma.userDept.findMany({ where: { userId: user.id } })
    expect(links.map((l) => String(l.deptId))).toEqual([SEED.deptSuzhou])

    const viaUpdate = await post(`${U}/update`, admin, {
      ...newUser({ account: user.account, name: '小李' }),
      id: String(user.id),
    })
    expect(viaUpdate.json()).toMatchObject({ code: 200 })
    expect((await t.app.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).name).toBe('小李')
    expect((await post(`${U}/update`, admin, newUser())).json()).toMatchObject({
      code: 400,
      msg: '缺少必要的请求参数: id',
    })
  })
})

describe('user/page', () => {
  it('filters by account and realName (equality), userType, status and a dept with its sub-departments', async () => {
    const root = await submitUser({ deptId: SEED.deptRoot, realName: '根部门' })
    const child = await submitUser({ deptId: SEED.deptSuzhou })
    const page = async (qs: string) => (await get(`${U}/page?size=100&${qs}`, admin)).json().data

    expect((await page(`account=${root.account}`)).records.map((r: { id: string }) => r.id)).toEqual([
      String(root.id),
    ])
    expect((await page(`account=${root.account.slice(0, 3)}`)).total).toBe(0)
    expect((await page('realName=根部门')).records.map((r: { id: string }) => r.id)).toEqual([
      String(root.id),
    ])

    const underRoot = (await page(`deptId=${SEED.deptRoot}`)).records.map((r: { id: string }) => r.id)
    expect(underRoot).toEqual(expect.arrayContaining([String(root.id), String(child.id), SEED.userAdmin]))
    const underSuzhou = (await page(`deptId=${SEED.deptSuzhou}`)).records.map((r: { id: string }) => r.id)
    expect(underSuzhou).toContain(String(child.id))
    expect(underSuzhou).not.toContain(String(root.id))

    expect((await page('userType=2')).total).toBe(0)
    const pending = await createUser(t.app.prisma, {
      tenantId: TENANT,
      roleId: '',
      deptId: SEED.deptSuzhou,
      status: 0,
    })
    const waiting = await page('status=0')
    expect(waiting.records.map((r: { id: string }) => r.id)).toContain(pending.id)
    expect(waiting.records.every((r: { status: number }) => r.status === 0)).toBe(true)
    expect((await get(`${U}/page?status=9`, admin)).statusCode).toBe(400)
  })

  it('shows the platform administrator every tenant (or one), a tenant admin only its own', async () => {
    const mine = (await get(`${U}/page?size=1000`, otherAdmin)).json().data.records
    expect(mine.length).toBeGreaterThan(0)
    expect(mine.every((r: { tenantId: string }) => r.tenantId === other.tenantId)).toBe(true)
    const widened = (await get(`${U}/page?size=1000&tenantId=${TENANT}`, otherAdmin)).json().data.records
    expect(widened.every((r: { tenantId: string }) => r.tenantId === other.tenantId)).toBe(true)

    const all = (await get(`${U}/page?size=1000`, admin)).json().data.records
    const tenants = new Set(all.map((r: { tenantId: string }) => r.tenantId))
    expect(tenants.has(TENANT) && tenants.has(other.tenantId)).toBe(true)
    const one = (await get(`${U}/page?size=1000&tenantId=${other.tenantId}`, admin)).json().data.records
    expect(one.every((r: { tenantId: string }) => r.tenantId === other.tenantId)).toBe(true)
    expect(one.find((r: { tenantName: string }) => r.tenantName === '租户700001')).toBeTruthy()
  })
})

describe('user/remove, grant, reset-password, unlock', () => {
  it('removes users and kills their tokens; never the caller itself', async () => {
    const user = await submitUser()
    const token = await tokenOf(t.app, TENANT, user.account, 'Secret#1')
    const self = await post(`${U}/remove?ids=${SEED.userAdmin},${user.id}`, admin)
    expect(self.json()).toMatchObject({ code: 400, msg: '不能删除本账号!' })
    expect(await t.app.prisma.user.count({ where: { id: user.id, isDeleted: 0 } })).toBe(1)

    expect((await post(`${U}/remove?ids=${user.id}`, admin)).json()).toMatchObject({ code: 200 })
    expect((await get(`${U}/info`, token)).statusCode).toBe(401)
    expect(await t.app.prisma.userDept.count({ where: { userId: user.id } })).toBe(0)
    expect((await get(`${U}/detail?id=${user.id}`, admin)).json()).toMatchObject({
      code: 400,
      msg: '用户不存在',
    })
  })

  it('grant overwrites the roles; only an administrator hands out administrator', async () => {
    const user = await submitUser()
    const before = await tokenOf(t.app, TENANT, user.account, 'Secret#1')
    const res = await post(
      `${U}/grant?userIds=${user.id}&roleIds=${SEED.roleManager},${SEED.roleUser}`,
      admin,
    )
    expect(res.json()).toMatchObject({ code: 200 })
    // The old token carried the old roles: it no longer works.
    expect((await get(`${U}/info`, before)).statusCode).toBe(401)
    expect((await t.app.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).roleId).toBe(
      `${SEED.roleManager},${SEED.roleUser}`,
    )
    const signedIn = (await signIn(t.app, TENANT, user.account, 'Secret#1')).json()
    expect(signedIn.role_name.split(',').sort()).toEqual(['manager', 'user'])

    expect((await post(`${U}/grant?userIds=${user.id}&roleIds=42`, admin)).json().msg).toBe('所选角色不存在')
    expect((await post(`${U}/grant?userIds=${user.id}`, admin)).json().msg).toBe('请选择所属角色')

    // A user manager who is not an administrator cannot make anyone one, nor touch an administrator.
    const managerRole = await createRole(t.app.prisma, TENANT, unique('um'), USER_CODES)
    const manager = await createUser(t.app.prisma, {
      tenantId: TENANT,
      roleId: managerRole,
      deptId: SEED.deptRoot,
    })
    const mt = await tokenOf(t.app, TENANT, manager.account)
    const escalate = await post(`${U}/grant?userIds=${manager.id}&roleIds=${SEED.roleAdministrator}`, mt)
    expect(escalate.json()).toMatchObject({ code: 400, msg: '无权配置超管角色!' })
    const reset = await post(`${U}/reset-password?userIds=${SEED.userAdmin}`, mt)
    expect(reset.json()).toMatchObject({ code: 400, msg: '无权操作超级管理员账号!' })
    expect((await signIn(t.app, TENANT, 'admin', 'admin')).statusCode).toBe(200)
  })

  it('reset-password sets account.initPassword (default 123456) and kills the old tokens', async () => {
    const user = await submitUser()
    const token = await tokenOf(t.app, TENANT, user.account, 'Secret#1')
    expect((await post(`${U}/reset-password?userIds=${user.id}`, admin)).json()).toMatchObject({ code: 200 })
    expect((await get(`${U}/info`, token)).statusCode).toBe(401)
    expect((await signIn(t.app, TENANT, user.account, 'Secret#1')).statusCode).toBe(400)
    expect((await signIn(t.app, TENANT, user.account, '123456')).statusCode).toBe(200)

    await t.app.prisma.param.updateMany({
      where: { paramKey: 'account.initPassword' },
      data: { paramValue: 'Init#789' },
    })
    await t.app.inject({ method: 'GET', url: '/api/ysjs-auth/oauth/clear-cache', headers: auth(admin) })
    await post(`${U}/reset-password?userIds=${user.id}`, admin)
    expect((await signIn(t.app, TENANT, user.account, 'Init#789')).statusCode).toBe(200)
    await t.app.prisma.param.updateMany({
      where: { paramKey: 'account.initPassword' },
      data: { paramValue: '123456' },
    })
    await t.app.inject({ method: 'GET', url: '/api/ysjs-auth/oauth/clear-cache', headers: auth(admin) })

    expect((await post(`${U}/reset-password?userIds=42`, admin)).json()).toMatchObject({
      code: 400,
      msg: '用户不存在',
    })
    expect((await post(`${U}/reset-password`, admin)).json().msg).toBe('缺少必要的请求参数: userIds')
  })

  it('unlock lifts a lockout after too many failures', async () => {
    const user = await submitUser()
    for (let i = 0; i < 5; i++) {
      await signIn(t.app, TENANT, user.account, 'wrong')
    }
    const locked = await signIn(t.app, TENANT, user.account, 'Secret#1')
    expect(locked.json().error_description).toBe('登录错误次数过多,请稍后再试')
    expect((await post(`${U}/unlock?userIds=${user.id}`, admin)).json()).toMatchObject({ code: 200 })
    expect((await signIn(t.app, TENANT, user.account, 'Secret#1')).statusCode).toBe(200)
  })
})

describe('audit of guest registrations', () => {
  const pendingUser = (account = unique('g')) =>
    createUser(t.app.prisma, {
      tenantId: TENANT,
      roleId: '',
      deptId: SEED.deptSuzhou,
      account,
      password: 'pw',
      status: 0,
    })

  it('a pending guest cannot sign in; refused it sees the reason; passed with a role it signs in', async () => {
    const guest = await pendingUser()
    expect((await signIn(t.app, TENANT, guest.account, 'pw')).json().error_description).toBe(
      '用户账号待审核,请耐心等待管理员通过',
    )
    expect((await post(`${U}/audit-refuse`, admin, { userIds: guest.id, reason: '' })).json().msg).toBe(
      '请输入驳回原因',
    )
    const refuse = await post(`${U}/audit-refuse`, admin, { userIds: [guest.id], reason: '资料不全' })
    expect(refuse.json()).toMatchObject({ code: 200 })
    expect((await signIn(t.app, TENANT, guest.account, 'pw')).json().error_description).toBe(
      '用户账号审核未通过: 资料不全',
    )
    const detail = (await get(`${U}/detail?id=${guest.id}`, admin)).json().data
    expect(detail).toMatchObject({ status: 2, auditReason: '资料不全' })

    expect((await post(`${U}/audit-pass?userIds=${guest.id}`, admin)).json()).toMatchObject({
      code: 400,
      msg: '请选择所属角色',
    })
    const pass = await post(`${U}/audit-pass?userIds=${guest.id}&roleIds=${SEED.roleUser}`, admin)
    expect(pass.json()).toMatchObject({ code: 200 })
    expect((await signIn(t.app, TENANT, guest.account, 'pw')).json()).toMatchObject({ role_name: 'user' })
    expect(
      (await t.app.prisma.user.findUniqueOrThrow({ where: { id: BigInt(guest.id) } })).auditReason,
    ).toBeNull()

    const again = await post(`${U}/audit-pass?userIds=${guest.id}&roleIds=${SEED.roleUser}`, admin)
    expect(again.json()).toMatchObject({ code: 400, msg: '所选用户均不是待审核状态' })
    expect((await post(`${U}/audit-refuse`, admin, { userIds: guest.id, reason: 'x' })).json().msg).toBe(
      '所选用户均不是待审核状态',
    )
  })

  it('audit-passCommpany approves a company with the account and password it will use', async () => {
    const guest = await pendingUser()
    const taken = await post(`${U}/audit-passCommpany`, admin, {
      id: guest.id,
      account: 'admin',
      password: 'Corp#2024',
      roleIds: SEED.roleUser,
    })
    expect(taken.json()).toMatchObject({ code: 400, msg: '当前用户 [admin] 已存在!' })
    expect((await post(`${U}/audit-passCommpany`, admin, { id: guest.id, account: 'x' })).json().msg).toBe(
      '请输入密码',
    )
    const account = unique('corp')
    const res = await post(`${U}/audit-passCommpany`, admin, {
      id: guest.id,
      account,
      password: 'Corp#2024',
      roleIds: SEED.roleUser,
    })
    expect(res.json()).toMatchObject({ code: 200 })
    expect((await signIn(t.app, TENANT, account, 'Corp#2024')).json()).toMatchObject({
      account,
      role_name: 'user',
    })
    expect((await signIn(t.app, TENANT, guest.account, 'pw')).statusCode).toBe(400)
  })

  it('audit-passCommpany binds a chosen company dept and adds the member role to the given roles', async () => {
    const guest = await pendingUser()
    const account = unique('unit')
    const res = await post(`${U}/audit-passCommpany`, admin, {
      id: guest.id,
      account,
      password: 'Corp#2024',
      roleIds: SEED.roleUser,
      unitId: SEED.deptSuzhou,
    })
    expect(res.json()).toMatchObject({ code: 200 })
    const member = await t.app.prisma.role.findFirstOrThrow({
      where: { roleAlias: 'member', tenantId: TENANT },
    })
    const user = await t.app.prisma.user.findUniqueOrThrow({ where: { id: BigInt(guest.id) } })
    expect(user).toMatchObject({
      status: 1,
      deptId: SEED.deptSuzhou,
      roleId: `${SEED.roleUser},${member.id}`,
    })
    expect(
      (await t.app.prisma.userDept.findMany({ where: { userId: user.id } })).map((d) => String(d.deptId)),
    ).toEqual([SEED.deptSuzhou])
    // Without a member role in the tenant nothing is approved.
    await t.app.prisma.role.update({ where: { id: member.id }, data: { roleAlias: 'member-off' } })
    const other = await pendingUser()
    const refused = await post(`${U}/audit-pass?userIds=${other.id}&unitName=x`, admin)
    await t.app.prisma.role.update({ where: { id: member.id }, data: { roleAlias: 'member' } })
    expect(refused.json()).toMatchObject({ code: 400, msg: '该租户没有会员单位角色 (别名 member)，请先创建' })
    expect((await t.app.prisma.user.findUniqueOrThrow({ where: { id: BigInt(other.id) } })).status).toBe(0)
  })
})

describe('platform, info, firm', () => {
  it('update-platform stores the extension of the chosen platform; platform-detail reads it', async () => {
    const user = await submitUser()
    const save = await post(`${U}/update-platform`, admin, {
      userId: String(user.id),
      userType: 1,
      userExt: '{"k":1}',
    })
    expect(save.json()).toMatchObject({ code: 200 })
    await post(`${U}/update-platform`, admin, { userId: String(user.id), userType: 1, userExt: '{"k":2}' })
    expect(await t.app.prisma.userWeb.count({ where: { userId: user.id } })).toBe(1)
    const detail = (await get(`${U}/platform-detail?id=${user.id}`, admin)).json().data
    expect(detail).toMatchObject({ id: String(user.id), userExt: '{"k":2}' })
    // The extension of the platform signed in from goes into the token's detail (contract 9.2).
    const token = (await signIn(t.app, TENANT, user.account, 'Secret#1')).json()
    expect(token.detail).toEqual({ type: 'web', ext: '{"k":2}' })
    expect(
      (await post(`${U}/update-platform`, admin, { userId: String(user.id), userType: 7 })).json().msg,
    ).toBe('请选择用户平台')
  })

  it('firm/selectUserFirmMixUser answers users with their company (nearest 公司 dept)', async () => {
    const res = await get('/api/ysjs-system/firm/selectUserFirmMixUser?name=admin', admin)
    const row = res.json().data.find((u: { account: string }) => u.account === 'admin')
    expect(row).toMatchObject({ deptName: '刀锋科技', firmId: SEED.deptRoot, firmName: '刀锋科技' })
    const hr = (await get('/api/ysjs-system/firm/selectUserFirmMixUser?name=hr', admin)).json().data[0]
    expect(hr).toMatchObject({ account: 'hr', deptName: '常州刀锋', firmName: '常州刀锋' })
    const foreign = (await get('/api/ysjs-system/firm/selectUserFirmMixUser', otherAdmin)).json().data
    expect(foreign.every((u: { tenantId: string }) => u.tenantId === other.tenantId)).toBe(true)
    expect(hr.password).toBeUndefined()
  })
})

describe('authorization of every management call', () => {
  const calls: [method: 'GET' | 'POST', url: string, code: string, body?: object][] = [
    ['GET', `${U}/page`, 'user'],
    ['GET', `${U}/detail?id=${SEED.userAdmin}`, 'user'],
    ['POST', `${U}/submit`, 'user_add', newUser()],
    ['POST', `${U}/update`, 'user_edit', { ...newUser(), id: SEED.userAdmin }],
    ['POST', `${U}/remove?ids=1`, 'user_delete'],
    ['POST', `${U}/grant?userIds=1&roleIds=1`, 'user_role'],
    ['POST', `${U}/reset-password?userIds=1`, 'user_reset'],
    ['POST', `${U}/unlock?userIds=1`, 'user_unlock'],
    ['POST', `${U}/audit-pass?userIds=1`, 'user_audit'],
    ['POST', `${U}/audit-refuse`, 'user_audit', { userIds: '1', reason: 'x' }],
    ['POST', `${U}/audit-passCommpany`, 'user_audit', { id: '1', account: 'a', password: 'b' }],
    ['GET', `${U}/platform-detail?id=1`, 'user_platform'],
    ['POST', `${U}/update-platform`, 'user_platform', { userId: '1', userType: 1 }],
  ]

  it('401 without a token, 403 for a role without the permission', async () => {
    const hr = (await login(t.app, 'hr')).access_token
    for (const [method, url, , body] of calls) {
      const anon = await t.app.inject({ method, url, ...(body ? { payload: body } : {}) })
      expect(anon.statusCode, url).toBe(401)
      const denied = await t.app.inject({
        method,
        url,
        headers: auth(hr),
        ...(body ? { payload: body } : {}),
      })
      expect(denied.statusCode, url).toBe(403)
      expect(denied.json()).toMatchObject({ code: 403, msg: '请求被拒绝' })
    }
    expect((await get('/api/ysjs-system/firm/selectUserFirmMixUser', null)).statusCode).toBe(401)
  })

  it('each call is allowed by exactly its own code', async () => {
    for (const [method, url, code, body] of calls) {
      const role = await createRole(t.app.prisma, TENANT, unique('r'), [code])
      const u = await createUser(t.app.prisma, { tenantId: TENANT, roleId: role, deptId: SEED.deptRoot })
      const token = await tokenOf(t.app, TENANT, u.account)
      const res = await t.app.inject({
        method,
        url,
        headers: auth(token),
        ...(body ? { payload: body } : {}),
      })
      expect(res.statusCode, `${url} with ${code}`).not.toBe(403)
    }
    // submit with only user_add may create but not update
    const addOnly = await createRole(t.app.prisma, TENANT, unique('r'), ['user_add'])
    const u = await createUser(t.app.prisma, { tenantId: TENANT, roleId: addOnly, deptId: SEED.deptRoot })
    const token = await tokenOf(t.app, TENANT, u.account)
    const upd = await post(`${U}/submit`, token, { ...newUser(), id: u.id })
    expect(upd.statusCode).toBe(403)
  })

  it("another tenant's admin can neither read nor change this tenant's users", async () => {
    const victim = await submitUser()
    const id = String(victim.id)
    expect((await get(`${U}/detail?id=${id}`, otherAdmin)).json()).toMatchObject({
      code: 400,
      msg: '用户不存在',
    })
    expect((await get(`${U}/platform-detail?id=${id}`, otherAdmin)).json().msg).toBe('用户不存在')
    const changes = [
      post(`${U}/submit`, otherAdmin, { ...newUser({ roleId: other.roleId, deptId: other.deptId }), id }),
      post(`${U}/grant?userIds=${id}&roleIds=${other.roleId}`, otherAdmin),
      post(`${U}/reset-password?userIds=${id}`, otherAdmin),
      post(`${U}/unlock?userIds=${id}`, otherAdmin),
      post(`${U}/update-platform`, otherAdmin, { userId: id, userType: 1, userExt: 'x' }),
    ]
    for (const res of await Promise.all(changes)) {
      expect(res.json()).toMatchObject({ code: 400, msg: '用户不存在' })
    }
    expect((await post(`${U}/remove?ids=${id}`, otherAdmin)).json()).toMatchObject({ code: 200 })
    const after = await t.app.prisma.user.findUniqueOrThrow({ where: { id: victim.id } })
    expect(after).toMatchObject({
      isDeleted: 0,
      roleId: victim.roleId,
      password: victim.password,
      realName: victim.realName,
    })
    expect(await t.app.prisma.userWeb.count({ where: { userId: victim.id } })).toBe(0)

    const refused = await post(`${U}/audit-refuse`, otherAdmin, { userIds: id, reason: 'x' })
    expect(refused.json().msg).toBe('所选用户均不是待审核状态')
  })
})

describe('user pickers (contract 7.2 user-list and select)', () => {
  const get = async (url: string, token: string) =>
    (await t.app.inject({ method: 'GET', url, headers: auth(token) })).json()

  it('user-list: the caller tenant only, equality filters, no personal data', async () => {
    const mine = (await get(`${U}/user-list`, admin)).data as { tenantId: string; account: string }[]
    expect(mine.map((u) => u.account)).toEqual(expect.arrayContaining(['admin', 'hr', 'manager', 'boss']))
    expect(new Set(mine.map((u) => u.tenantId))).toEqual(new Set([TENANT]))
    expect(mine[0]).not.toHaveProperty('password')
    expect(mine[0]).not.toHaveProperty('phone')
    expect(
      (await get(`${U}/user-list?account=hr`, admin)).data.map((u: { account: string }) => u.account),
    ).toEqual(['hr'])
    // Equality, not a substring: `h` is nobody's account.
    expect((await get(`${U}/user-list?account=h`, admin)).data).toEqual([])
    const inRoot = (await get(`${U}/user-list?deptId=${SEED.deptRoot}`, admin)).data
    expect(inRoot.map((u: { account: string }) => u.account)).toContain('admin')
    const theirs = (await get(`${U}/user-list`, otherAdmin)).data as { tenantId: string }[]
    expect(theirs.length).toBeGreaterThan(0)
    expect(new Set(theirs.map((u) => u.tenantId))).toEqual(new Set([other.tenantId]))
  })

  it('select: every active user of the tenant in pinyin order of the real name', async () => {
    const rows = (await get(`${U}/select`, admin)).data as { realName: string | null }[]
    const names = rows.map((r) => r.realName ?? '')
    expect(names).toEqual([...names].sort(new Intl.Collator('zh-CN').compare))
    expect(rows.length).toBeGreaterThanOrEqual(4)
  })

  it('needs a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${U}/user-list` })
    expect(res.statusCode).toBe(401)
  })
})

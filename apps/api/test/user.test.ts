import fs from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { md5Hex, nextId } from '@ysjs/db'
import { formatDate } from '@ysjs/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auth, createTestApp, login, TENANT, type TTestApp, tokenRequest } from './helpers/app.ts'
import { multipartFile } from './helpers/multipart.ts'

/** A local OAuth2/OIDC provider: one valid code per identity, userinfo behind the access token. */
const startProvider = async () => {
  const codes = new Map([
    [
      'code-alice',
      { sub: 'alice-1', preferred_username: 'alice', name: '爱丽丝', email: 'alice@example.com' },
    ],
    ['code-bob', { sub: 'bob-2', preferred_username: 'bob', name: '鲍勃' }],
    ['code-carol', { sub: 'carol-3', preferred_username: 'carol', name: '卡罗尔' }],
  ])
  const tokens = new Map<string, object>()
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c) => chunks.push(c))
    req.on('end', () => {
      if (req.url === '/token' && req.method === 'POST') {
        const form = new URLSearchParams(Buffer.concat(chunks).toString())
        const profile = codes.get(form.get('code') ?? '')
        if (!profile || form.get('client_id') !== 'ysjs' || form.get('client_secret') !== 'provider-secret') {
          res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"invalid_grant"}')
          return
        }
        const at = `at-${Math.random()}`
        tokens.set(at, profile)
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ access_token: at, token_type: 'bearer' }))
        return
      }
      if (req.url === '/userinfo') {
        const profile = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''))
        res
          .writeHead(profile ? 200 : 401, { 'content-type': 'application/json' })
          .end(JSON.stringify(profile ?? {}))
        return
      }
      res.writeHead(404).end()
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() }
}

let t: TTestApp
let provider: Awaited<ReturnType<typeof startProvider>>
let storageDir: string
beforeAll(async () => {
  provider = await startProvider()
  storageDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ysjs-storage-'))
  t = await createTestApp({
    SOCIAL_TOKEN_URL: `${provider.url}/token`,
    SOCIAL_USERINFO_URL: `${provider.url}/userinfo`,
    SOCIAL_CLIENT_ID: 'ysjs',
    SOCIAL_CLIENT_SECRET: 'provider-secret',
    STORAGE_DIR: storageDir,
  })
})
afterAll(async () => {
  await t.close()
  provider.close()
  await fs.rm(storageDir, { recursive: true, force: true })
})

const social = (code: string) =>
  tokenRequest(t.app, { grant_type: 'social', source: 'oidc', code, state: 'x', tenantId: TENANT })

describe('user/info and update-info', () => {
  it('answers the current user with labels and never the password', async () => {
    const { access_token } = await login(t.app, 'admin')
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/ysjs-system/user/info',
      headers: auth(access_token),
    })
    expect(res.json().data).toMatchObject({
      id: '1123598821738675201',
      account: 'admin',
      name: '管理员',
      tenantName: '管理组',
      roleName: '超级管理员',
      deptName: '刀锋科技',
      postName: '首席执行官',
      userTypeName: 'WEB',
      sexName: '男',
    })
    expect(res.body).not.toContain('password')
    expect(res.body).not.toContain('argon2')
  })

  it('updates the profile, with the avatar rule of the spec', async () => {
    const { access_token } = await login(t.app, 'boss')
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(1000),
    ])
    const small = multipartFile('file', 'me.png', png, 'image/png')
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/ysjs-resource/oss/endpoint/put-file',
      headers: { ...auth(access_token), ...small.headers },
      payload: small.payload,
    })
    expect(up.statusCode, up.body).toBe(200)
    const link = up.json().data.link as string
    expect(link).toMatch(/^\/api\/ysjs-resource\/oss\/file\/upload\/000000\/env\/\d{8}\/[0-9a-f-]{36}\.png$/)
    const img = await t.app.inject({ method: 'GET', url: link, headers: auth(access_token) })
    expect([img.statusCode, img.headers['content-type'], img.rawPayload.length]).toEqual([
      200,
      'image/png',
      png.length,
    ])

    const update = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/ysjs-system/user/update-info',
        headers: auth(access_token),
        payload,
      })
    expect(
      (await update({ name: '老板', avatar: link, email: 'boss@example.com', sex: 2 })).json(),
    ).toMatchObject({ code: 200 })
    const info = await t.app.inject({
      method: 'GET',
      url: '/api/ysjs-system/user/info',
      headers: auth(access_token),
    })
    expect(info.json().data).toMatchObject({
      name: '老板',
      avatar: link,
      email: 'boss@example.com',
      sexName: '女',
    })

    // A JPEG over 500kb passes put-file (an attachment may be that big) but is no avatar.
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(600 * 1024)])
    const big = multipartFile('file', 'big.jpg', jpeg, 'image/jpeg')
    const bigUp = await t.app.inject({
      method: 'POST',
      url: '/api/ysjs-resource/oss/endpoint/put-file',
      headers: { ...auth(access_token), ...big.headers },
      payload: big.payload,
    })
    expect((await update({ name: '老板', avatar: bigUp.json().data.link })).json()).toEqual({
      code: 400,
      success: false,
      data: null,
      msg: '上传头像图片只能是 JPG/PNG 格式,且大小不能超过 500KB!',
    })
    expect((await update({ name: '' })).json().msg).toBe('请输入用户昵称')
    expect((await update({ name: 'x', email: 'not-mail' })).json().msg).toBe('邮箱格式不正确')
  })
})

describe('uploads', () => {
  it('refuses a missing file, a forbidden type, and unknown files answer 404', async () => {
    const { access_token } = await login(t.app, 'admin')
    const exe = multipartFile('file', 'virus.exe', Buffer.from('MZ'))
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ysjs-resource/oss/endpoint/put-file',
      headers: { ...auth(access_token), ...exe.headers },
      payload: exe.payload,
    })
    expect(res.json()).toMatchObject({ code: 400, msg: '不支持上传该类型的文件' })
    const wrongField = multipartFile('other', 'a.png', Buffer.from('x'))
    const res2 = await t.app.inject({
      method: 'POST',
      url: '/api/ysjs-resource/oss/endpoint/put-file',
      headers: { ...auth(access_token), ...wrongField.headers },
      payload: wrongField.payload,
    })
    expect(res2.json()).toMatchObject({ code: 400, msg: '请选择要上传的文件' })
    const anon = await t.app.inject({
      method: 'POST',
      url: '/api/ysjs-resource/oss/endpoint/put-file',
      ...wrongField,
    })
    expect(anon.statusCode).toBe(401)
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/ysjs-resource/oss/file/upload/20260101/nope.png',
      headers: auth(access_token),
    })
    expect(missing.statusCode).toBe(404)
    const traversal = await t.app.inject({
      method: 'GET',
      url: '/api/ysjs-resource/oss/file/../../etc/passwd',
      headers: auth(access_token),
    })
    expect(traversal.statusCode).toBe(404)
  })

  it('put-file-attach records an attachment row', async () => {
    const { access_token } = await login(t.app, 'admin')
    const doc = multipartFile('file', '检测报告.pdf', Buffer.from('%PDF-1.4'), 'application/pdf')
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ysjs-resource/oss/endpoint/put-file-attach',
      headers: { ...auth(access_token), ...doc.headers },
      payload: doc.payload,
    })
    const data = res.json().data
    expect(data).toMatchObject({ originalName: '检测报告.pdf' })
    const row = await t.app.prisma.attach.findUniqueOrThrow({ where: { id: BigInt(data.attachId) } })
    expect(row).toMatchObject({ tenantId: '000000', extension: 'pdf', attachSize: 8n, link: data.link })
  })
})

describe('update-password', () => {
  it('checks the old password and the confirmation, then revokes every token', async () => {
    const first = await login(t.app, 'manager')
    const second = await login(t.app, 'manager')
    const change = (q: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/ysjs-system/user/update-password',
        query: q,
        headers: auth(first.access_token),
      })
    expect(
      (
        await change({ oldPassword: md5Hex('wrong'), newPassword: md5Hex('n'), newPassword1: md5Hex('n') })
      ).json().msg,
    ).toBe('原密码不正确!')
    expect(
      (
        await change({ oldPassword: md5Hex('manager'), newPassword: md5Hex('n'), newPassword1: md5Hex('m') })
      ).json().msg,
    ).toBe('请输入正确的确认密码!')
    expect((await change({ newPassword: md5Hex('n'), newPassword1: md5Hex('n') })).json().msg).toBe(
      '请输入原密码',
    )
    const ok = await change({
      oldPassword: md5Hex('manager'),
      newPassword: md5Hex('new-secret'),
      newPassword1: md5Hex('new-secret'),
    })
    expect(ok.json()).toMatchObject({ code: 200 })
    for (const token of [first.access_token, second.access_token]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/ysjs-system/user/info',
        headers: auth(token),
      })
      expect(res.statusCode).toBe(401)
    }
    expect((await login(t.app, 'manager', 'new-secret')).account).toBe('manager')
  })
})

describe('social grant and guest registration', () => {
  it('gives an unbound third-party user a guest token with no real user id', async () => {
    const res = await social('code-alice')
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ user_id: '-1', role_name: '', account: 'alice', nick_name: '爱丽丝' })
    expect(body.oauth_id).toMatch(/^\d+$/)
    const routes = await t.app.inject({
      method: 'GET',
      url: '/api/ysjs-system/menu/routes',
      headers: auth(body.access_token),
    })
    expect(routes.json().data).toBeNull()
    const params = await t.app.inject({
      method: 'GET',
      url: '/api/ysjs-system/param/list',
      headers: auth(body.access_token),
    })
    expect(params.statusCode).toBe(403)
  })

  it('refuses a code the provider does not accept, and a client-made identity', async () => {
    const res = await social('forged-code')
    expect(res.json()).toEqual({ error: 'invalid_grant', error_description: '第三方登录失败' })
    const noCode = await social('')
    expect(noCode.json().error_description).toBe('第三方登录失败')
  })

  it('registers a pending account bound to the identity; it signs in after approval', async () => {
    const guest = (await social('code-bob')).json()
    const register = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/ysjs-system/user/register-guest',
        headers: auth(guest.access_token),
        payload,
      })
    expect((await register({ tenantId: '', account: 'bob', password: md5Hex('pw') })).json().msg).toBe(
      '请先输入租户编号',
    )
    expect((await register({ tenantId: TENANT, account: '', password: md5Hex('pw') })).json().msg).toBe(
      '请先输入账号名称',
    )
    expect((await register({ tenantId: TENANT, account: 'bob' })).json().msg).toBe('请先输入密码')
    expect((await register({ tenantId: TENANT, account: 'admin', password: md5Hex('pw') })).json().msg).toBe(
      '当前用户 [admin] 已存在!',
    )
    const ok = await register({
      tenantId: TENANT,
      name: '鲍勃',
      account: 'bob',
      password: md5Hex('pw'),
      oauthId: '1',
    })
    expect(ok.json()).toMatchObject({ code: 200, msg: '注册申请已提交,请耐心等待管理员通过!' })

    const user = await t.app.prisma.user.findFirstOrThrow({ where: { account: 'bob', tenantId: TENANT } })
    expect(user).toMatchObject({ status: 0, roleId: '', name: '鲍勃' })
    const oauth = await t.app.prisma.userOauth.findUniqueOrThrow({ where: { id: BigInt(guest.oauth_id) } })
    expect(oauth.userId).toBe(user.id)

    const pending = await tokenRequest(t.app, {
      grant_type: 'password',
      username: 'bob',
      password: md5Hex('pw'),
      tenantId: TENANT,
    })
    expect(pending.json().error_description).toBe('用户账号待审核,请耐心等待管理员通过')
    expect((await social('code-bob')).json().error_description).toBe('用户账号待审核,请耐心等待管理员通过')

    // An administrator approves and grants a role (the approval screens come with system administration).
    await t.app.prisma.user.update({
      where: { id: user.id },
      data: { status: 1, roleId: '1123598816738675203' },
    })
    const bound = (await social('code-bob')).json()
    expect(bound).toMatchObject({
      user_id: String(user.id),
      account: 'bob',
      role_name: 'hr',
      oauth_id: guest.oauth_id,
    })
  })

  it('a guest approved as a member unit (a new company, the member role) fills for its unit', async () => {
    const guest = (await social('code-carol')).json()
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/ysjs-system/user/register-guest',
      headers: auth(guest.access_token),
      payload: { tenantId: TENANT, name: '卡罗尔', account: 'carol', password: md5Hex('pw'), oauthId: '1' },
    })
    expect(registered.json().code).toBe(200)
    const user = await t.app.prisma.user.findFirstOrThrow({ where: { account: 'carol', tenantId: TENANT } })
    const admin = auth((await login(t.app, 'admin')).access_token)
    const approve = (query: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/ysjs-system/user/audit-pass?userIds=${user.id}&${query}`,
        headers: admin,
      })
    // A unit must be a company: a department is refused.
    const dept = await t.app.prisma.dept.create({
      data: {
        id: nextId(),
        tenantId: TENANT,
        parentId: 0n,
        ancestors: '0',
        deptName: '审核测试部',
        deptCategory: 2,
      },
    })
    expect((await approve(`unitId=${dept.id}`)).json().msg).toBe('会员单位须为公司类机构')
    const pass = await approve(`unitName=${encodeURIComponent('赣锋锂业研究院')}`)
    expect(pass.json().code, pass.json().msg).toBe(200)

    const approved = await t.app.prisma.user.findUniqueOrThrow({ where: { id: user.id } })
    const unit = await t.app.prisma.dept.findFirstOrThrow({ where: { id: BigInt(approved.deptId) } })
    expect(unit).toMatchObject({
      deptName: '赣锋锂业研究院',
      deptCategory: 1,
      parentId: 0n,
      tenantId: TENANT,
    })
    const member = await t.app.prisma.role.findFirstOrThrow({
      where: { roleAlias: 'member', tenantId: TENANT },
    })
    expect(approved).toMatchObject({ status: 1, roleId: String(member.id) })

    // Signed in through the same identity, it is a member of its unit and fills the seeded survey.
    const signedIn = (await social('code-carol')).json()
    expect(signedIn).toMatchObject({ account: 'carol', role_name: 'member' })
    const h = auth(signedIn.access_token)
    const open = await t.app.inject({
      method: 'GET',
      url: '/api/ysjs-evaluation/survey/openList',
      headers: h,
    })
    const seeded = open
      .json()
      .data.find((s: { code: string }) => s.code === `YS-${formatDate(new Date()).slice(0, 4)}-01`)
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/ysjs-evaluation/example/submit',
      headers: h,
      payload: { surveyId: seeded.id },
    })
    expect(started.json().data).toMatchObject({ status: 2, firmName: '赣锋锂业研究院' })
    const company = await t.app.inject({
      method: 'GET',
      url: `/api/ysjs-evaluation/blade-company/company/companyInfo?surveyId=${seeded.id}`,
      headers: h,
    })
    expect(company.json().data.name).toBe('赣锋锂业研究院')
  })

  it('is refused when no provider is configured', async () => {
    const other = await createTestApp()
    try {
      const res = await tokenRequest(other.app, {
        grant_type: 'social',
        source: 'oidc',
        code: 'code-alice',
        tenantId: TENANT,
      })
      expect(res.json()).toEqual({ error: 'unsupported_grant_type', error_description: '该授权方式未开启' })
    } finally {
      await other.close()
    }
  })
})

describe('notices and dashboard', () => {
  it('notice CRUD through the generic mechanism, labelled from the notice dictionary', async () => {
    const { access_token } = await login(t.app, 'admin')
    const submit = await t.app.inject({
      method: 'POST',
      url: '/api/ysjs-desk/notice/submit',
      headers: auth(access_token),
      payload: {
        title: '关于成果评价工作的通知',
        category: 1,
        releaseTime: '2026-11-20 09:00:00',
        content: '<p>内容</p>',
      },
    })
    expect(submit.json(), submit.body).toMatchObject({ code: 200 })
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/ysjs-desk/notice/list?title=成果评价',
      headers: auth(access_token),
    })
    expect(list.json().data.records[0]).toMatchObject({
      title: '关于成果评价工作的通知',
      categoryName: '发布通知',
      releaseTime: '2026-11-20 09:00:00',
    })
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/ysjs-desk/notice/submit',
      headers: auth(access_token),
      payload: { title: 'x', category: 1, releaseTime: '20th of never' },
    })
    expect(bad.json().msg).toBe('请选择通知日期')
    const hr = await login(t.app, 'hr')
    const hrList = await t.app.inject({
      method: 'GET',
      // The seeded notices of contract section 12 are the tenant's too: count this test's own.
      url: `/api/ysjs-desk/notice/list?title=${encodeURIComponent('关于成果评价工作的通知')}`,
      headers: auth(hr.access_token),
    })
    expect(hrList.json().data.total).toBe(1)
  })

  it('dashboard figures count the tenant records', async () => {
    const { access_token } = await login(t.app, 'admin')
    // The write operations of the tests above are in the API-access log once it is flushed.
    await t.app.logs.flush()
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/ysjs-desk/dashboard/stats',
      headers: auth(access_token),
    })
    const data = res.json().data
    // The todo count is the user's open workflow tasks (issue 10): admin has none in this tenant.
    expect(data.todoCount).toBe(0)
    expect(data.userCount).toBeGreaterThanOrEqual(4)
    // The seed's four depts (the staff's three, the member account's unit) and those tests above made.
    expect(data.deptCount).toBeGreaterThanOrEqual(4)
    expect(data.deptCount).toBe(await t.app.prisma.dept.count({ where: { tenantId: TENANT, isDeleted: 0 } }))
    expect(data.trend).toHaveLength(7)
    expect(data.trend.at(-1)).toMatchObject({ date: formatDate(new Date()) })
    expect(data.trend.at(-1).count).toBeGreaterThan(0)
    expect(data.records.map((r: { name: string }) => r.name)).toContain('用户')
  })
})

import { hashPassword, md5Hex, nextId, sha1Hex } from '@ysjs/db'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { auth, BASIC, createTestApp, login, TENANT, type TTestApp, tokenRequest } from './helpers/app.ts'

const ADMIN_ID = '1123598821738675201'
const HR_ID = 1123598821738675202n
const ROLE_HR = 1123598816738675203n
const ROLE_MANAGER = 1123598816738675204n

const decode = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8'))

let t: TTestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

const passwordGrant = (username: string, plain: string, headers: Record<string, string> = {}) =>
  tokenRequest(
    t.app,
    { grant_type: 'password', username, password: md5Hex(plain), tenantId: TENANT },
    headers,
  )

const expectOAuthError = (
  res: { statusCode: number; json: () => unknown },
  status: number,
  error: string,
  description: string,
) => {
  expect(res.statusCode).toBe(status)
  expect(res.json()).toEqual({ error, error_description: description })
}

describe('password grant', () => {
  it('answers the platform token fields and claims', async () => {
    const res = await passwordGrant('admin', 'admin')
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({
      token_type: 'bearer',
      expires_in: 3599,
      scope: 'all',
      tenant_id: TENANT,
      user_id: ADMIN_ID,
      account: 'admin',
      user_name: 'admin',
      nick_name: '管理员',
      real_name: '管理员',
      role_name: 'administrator',
      role_id: '1123598816738675201',
      dept_id: '1123598813738675201',
      post_id: '1123598817738675201',
      client_id: 'saber',
      oauth_id: '',
      license: 'powered by bladex',
      detail: { type: 'web' },
    })
    const access = decode(body.access_token)
    expect(access).toMatchObject({
      scope: ['all'],
      authorities: ['administrator'],
      client_id: 'saber',
      jti: body.jti,
    })
    expect(access.ati).toBeUndefined()
    expect(access.exp - Math.floor(Date.now() / 1000)).toBeGreaterThan(3500)
    const refresh = decode(body.refresh_token)
    expect(refresh.ati).toBe(body.jti)
    expect(refresh.exp - Math.floor(Date.now() / 1000)).toBeGreaterThan(604_000)
  })

  it('accepts the parameters in a form body and the tenant in the query', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ysjs-auth/oauth/token?tenant_id=000000',
      headers: { authorization: BASIC, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `grant_type=password&username=hr&password=${md5Hex('hr')}&scope=all`,
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().role_name).toBe('hr')
  })

  it('refuses bad or missing client credentials with 401', async () => {
    const bad = `Basic ${Buffer.from('saber:wrong').toString('base64')}`
    expectOAuthError(
      await passwordGrant('admin', 'admin', { authorization: bad }),
      401,
      'unauthorized',
      '客户端认证失败',
    )
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ysjs-auth/oauth/token',
      query: { grant_type: 'password', username: 'admin', password: md5Hex('admin') },
      headers: { 'tenant-id': TENANT },
    })
    expectOAuthError(res, 401, 'unauthorized', '客户端认证失败')
  })

  it('refuses a grant type the client does not allow, and unknown grant types', async () => {
    await t.app.prisma.client.create({
      data: {
        id: nextId(),
        clientId: 'limited',
        clientSecret: 'limited_secret',
        authorizedGrantTypes: 'password',
      },
    })
    const res = await tokenRequest(
      t.app,
      { grant_type: 'refresh_token', refresh_token: 'x' },
      { authorization: `Basic ${Buffer.from('limited:limited_secret').toString('base64')}` },
    )
    expectOAuthError(res, 400, 'unauthorized_client', '该客户端不支持此授权类型')
    expectOAuthError(
      await tokenRequest(t.app, { grant_type: 'magic' }),
      400,
      'unsupported_grant_type',
      '不支持的授权类型',
    )
    expectOAuthError(await tokenRequest(t.app, {}), 400, 'unsupported_grant_type', '不支持的授权类型')
  })

  it.each(['authorization_code', 'register'])('answers a clear error for the %s grant', async (grant) => {
    await t.app.prisma.client.update({
      where: { clientId: 'saber' },
      data: {
        authorizedGrantTypes: 'refresh_token,password,authorization_code,captcha,social,sms_code,register',
      },
    })
    expectOAuthError(
      await tokenRequest(t.app, { grant_type: grant }),
      400,
      'unsupported_grant_type',
      '该授权方式未开启',
    )
  })

  it('needs a tenant', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ysjs-auth/oauth/token',
      query: { grant_type: 'password', username: 'admin', password: md5Hex('admin') },
      headers: { authorization: BASIC },
    })
    expectOAuthError(res, 400, 'access_denied', '租户ID未找到')
  })

  it('refuses an unknown tenant and an expired one', async () => {
    expectOAuthError(
      await passwordGrant('admin', 'admin', { 'tenant-id': '999999' }),
      400,
      'access_denied',
      '未获得用户的租户信息',
    )
    await t.app.prisma.tenant.create({
      data: {
        id: nextId(),
        tenantId: '555555',
        tenantName: '过期租户',
        expireTime: new Date(Date.now() - 86_400_000),
      },
    })
    expectOAuthError(
      await passwordGrant('admin', 'admin', { 'tenant-id': '555555' }),
      400,
      'access_denied',
      '租户授权已过期,请联系管理员',
    )
  })

  it('answers 用户名或密码错误 for a wrong password and for an unknown user', async () => {
    expectOAuthError(await passwordGrant('boss', 'nope'), 400, 'invalid_grant', '用户名或密码错误')
    expectOAuthError(await passwordGrant('nobody', 'nobody'), 400, 'invalid_grant', '用户名或密码错误')
    // A password that is not an md5 hex string can never match.
    const raw = await tokenRequest(t.app, {
      grant_type: 'password',
      username: 'boss',
      password: 'boss',
      tenantId: TENANT,
    })
    expectOAuthError(raw, 400, 'invalid_grant', '用户名或密码错误')
    await t.redis.del('auth:fail:000000:boss', 'auth:fail:000000:nobody')
  })

  it('refuses a user without roles', async () => {
    await t.app.prisma.user.create({
      data: {
        id: nextId(),
        tenantId: TENANT,
        account: 'norole',
        password: await hashPassword(md5Hex('norole')),
        roleId: '',
      },
    })
    expectOAuthError(await passwordGrant('norole', 'norole'), 400, 'access_denied', '未获得用户的角色信息')
  })

  it('refuses a guest account awaiting approval', async () => {
    await t.app.prisma.user.create({
      data: {
        id: nextId(),
        tenantId: TENANT,
        account: 'pending',
        password: await hashPassword(md5Hex('pending')),
        roleId: String(ROLE_HR),
        status: 0,
      },
    })
    expectOAuthError(
      await passwordGrant('pending', 'pending'),
      400,
      'access_denied',
      '用户账号待审核,请耐心等待管理员通过',
    )
  })

  it('signs in users imported with the legacy sha1(md5) hash and upgrades it to argon2id', async () => {
    const id = nextId()
    await t.app.prisma.user.create({
      data: {
        id,
        tenantId: TENANT,
        account: 'legacy',
        password: sha1Hex(md5Hex('legacy')),
        roleId: String(ROLE_HR),
      },
    })
    expect((await passwordGrant('legacy', 'legacy')).statusCode).toBe(200)
    const stored = await t.app.prisma.user.findUniqueOrThrow({ where: { id } })
    expect(stored.password).toMatch(/^\$argon2id\$/)
    expect((await passwordGrant('legacy', 'legacy')).statusCode).toBe(200)
    expectOAuthError(await passwordGrant('legacy', 'wrong'), 400, 'invalid_grant', '用户名或密码错误')
  })

  it('narrows role and dept to the Role-Id and Dept-Id headers when the user has them', async () => {
    await t.app.prisma.user.update({
      where: { id: HR_ID },
      data: { roleId: `${ROLE_HR},${ROLE_MANAGER}`, deptId: '1123598813738675202,1123598813738675203' },
    })
    const both = (await passwordGrant('hr', 'hr')).json()
    expect(both.role_name).toBe('hr,manager')
    expect(both.dept_id).toBe('1123598813738675202,1123598813738675203')
    const narrowed = (
      await passwordGrant('hr', 'hr', { 'role-id': String(ROLE_MANAGER), 'dept-id': '1123598813738675203' })
    ).json()
    expect(narrowed.role_name).toBe('manager')
    expect(narrowed.role_id).toBe(String(ROLE_MANAGER))
    expect(narrowed.dept_id).toBe('1123598813738675203')
    // An id the user does not hold is ignored, not granted.
    const ignored = (await passwordGrant('hr', 'hr', { 'role-id': '1123598816738675201' })).json()
    expect(ignored.role_name).toBe('hr,manager')
  })
})

describe('lockout', () => {
  it('locks a source out of an account after 5 failures, for 30 minutes', async () => {
    for (let i = 0; i < 5; i++) {
      expectOAuthError(await passwordGrant('manager', 'wrong'), 400, 'invalid_grant', '用户名或密码错误')
    }
    const sourceKey = 'auth:fail-src:000000:manager:127.0.0.1'
    const ttl = await t.redis.ttl(sourceKey)
    expect(ttl).toBeGreaterThan(1790)
    expect(ttl).toBeLessThanOrEqual(1800)
    expectOAuthError(
      await passwordGrant('manager', 'manager'),
      400,
      'access_denied',
      '登录错误次数过多,请稍后再试',
    )
    await t.redis.pexpire(sourceKey, 50)
    await t.redis.pexpire('auth:fail:000000:manager', 50)
    await new Promise((r) => setTimeout(r, 120))
    expect((await passwordGrant('manager', 'manager')).statusCode).toBe(200)
    expect(await t.redis.exists(sourceKey)).toBe(0)
  })

  it('reads the limit from the account.failCount parameter', async () => {
    await t.app.prisma.param.updateMany({
      where: { paramKey: 'account.failCount' },
      data: { paramValue: '2' },
    })
    t.app.caches.clearAll()
    for (let i = 0; i < 2; i++) {
      await passwordGrant('boss', 'wrong')
    }
    expectOAuthError(await passwordGrant('boss', 'boss'), 400, 'access_denied', '登录错误次数过多,请稍后再试')
    await t.app.prisma.param.updateMany({
      where: { paramKey: 'account.failCount' },
      data: { paramValue: '5' },
    })
    t.app.caches.clearAll()
    await t.redis.del('auth:fail:000000:boss', 'auth:fail-src:000000:boss:127.0.0.1')
  })
})

describe('captcha grant', () => {
  const getCaptcha = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ysjs-auth/oauth/captcha' })
    expect(res.statusCode).toBe(200)
    const body = res.json() as { key: string; image: string }
    const text = (await t.redis.get(`auth:captcha:${body.key}`))!
    return { ...body, text }
  }
  const captchaLogin = (key: string, code: string) =>
    tokenRequest(
      t.app,
      {
        grant_type: 'captcha',
        username: 'admin',
        password: md5Hex('admin'),
        tenantId: TENANT,
        type: 'account',
      },
      { 'captcha-key': key, 'captcha-code': code },
    )

  it('answers a 130×48 PNG data URL and stores the text for 30 minutes', async () => {
    const c = await getCaptcha()
    expect(c.key).toMatch(/^[0-9a-f]{32}$/)
    expect(c.image.startsWith('data:image/png;base64,')).toBe(true)
    const png = Buffer.from(c.image.split(',')[1]!, 'base64')
    expect(png.subarray(1, 4).toString()).toBe('PNG')
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([130, 48])
    expect(c.text).toMatch(/^[a-z0-9]{5}$/)
    const ttl = await t.redis.ttl(`auth:captcha:${c.key}`)
    expect(ttl).toBeGreaterThan(1790)
  })

  it('accepts the code case-insensitively, once', async () => {
    const c = await getCaptcha()
    expect((await captchaLogin(c.key, c.text.toUpperCase())).statusCode).toBe(200)
    expectOAuthError(await captchaLogin(c.key, c.text), 400, 'access_denied', '验证码不正确')
  })

  it('refuses a wrong, missing or unknown code', async () => {
    const c = await getCaptcha()
    expectOAuthError(await captchaLogin(c.key, 'zzzzz'), 400, 'access_denied', '验证码不正确')
    expectOAuthError(await captchaLogin(c.key, c.text), 400, 'access_denied', '验证码不正确')
    expectOAuthError(await captchaLogin('', ''), 400, 'access_denied', '验证码不正确')
    expectOAuthError(await captchaLogin('0'.repeat(32), 'abcde'), 400, 'access_denied', '验证码不正确')
  })
})

describe('tokens', () => {
  it('reads the user from Blade-Auth (any case of bearer) and from the blade-auth query parameter', async () => {
    const { access_token } = await login(t.app, 'admin')
    for (const headers of [
      { 'blade-auth': `bearer ${access_token}` },
      { 'blade-auth': `Bearer ${access_token}` },
    ]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/ysjs-auth/oauth/user-info', headers })
      expect(res.json().data).toMatchObject({ userId: ADMIN_ID, account: 'admin', roleName: 'administrator' })
    }
    const byQuery = await t.app.inject({
      method: 'GET',
      url: `/api/ysjs-auth/oauth/user-info?blade-auth=${access_token}`,
    })
    expect(byQuery.statusCode).toBe(200)
  })

  it('answers 401 for missing, forged, expired and refresh tokens', async () => {
    const url = '/api/ysjs-system/menu/routes'
    const missing = await t.app.inject({ method: 'GET', url })
    expect([missing.statusCode, missing.json()]).toEqual([
      401,
      { code: 401, success: false, data: null, msg: '缺失令牌,鉴权失败' },
    ])

    const { access_token, refresh_token } = await login(t.app, 'admin')
    const claims = decode(access_token)
    const forgedSig = `${access_token.split('.').slice(0, 2).join('.')}.${Buffer.from('forged').toString('base64url')}`
    const res1 = await t.app.inject({ method: 'GET', url, headers: auth(forgedSig) })
    expect([res1.statusCode, res1.json().msg]).toEqual([401, '请求未授权'])

    const expired = t.app.jwt.sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 })
    const res2 = await t.app.inject({ method: 'GET', url, headers: auth(expired) })
    expect([res2.statusCode, res2.json().msg]).toEqual([401, '令牌已失效'])

    // A well-signed token that was never issued (token state on) is refused too.
    const neverIssued = t.app.jwt.sign({ ...claims, jti: 'not-issued' })
    const res3 = await t.app.inject({ method: 'GET', url, headers: auth(neverIssued) })
    expect([res3.statusCode, res3.json().msg]).toEqual([401, '令牌已失效'])

    const res4 = await t.app.inject({ method: 'GET', url, headers: auth(refresh_token) })
    expect([res4.statusCode, res4.json().msg]).toEqual([401, '请求未授权'])
    const res5 = await t.app.inject({ method: 'GET', url, headers: auth('not.a.jwt') })
    expect(res5.statusCode).toBe(401)
  })

  it('refreshes with the refresh grant and keeps the refresh token', async () => {
    const first = await login(t.app, 'hr')
    const res = await tokenRequest(t.app, {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token,
      tenantId: TENANT,
    })
    expect(res.statusCode).toBe(200)
    const next = res.json()
    expect(next.access_token).not.toBe(first.access_token)
    expect(next.refresh_token).toBe(first.refresh_token)
    expect(next.user_id).toBe(String(HR_ID))
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/ysjs-auth/oauth/user-info',
      headers: auth(next.access_token),
    })
    expect(me.statusCode).toBe(200)
  })

  it('refuses an access token, a forged token or another tenant as refresh token', async () => {
    const { access_token, refresh_token } = await login(t.app, 'hr')
    const asRefresh = (rt: string, headers = {}) =>
      tokenRequest(t.app, { grant_type: 'refresh_token', refresh_token: rt, tenantId: TENANT }, headers)
    expectOAuthError(await asRefresh(access_token), 400, 'invalid_grant', '刷新令牌已失效')
    expectOAuthError(await asRefresh('garbage'), 400, 'invalid_grant', '刷新令牌已失效')
    expectOAuthError(
      await asRefresh(refresh_token, { 'tenant-id': '123456' }),
      400,
      'invalid_grant',
      '刷新令牌已失效',
    )
  })

  it('logout revokes the access token and its refresh token', async () => {
    const { access_token, refresh_token } = await login(t.app, 'boss')
    const out = await t.app.inject({
      method: 'GET',
      url: '/api/ysjs-auth/oauth/logout',
      headers: auth(access_token),
    })
    expect(out.json()).toEqual({ success: 'true', msg: 'success' })
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/ysjs-auth/oauth/user-info',
      headers: auth(access_token),
    })
    expect([after.statusCode, after.json().msg]).toEqual([401, '令牌已失效'])
    const refreshed = await tokenRequest(t.app, {
      grant_type: 'refresh_token',
      refresh_token,
      tenantId: TENANT,
    })
    expectOAuthError(refreshed, 400, 'invalid_grant', '刷新令牌已失效')
    // Logging out without a token is harmless.
    const anon = await t.app.inject({ method: 'GET', url: '/api/ysjs-auth/oauth/logout' })
    expect(anon.json()).toEqual({ success: 'true', msg: 'success' })
  })

  it('a token checked before is still refused once revoked or expired', async () => {
    const url = '/api/ysjs-auth/oauth/user-info'
    // Verified claims are remembered per token: revocation (token state) and expiry must still win.
    const revoked = await login(t.app, 'hr')
    expect((await t.app.inject({ method: 'GET', url, headers: auth(revoked.access_token) })).statusCode).toBe(
      200,
    )
    await t.app.inject({
      method: 'GET',
      url: '/api/ysjs-auth/oauth/logout',
      headers: auth(revoked.access_token),
    })
    const afterLogout = await t.app.inject({ method: 'GET', url, headers: auth(revoked.access_token) })
    expect([afterLogout.statusCode, afterLogout.json().msg]).toEqual([401, '令牌已失效'])

    const expiring = await login(t.app, 'hr')
    expect(
      (await t.app.inject({ method: 'GET', url, headers: auth(expiring.access_token) })).statusCode,
    ).toBe(200)
    const { exp } = decode(expiring.access_token)
    vi.spyOn(Date, 'now').mockReturnValue(exp * 1000 + 1_000)
    try {
      const afterExpiry = await t.app.inject({ method: 'GET', url, headers: auth(expiring.access_token) })
      expect([afterExpiry.statusCode, afterExpiry.json().msg]).toEqual([401, '令牌已失效'])
    } finally {
      vi.restoreAllMocks()
    }
    expect(
      (await t.app.inject({ method: 'GET', url, headers: auth(expiring.access_token) })).statusCode,
    ).toBe(200)
  })

  it('a deleted user can no longer refresh', async () => {
    const id = nextId()
    await t.app.prisma.user.create({
      data: {
        id,
        tenantId: TENANT,
        account: 'leaver',
        password: await hashPassword(md5Hex('leaver')),
        roleId: String(ROLE_HR),
      },
    })
    const { refresh_token } = await login(t.app, 'leaver')
    await t.app.prisma.user.update({ where: { id }, data: { isDeleted: 1 } })
    const res = await tokenRequest(t.app, { grant_type: 'refresh_token', refresh_token, tenantId: TENANT })
    expectOAuthError(res, 400, 'invalid_grant', '刷新令牌已失效')
  })

  it('clear-cache answers the raw platform body', async () => {
    const { access_token } = await login(t.app, 'admin')
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/ysjs-auth/oauth/clear-cache',
      headers: auth(access_token),
    })
    expect(res.json()).toEqual({ success: 'true', msg: 'success' })
  })
})

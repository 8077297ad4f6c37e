import { md5Hex } from '@ysjs/db'
import { AuthMsg } from '@ysjs/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auth, BASIC, createTestApp, login, TENANT, type TTestApp } from './helpers/app.ts'

// The login as an attacker tries it (issue 6): brute force from one address or many, bursts of
// simultaneous guesses, timing, forged tokens, and the captcha that must actually protect.

const SWORD = `Basic ${Buffer.from('sword:sword_secret').toString('base64')}`

let t: TTestApp
const lines: string[] = []
beforeAll(async () => {
  t = await createTestApp(
    { LOG_LEVEL: 'info', RATE_LIMIT_AUTH_PER_MINUTE: '100000' },
    { logStream: { write: (line: string) => void lines.push(line) } },
  )
})
afterAll(async () => {
  await t.close()
})

type TGrant = {
  account: string
  plain: string
  from: string
  client?: string
  headers?: Record<string, string>
}
const grant = ({ account, plain, from, client = BASIC, headers = {} }: TGrant) =>
  t.app.inject({
    method: 'POST',
    url: '/api/ysjs-auth/oauth/token',
    query: {
      grant_type: 'password',
      username: account,
      password: md5Hex(plain),
      tenantId: TENANT,
      scope: 'all',
    },
    headers: { authorization: client, 'tenant-id': TENANT, ...headers },
    remoteAddress: from,
  })
const descriptionOf = (res: { json: () => unknown }) =>
  (res.json() as { error_description?: string }).error_description

const captchaHeaders = async () => {
  const { key } = (await t.app.inject({ method: 'GET', url: '/api/ysjs-auth/oauth/captcha' })).json()
  const text = (await t.redis.get(`auth:captcha:${key}`))!
  return { 'captcha-key': key, 'captcha-code': text }
}

const setParam = async (key: string, value: string) => {
  await t.app.prisma.param.updateMany({ where: { paramKey: key }, data: { paramValue: value } })
  t.app.caches.clearAll()
}

const usualLog = async (logId: string) => {
  await t.app.logs.flush()
  return t.app.prisma.logUsual.findMany({ where: { logId }, orderBy: { createTime: 'asc' } })
}

describe('lockout per account and source', () => {
  it('locks the guessing source out, not the real user on a known client', async () => {
    // The real user has signed in from their own machine before.
    expect((await grant({ account: 'hr', plain: 'hr', from: '10.1.0.1' })).statusCode).toBe(200)
    for (let i = 0; i < 5; i++) {
      expect(descriptionOf(await grant({ account: 'HR', plain: 'guess', from: '203.0.113.9' }))).toBe(
        '用户名或密码错误',
      )
    }
    // The attacker's address is refused, even with the right password (case-folded account).
    expect(descriptionOf(await grant({ account: 'hr', plain: 'hr', from: '203.0.113.9' }))).toBe(
      '登录错误次数过多,请稍后再试',
    )
    // The real user is not.
    expect((await grant({ account: 'hr', plain: 'hr', from: '10.1.0.1' })).statusCode).toBe(200)
    const locks = await usualLog('login.source-locked')
    expect(locks.at(-1)).toMatchObject({ remoteIp: '203.0.113.9', createBy: 'HR', logLevel: 'WARN' })
  })

  it('behind a shared address (one NAT), a guessing colleague never locks the real user out (issue 22)', async () => {
    const office = '198.51.100.20'
    expect((await grant({ account: 'manager', plain: 'manager', from: office })).statusCode).toBe(200)
    // Someone else in the office keeps guessing the account: the office's address is source-locked.
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 5; i++) {
        await grant({ account: 'manager', plain: 'guess', from: office })
      }
      expect(descriptionOf(await grant({ account: 'manager', plain: 'manager', from: office }))).toBe(
        '登录错误次数过多,请稍后再试',
      )
      // The real user, from the same address, gets in by solving the captcha, however often the
      // lock is renewed.
      const human = await grant({
        account: 'manager',
        plain: 'manager',
        from: office,
        headers: await captchaHeaders(),
      })
      expect(human.statusCode, human.body).toBe(200)
    }
  })

  it('asks an unknown client for a captcha once the account has failed from elsewhere', async () => {
    for (const from of ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4', '198.51.100.5']) {
      await grant({ account: 'manager', plain: 'guess', from, client: SWORD })
    }
    const unknown = await grant({ account: 'manager', plain: 'manager', from: '10.2.0.7', client: SWORD })
    expect([unknown.statusCode, descriptionOf(unknown)]).toEqual([400, '登录失败次数过多,请输入验证码'])
    // Without a captcha the guesses of a new address are not even checked.
    const guess = await grant({ account: 'manager', plain: 'guess', from: '198.51.100.6', client: SWORD })
    expect(descriptionOf(guess)).toBe('登录失败次数过多,请输入验证码')
    const withCaptcha = await grant({
      account: 'manager',
      plain: 'manager',
      from: '10.2.0.7',
      client: SWORD,
      headers: await captchaHeaders(),
    })
    expect(withCaptcha.statusCode).toBe(200)
  })

  it('hard-locks the account for everyone under a sustained attack, and logs the lock and its end', async () => {
    await setParam('account.hardLockCount', '8')
    expect((await grant({ account: 'boss', plain: 'boss', from: '10.3.0.1' })).statusCode).toBe(200)
    for (let i = 0; i < 8; i++) {
      await grant({ account: 'boss', plain: 'guess', from: `192.0.2.${i}`, headers: await captchaHeaders() })
    }
    const known = await grant({ account: 'boss', plain: 'boss', from: '10.3.0.1' })
    expect(descriptionOf(known)).toBe('登录错误次数过多,请稍后再试')
    const [locked] = await usualLog('login.locked')
    expect(locked?.logData).toMatch(
      /^账号 boss 因持续的错误登录被锁定至 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/,
    )

    // The lock runs out: the next attempt is served and the end of the lock is logged.
    await t.redis.pexpire('auth:lock:000000:boss', 20)
    await new Promise((r) => setTimeout(r, 60))
    await t.redis.del('auth:fail:000000:boss')
    expect((await grant({ account: 'boss', plain: 'boss', from: '10.3.0.1' })).statusCode).toBe(200)
    const [released] = await usualLog('login.released')
    expect(released).toMatchObject({ createBy: 'boss', logLevel: 'INFO' })
    await setParam('account.hardLockCount', '50')
  })

  it('checks at most failCount passwords of a burst of simultaneous guesses', async () => {
    const answers = await Promise.all(
      Array.from({ length: 60 }, () => grant({ account: 'admin', plain: 'guess', from: '203.0.113.77' })),
    )
    const checked = answers.filter((r) => descriptionOf(r) === '用户名或密码错误').length
    // Refused while five checks are running ('busy'), or once five have failed.
    const refused = answers.filter((r) =>
      ['登录错误次数过多,请稍后再试', AuthMsg.LOGIN_BUSY].includes(descriptionOf(r) ?? ''),
    ).length
    expect(checked).toBe(5)
    expect(refused).toBe(55)
    expect(descriptionOf(await grant({ account: 'admin', plain: 'guess', from: '203.0.113.77' }))).toBe(
      '登录错误次数过多,请稍后再试',
    )
    await t.app.loginGuard.unlock(TENANT, 'admin')
  })

  it('tells a burst of right passwords from one client to retry, without counting a failure', async () => {
    await t.app.loginGuard.unlock(TENANT, 'manager')
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => grant({ account: 'manager', plain: 'manager', from: '203.0.113.88' })),
    )
    const ok = answers.filter((r) => r.statusCode === 200).length
    const busy = answers.filter((r) => descriptionOf(r) === AuthMsg.LOGIN_BUSY).length
    expect(ok).toBeGreaterThanOrEqual(5)
    expect(ok + busy).toBe(10)
    // Nothing was counted against the account or the client: the next login is served at once.
    expect(await t.redis.get('auth:fail-src:000000:manager:203.0.113.88')).toBeNull()
    expect(await t.redis.get('auth:pending:000000:manager:203.0.113.88')).toBe('0')
    expect((await grant({ account: 'manager', plain: 'manager', from: '203.0.113.88' })).statusCode).toBe(200)
  })
})

describe('no account enumeration', () => {
  it('takes as long to refuse an unknown account as a wrong password', async () => {
    const median = async (account: string) => {
      const times: number[] = []
      for (let i = 0; i < 9; i++) {
        const t0 = performance.now()
        await grant({ account, plain: `wrong${i}`, from: `100.64.${account.length}.${i}`, client: SWORD })
        times.push(performance.now() - t0)
      }
      return times.sort((a, b) => a - b)[4]!
    }
    await median('nobody-here') // warm-up (the dummy hash is made on first use)
    const [known, unknown] = [await median('hr'), await median('nobody-at-all')]
    // Both pay one argon2 verification (~20–30 ms); before, an unknown account answered in ~7 ms.
    expect(unknown).toBeGreaterThan(known * 0.6)
    await t.app.loginGuard.unlock(TENANT, 'hr')
  })
})

describe('captcha', () => {
  it('is required for the web client when it is on, whatever the grant', async () => {
    const strict = await createTestApp({ CAPTCHA_ENABLED: 'true' })
    try {
      const tokenAt = (headers: Record<string, string>, grantType = 'password') =>
        strict.app.inject({
          method: 'POST',
          url: `/api/ysjs-auth/oauth/token?grant_type=${grantType}&username=admin&password=${md5Hex('admin')}&tenantId=${TENANT}`,
          headers: { authorization: BASIC, 'tenant-id': TENANT, ...headers },
        })
      const bare = await tokenAt({})
      expect([bare.statusCode, descriptionOf(bare)]).toEqual([400, '验证码不正确'])
      const captcha = async () => {
        const { key } = (
          await strict.app.inject({ method: 'GET', url: '/api/ysjs-auth/oauth/captcha' })
        ).json()
        return { 'captcha-key': key, 'captcha-code': (await strict.redis.get(`auth:captcha:${key}`))! }
      }
      expect((await tokenAt(await captcha())).statusCode).toBe(200)
      expect((await tokenAt(await captcha(), 'captcha')).statusCode).toBe(200)
      const wrong = await tokenAt({ ...(await captcha()), 'captcha-code': 'zzzzz' })
      expect(descriptionOf(wrong)).toBe('验证码不正确')
    } finally {
      await strict.close()
    }
  })
})

describe('tokens', () => {
  it('refuses a token whose claims differ from what was issued (re-signed with the key)', async () => {
    const hr = await login(t.app, 'hr')
    const claims = JSON.parse(Buffer.from(hr.access_token.split('.')[1]!, 'base64url').toString())
    const forgeries = [
      { ...claims, authorities: ['administrator'], role_name: 'administrator' },
      { ...claims, tenant_id: '999999' },
      { ...claims, user_id: '1123598821738675201' },
      { ...claims, role_id: '1123598816738675201' },
      { ...claims, authorities: 'administrator' },
    ]
    for (const forged of forgeries) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/ysjs-system/param/list',
        headers: auth(t.app.jwt.sign(forged)),
      })
      expect([res.statusCode, res.json().msg]).toEqual([401, '请求未授权'])
    }
    const genuine = await t.app.inject({
      method: 'GET',
      url: '/api/ysjs-system/user/info',
      headers: auth(hr.access_token),
    })
    expect(genuine.statusCode).toBe(200)
  })

  it('answers the token with Cache-Control: no-store', async () => {
    const res = await grant({ account: 'admin', plain: 'admin', from: '10.9.0.1' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.headers.pragma).toBe('no-cache')
  })

  it('never logs a token passed as ?blade-auth=', async () => {
    const { access_token } = await login(t.app, 'admin')
    await t.app.inject({ method: 'GET', url: `/api/ysjs-system/param/list?blade-auth=${access_token}` })
    await t.app.inject({
      method: 'POST',
      url: `/api/ysjs-system/param/remove?ids=1&blade-auth=${access_token}`,
    })
    await t.app.logs.flush()
    const logged = lines.join('\n')
    expect(logged).toContain('/api/ysjs-system/param/list?blade-auth=******')
    expect(logged).not.toContain(access_token)
    const rows = await t.app.prisma.logApi.findMany({
      where: { requestUri: '/api/ysjs-system/param/remove' },
    })
    expect(rows.length).toBeGreaterThan(0)
    expect(JSON.stringify(rows.map((r) => r.params))).not.toContain(access_token)
  })
})

describe('session endpoints', () => {
  it('clear-cache needs the administrator', async () => {
    const hr = (await login(t.app, 'hr')).access_token
    const denied = await t.app.inject({
      method: 'GET',
      url: '/api/ysjs-auth/oauth/clear-cache',
      headers: auth(hr),
    })
    expect([denied.statusCode, denied.json().msg]).toEqual([403, '请求被拒绝'])
    const admin = (await login(t.app, 'admin')).access_token
    const ok = await t.app.inject({
      method: 'GET',
      url: '/api/ysjs-auth/oauth/clear-cache',
      headers: auth(admin),
    })
    expect(ok.json()).toEqual({ success: 'true', msg: 'success' })
  })

  it('guest registration stays in the tenant the guest signed in to, and is for guests only', async () => {
    await t.app.prisma.tenant.create({
      data: { id: 9_000_001n, tenantId: '222222', tenantName: '他方', status: 1, isDeleted: 0 },
    })
    // A guest token of tenant 000000 (as the social grant issues one).
    const guestClaims = {
      tenant_id: TENANT,
      user_id: '-1',
      dept_id: '',
      post_id: '',
      role_id: '',
      oauth_id: '',
      account: 'guest',
      user_name: 'guest',
      nick_name: 'guest',
      real_name: 'guest',
      role_name: '',
      avatar: '',
      detail: { type: 'web' },
    }
    const guest = await t.app.tokens.issue(guestClaims, {
      clientId: 'saber',
      accessTtl: 600,
      refreshTtl: 600,
    })
    const register = (token: string, tenantId: string, account: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/ysjs-system/user/register-guest',
        headers: auth(token),
        payload: { tenantId, account, password: md5Hex('pw') },
      })
    const other = await register(guest.access_token, '222222', 'admin')
    expect([other.statusCode, other.json().msg]).toEqual([400, '只能在当前登录的租户下申请账号'])
    const admin = (await login(t.app, 'admin')).access_token
    const notGuest = await register(admin, TENANT, 'someone')
    expect([notGuest.statusCode, notGuest.json().msg]).toEqual([400, '当前用户已有账号,无需注册'])
    expect(await t.app.prisma.user.count({ where: { account: { in: ['someone'] } } })).toBe(0)
    expect(await t.app.prisma.user.count({ where: { tenantId: '222222' } })).toBe(0)
    expect((await register(guest.access_token, TENANT, 'newcomer')).statusCode).toBe(200)
  })
})

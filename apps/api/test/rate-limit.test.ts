import { md5Hex } from '@ysjs/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, login, TENANT, type TTestApp, tokenRequest } from './helpers/app.ts'

let t: TTestApp
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_AUTH_PER_MINUTE: '3' })
})
afterAll(async () => {
  await t.close()
})

describe('rate limit on the token endpoint', () => {
  it('answers 429 in the envelope, and a forged X-Forwarded-For does not reset it', async () => {
    const attempt = (ip: string) =>
      tokenRequest(
        t.app,
        { grant_type: 'password', username: 'admin', password: md5Hex('x'), tenantId: TENANT },
        {
          'x-forwarded-for': ip,
        },
      )
    const statuses = []
    for (let i = 0; i < 5; i++) {
      statuses.push((await attempt(`10.0.0.${i}`)).statusCode)
    }
    expect(statuses.slice(0, 3)).toEqual([400, 400, 400])
    const limited = await attempt('10.0.0.99')
    expect([limited.statusCode, limited.json()]).toEqual([
      429,
      { code: 429, success: false, data: null, msg: '请求过于频繁,请稍后再试' },
    ])
  })
})

describe('token index', () => {
  it('keeps one entry per live token and prunes expired ones', async () => {
    const app2 = await createTestApp()
    try {
      await login(app2.app, 'hr')
      await login(app2.app, 'hr')
      const key = 'auth:user-tokens:1123598821738675202'
      expect(await app2.redis.zcard(key)).toBe(4)
      const [oldest] = await app2.redis.zrange(key, '0', '0')
      await app2.redis.zadd(key, '1', oldest!)
      await login(app2.app, 'hr')
      expect(await app2.redis.zcard(key)).toBe(5)
    } finally {
      await app2.close()
    }
  })
})

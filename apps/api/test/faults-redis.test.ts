// Redis that hangs, refuses, or goes away while the API runs: requests that need it answer 503 in
// the envelope within about 2 s, the rest keep working (rate limits skip a failing store), and
// /api/health answers within about a second (decision 006). Before, with Redis unreachable at start
// a login got no answer in 15 s and authenticated calls answered 500.
import { md5Hex } from '@ysjs/db'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { auth, createTestApp, login, TENANT, type TTestApp, tokenRequest } from './helpers/app.ts'
import {
  blackHole,
  buildFaultApp,
  closedPort,
  expectDegraded,
  expectUnavailable,
  slowProxy,
  timed,
} from './helpers/faults.ts'

let t: TTestApp
let token: string
beforeAll(async () => {
  t = await createTestApp()
  token = (await login(t.app, 'admin')).access_token
})
afterAll(async () => {
  await t.close()
})

const redisPort = () => Number(new URL(inject('testServices').redisUrl).port || 6379)
/** An app on the test app's database and Redis at `port`, with the test app's key prefix. */
const appOn = (port: number) =>
  buildFaultApp({
    DATABASE_URL: t.databaseUrl,
    REDIS_URL: `redis://127.0.0.1:${port}`,
    REDIS_PREFIX: t.redisPrefix,
  })

const signIn = (app: FastifyInstance) =>
  timed(() =>
    tokenRequest(app, {
      grant_type: 'password',
      username: 'admin',
      password: md5Hex('admin'),
      tenantId: TENANT,
    }),
  )
const authenticated = (app: FastifyInstance) =>
  timed(() => app.inject({ method: 'GET', url: '/api/ysjs-system/param/list', headers: auth(token) }))
const health = (app: FastifyInstance) => timed(() => app.inject({ method: 'GET', url: '/api/health' }))
/** Public, rate-limited, and needs no Redis beyond the rate limit. */
const reportError = (app: FastifyInstance) =>
  timed(() =>
    app.inject({
      method: 'POST',
      url: '/api/ysjs-log/error/send-logs',
      payload: [{ type: 'error', message: 'boom', stack: 'at x', url: '/wel/index' }],
    }),
  )
/** Public and needs neither the rate limit nor Redis. */
const webConfig = (app: FastifyInstance) => app.inject({ method: 'GET', url: '/api/ysjs-system/config/web' })

/** What every "Redis is gone" case must show. */
const expectRedisDown = async (app: FastifyInstance, withinMs: number) => {
  const answers = await Promise.all([signIn(app), authenticated(app), health(app), reportError(app)])
  const [login, call, checked, reported] = answers
  expectUnavailable(login, withinMs)
  expectUnavailable(call, withinMs)
  expectDegraded(checked, { database: true, redis: false })
  // The rate limit cannot count, so it lets the request through instead of failing it.
  expect(reported.res.statusCode, reported.res.body).toBe(200)
  expect(reported.ms).toBeLessThan(withinMs)
  expect((await webConfig(app)).statusCode).toBe(200)
  // A public call carrying a token whose state cannot be read is not answered as an anonymous one.
  const withToken = await timed(() =>
    app.inject({ method: 'GET', url: '/api/ysjs-system/config/web', headers: auth(token) }),
  )
  expectUnavailable(withToken, withinMs)
}

describe('Redis unreachable when the API starts', () => {
  it('a server that accepts and never answers: the API starts, then answers 503 within 2 s', async () => {
    const hole = await blackHole()
    const boot = await timed(() => appOn(hole.port))
    const app = boot.res
    try {
      expect(boot.ms).toBeLessThan(4_000)
      await expectRedisDown(app, 2_000)
    } finally {
      await app.close()
      await hole.close()
    }
  })

  it('a refused port: the API starts at once and answers 503 at once', async () => {
    const boot = await timed(async () => appOn(await closedPort()))
    const app = boot.res
    try {
      // Loose ceilings: on a loaded machine the boot alone can take a couple of seconds.
      expect(boot.ms).toBeLessThan(5_000)
      await expectRedisDown(app, 1_500)
    } finally {
      await app.close()
    }
  })
})

describe('Redis lost while the API runs', () => {
  it('answers 503 while Redis is gone and recovers when it is back', async () => {
    const first = await slowProxy({ port: redisPort() })
    const app = await appOn(first.port)
    let second: Awaited<ReturnType<typeof slowProxy>> | undefined
    try {
      expect((await signIn(app)).res.statusCode).toBe(200)
      await first.close()
      await expectRedisDown(app, 1_000)
      // Redis is back on the same address: the client reconnects (backoff capped at 2 s).
      second = await slowProxy({ port: redisPort(), listenPort: first.port })
      let answer = await signIn(app)
      for (let i = 0; i < 40 && answer.res.statusCode !== 200; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100))
        answer = await signIn(app)
      }
      expect(answer.res.statusCode, answer.res.body).toBe(200)
      expect((await health(app)).res.statusCode).toBe(200)
    } finally {
      await app.close()
      await second?.close()
    }
  })

  it('a Redis that stops answering: 503 within 2 s (the dead connection is dropped after 1 s), health within a second', async () => {
    const proxy = await slowProxy({ port: redisPort() })
    const app = await appOn(proxy.port)
    try {
      expect((await authenticated(app)).res.statusCode).toBe(200)
      proxy.setDelay(10_000)
      await expectRedisDown(app, 2_000)
    } finally {
      proxy.setDelay(0)
      await app.close()
      await proxy.close()
    }
  })
})

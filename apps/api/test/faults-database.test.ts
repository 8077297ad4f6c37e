// PostgreSQL that hangs, refuses, is slow or is busy: every request answers 503 in the envelope
// within a bounded time and /api/health within about a second (decision 006). Before, a hung
// database kept every request and the health check waiting 20 s and more.

import { createPrisma } from '@ysjs/db'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auth, createTestApp, login, TENANT, type TTestApp, tokenRequest } from './helpers/app.ts'
import {
  blackHole,
  buildFaultApp,
  closedPort,
  expectDegraded,
  expectPoolFull,
  expectUnavailable,
  expectUnavailableOrPoolFull,
  slowProxy,
  timed,
} from './helpers/faults.ts'

const LIST = '/api/ysjs-system/param/list'

let t: TTestApp
let token: string
beforeAll(async () => {
  t = await createTestApp()
  token = (await login(t.app, 'admin')).access_token
})
afterAll(async () => {
  await t.close()
})

/** The test app's database, reached through another port. */
const throughPort = (port: number) => {
  const url = new URL(t.databaseUrl)
  url.host = `127.0.0.1:${port}`
  return url.toString()
}
/** An app on `databaseUrl` that accepts the test app's tokens (same Redis prefix). */
const appOn = (databaseUrl: string, env: Record<string, string> = {}) =>
  buildFaultApp({ DATABASE_URL: databaseUrl, REDIS_PREFIX: t.redisPrefix, ...env })

const list = (app: FastifyInstance) =>
  timed(() => app.inject({ method: 'GET', url: LIST, headers: auth(token) }))
const health = (app: FastifyInstance) => timed(() => app.inject({ method: 'GET', url: '/api/health' }))
const passwordLogin = (app: FastifyInstance) =>
  timed(() =>
    tokenRequest(app, {
      grant_type: 'password',
      username: 'admin',
      password: 'a'.repeat(32),
      tenantId: TENANT,
    }),
  )

/** Holds an exclusive lock on `table`, so every query on it waits, until `release()`. */
const lockTable = async (table: 'blade_param' | 'ysjs_appraise_results') => {
  const prisma = createPrisma({ url: t.databaseUrl, max: 1 })
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  let locked = () => {}
  const isLocked = new Promise<void>((resolve) => {
    locked = resolve
  })
  const holding = prisma.$transaction(
    async (tx) => {
      await tx.$executeRawUnsafe(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`)
      locked()
      await released
    },
    { timeout: 30_000 },
  )
  await Promise.race([isLocked, holding])
  return {
    release: async () => {
      release()
      await holding
      await prisma.$disconnect()
    },
  }
}

describe('a database that accepts connections and never answers', () => {
  it('answers 503 within 5 s with the default timeouts, many requests at once, and health within a second', async () => {
    const hole = await blackHole()
    const app = await appOn(throughPort(hole.port), { DATABASE_POOL_MAX: '4' })
    try {
      const [first, signIn, checked, ...rest] = await Promise.all([
        list(app),
        passwordLogin(app),
        health(app),
        ...Array.from({ length: 20 }, () => list(app)),
      ])
      expectUnavailable(first, 5_000)
      expectUnavailable(signIn, 5_000)
      expectDegraded(checked, { database: false, redis: true })
      // Requests queued behind connects that never get through: the database is down, not the pool
      // full (decision 031): no 数据库连接已满 answer, and the health answer does not call the pool exhausted.
      expect(checked.res.json().pool).toMatchObject({ connected: 0, exhausted: false, exhaustedTotal: 0 })
      for (const answer of rest) {
        expectUnavailable(answer, 5_000)
      }
      // The default connect timeout is what bounds them (3 s), not an error before trying.
      expect(first.ms).toBeGreaterThan(2_500)
    } finally {
      await app.close()
      await hole.close()
    }
  })
})

describe('a database port that refuses connections', () => {
  it('answers 503 at once, and health 503', async () => {
    const app = await appOn(throughPort(await closedPort()))
    try {
      expectUnavailable(await list(app), 1_000)
      expectUnavailable(await passwordLogin(app), 1_000)
      expectDegraded(await health(app), { database: false, redis: true })
    } finally {
      await app.close()
    }
  })
})

// Wall-clock bounds of a few hundred milliseconds: on a machine whose cores are taken by other work the
// client itself can miss them, so a failure is tried again (twice) before it counts.
describe('a database that is up but slow or busy', { retry: 2 }, () => {
  it('cancels a statement at statement_timeout (57014) with 503, and answers again once the lock is gone', async () => {
    const app = await appOn(t.databaseUrl, { DATABASE_STATEMENT_TIMEOUT_MS: '300' })
    const lock = await lockTable('blade_param')
    try {
      const answer = await list(app)
      expectUnavailable(answer, 2_000)
      expect(answer.ms).toBeGreaterThan(250)
      // The query never touches the locked table: the database itself is fine.
      expect((await health(app)).res.statusCode).toBe(200)
    } finally {
      await lock.release()
    }
    try {
      const after = await list(app)
      expect(after.res.statusCode).toBe(200)
      expect(after.res.json()).toMatchObject({ code: 200, success: true })
    } finally {
      await app.close()
    }
  })

  it('answers 503 when no pooled connection is free within the acquire timeout, and says the pool is full', async () => {
    const app = await appOn(t.databaseUrl, {
      DATABASE_POOL_MAX: '1',
      DATABASE_POOL_QUEUE_MAX: '2',
      DATABASE_CONNECT_TIMEOUT_MS: '500',
      DATABASE_STATEMENT_TIMEOUT_MS: '4000',
    })
    await list(app) // opens the pool's one connection while nothing is locked
    const lock = await lockTable('blade_param')
    try {
      // The first request takes the only connection and waits on the lock; the others wait for it.
      const holder = list(app)
      await new Promise((resolve) => setTimeout(resolve, 100))
      const queue = Promise.all([list(app), list(app)])
      await new Promise((resolve) => setTimeout(resolve, 100))
      // Two callers queue already (DATABASE_POOL_QUEUE_MAX): a third is not made to wait for its 503.
      const shed = await list(app)
      expectPoolFull(shed, 300)
      const waiting = await queue
      expectPoolFull(waiting[0]!, 1_500)
      expectPoolFull(waiting[1]!, 1_500)
      // The health answer tells a full pool from a database outage: the database answers on a
      // connection of its own, the pool is reported exhausted with its gauges and count.
      const queued = list(app)
      await new Promise((resolve) => setTimeout(resolve, 50))
      const h = await health(app)
      expectDegraded(h, { database: true, redis: true })
      expect(h.res.json().pool).toMatchObject({
        max: 1,
        total: 1,
        connected: 1,
        idle: 0,
        exhausted: true,
        exhaustedTotal: 3,
      })
      expectPoolFull(await queued, 2_000)
      await lock.release()
      expect((await holder).res.statusCode).toBe(200)
      const after = (await health(app)).res
      expect(after.statusCode).toBe(200)
      expect(after.json().pool).toMatchObject({ exhausted: false, waiting: 0, exhaustedTotal: 4 })
    } finally {
      await app.close()
    }
  })

  it('through a proxy adding 100 ms per chunk, 60 requests at once each answer 200 or 503 within 5 s', async () => {
    const proxy = await slowProxy({ port: Number(new URL(t.databaseUrl).port || 5432), delayMs: 100 })
    const app = await appOn(throughPort(proxy.port), {
      DATABASE_POOL_MAX: '4',
      DATABASE_CONNECT_TIMEOUT_MS: '1500',
      DATABASE_STATEMENT_TIMEOUT_MS: '500',
      DATABASE_QUERY_TIMEOUT_MS: '1500',
    })
    try {
      const answers = await Promise.all(Array.from({ length: 60 }, () => list(app)))
      const statuses = answers.map((a) => a.res.statusCode)
      for (const answer of answers) {
        if (answer.res.statusCode === 503) {
          expectUnavailableOrPoolFull(answer, 5_000)
        } else {
          expect(answer.res.statusCode, answer.res.body).toBe(200)
          expect(answer.ms).toBeLessThan(5_000)
        }
      }
      // The proxy works (some get through) and the pool's limits turn the rest away.
      expect(statuses).toContain(200)
      expect(statuses).toContain(503)
      expect((await health(app)).ms).toBeLessThan(1_100)
    } finally {
      await app.close()
      await proxy.close()
    }
  })

  it('gives up on a silent network at query_timeout with 503', async () => {
    const proxy = await slowProxy({ port: Number(new URL(t.databaseUrl).port || 5432), delayMs: 0 })
    const app = await appOn(throughPort(proxy.port), {
      DATABASE_STATEMENT_TIMEOUT_MS: '300',
      DATABASE_QUERY_TIMEOUT_MS: '800',
    })
    try {
      // A first request opens a pooled connection while the network is fast.
      expect((await list(app)).res.statusCode).toBe(200)
      // Then answers take longer than the client waits; the server has nothing to cancel.
      proxy.setDelay(2_000)
      const answer = await list(app)
      expectUnavailable(answer, 2_000)
      expect(answer.ms).toBeGreaterThan(700)
    } finally {
      proxy.setDelay(0)
      await app.close()
      await proxy.close()
    }
  })
})

// A removal that could not read what it removes used to answer 操作成功 (every error read as "not
// there"): only a missing record may be skipped, a database that cannot answer is a 503.
describe('errors that must not hide an outage', () => {
  it('an appraisal removal whose applications cannot be read answers 503, not success', async () => {
    const app = await appOn(t.databaseUrl, { DATABASE_STATEMENT_TIMEOUT_MS: '300' })
    const remove = () =>
      timed(() =>
        app.inject({
          method: 'POST',
          url: '/api/ysjs-appraise/results/remove?ids=1234567890123',
          headers: auth(token),
        }),
      )
    try {
      // A missing id is still skipped quietly.
      expect((await remove()).res.json()).toMatchObject({ code: 200, success: true })
      const lock = await lockTable('ysjs_appraise_results')
      try {
        expectUnavailable(await remove(), 3_000)
      } finally {
        await lock.release()
      }
    } finally {
      await app.close()
    }
  })
})

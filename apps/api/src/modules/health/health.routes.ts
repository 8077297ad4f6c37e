import type { PrismaClient } from '@ysjs/db'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Redis } from 'ioredis'
import pg from 'pg'
import { z } from 'zod'

/**
 * Each check gets this long, both run at once: the endpoint answers within a second even when a
 * service hangs (decision 006). A check that loses the race is reported down; its query is bounded
 * by the pool's own timeouts.
 */
export const HEALTH_CHECK_TIMEOUT_MS = 500

/** True when `check` succeeds within `ms`; false when it fails or takes longer. */
export const within = (ms: number, check: () => Promise<boolean>): Promise<boolean> => {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms)
  })
  const answer = check().catch(() => false)
  return Promise.race([answer, late]).finally(() => clearTimeout(timer))
}

const ZPool = z.object({
  max: z.number(),
  total: z.number(),
  /** Connections the server accepted (`total` counts connects still under way too). */
  connected: z.number(),
  idle: z.number(),
  waiting: z.number(),
  /** Every connection busy and callers queued: requests wait for the pool, not for the database. */
  exhausted: z.boolean(),
  /** Requests answered 503 since start because no connection freed up within the acquire timeout. */
  exhaustedTotal: z.number(),
})

/** `SELECT 1` on a connection of its own: the database's state when the pool is too busy to tell. */
const probeAlone = async (url: string): Promise<boolean> => {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: HEALTH_CHECK_TIMEOUT_MS })
  client.on('error', () => {})
  try {
    await client.connect()
    await client.query('SELECT 1')
    return true
  } finally {
    await client.end().catch(() => {})
  }
}

/**
 * Liveness and readiness in one: 200 when PostgreSQL and Redis answer and the pool has room, 503
 * otherwise. A full pool is reported as such (`pool.exhausted`), with the database's own state checked
 * on a connection of its own, so an overloaded instance never reads as a database outage.
 */
export const healthRoutes = (app: FastifyInstance, prisma: PrismaClient, redis: Redis) => {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.get('/api/health', {
    config: { access: 'public' },
    logLevel: 'warn',
    schema: {
      tags: ['health'],
      summary: '健康检查',
      response: {
        200: z.object({
          status: z.literal('ok'),
          database: z.boolean(),
          redis: z.boolean(),
          pool: ZPool.optional(),
        }),
        503: z.object({
          status: z.literal('degraded'),
          database: z.boolean(),
          redis: z.boolean(),
          pool: ZPool.optional(),
        }),
      },
    },
    handler: async (_request, reply) => {
      // Queued behind live connections only: behind connects that hang, the database is the cause.
      const exhausted = app.dbPool.saturated() && app.dbPool.full()
      const [database, cache] = await Promise.all([
        within(HEALTH_CHECK_TIMEOUT_MS, () =>
          exhausted ? probeAlone(app.env.DATABASE_URL) : prisma.$queryRaw`SELECT 1`.then(() => true),
        ),
        within(HEALTH_CHECK_TIMEOUT_MS, () => redis.ping().then((p) => p === 'PONG')),
      ])
      const { gauges, exhaustedTotal } = app.dbPool.state()
      const pool = gauges ? { ...gauges, exhausted, exhaustedTotal } : undefined
      if (database && cache && !exhausted) {
        return { status: 'ok' as const, database, redis: cache, pool }
      }
      return reply.code(503).send({ status: 'degraded' as const, database, redis: cache, pool })
    },
  })
}

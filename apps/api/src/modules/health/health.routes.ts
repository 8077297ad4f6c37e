import type { PrismaClient } from '@ysjs/db'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Redis } from 'ioredis'
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

/** Liveness and readiness in one: 200 when PostgreSQL and Redis answer, 503 otherwise. */
export const healthRoutes = (app: FastifyInstance, prisma: PrismaClient, redis: Redis) => {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.get('/api/health', {
    config: { access: 'public' },
    logLevel: 'warn',
    schema: {
      tags: ['health'],
      summary: '健康检查',
      response: {
        200: z.object({ status: z.literal('ok'), database: z.boolean(), redis: z.boolean() }),
        503: z.object({ status: z.literal('degraded'), database: z.boolean(), redis: z.boolean() }),
      },
    },
    handler: async (_request, reply) => {
      const [database, cache] = await Promise.all([
        within(HEALTH_CHECK_TIMEOUT_MS, () => prisma.$queryRaw`SELECT 1`.then(() => true)),
        within(HEALTH_CHECK_TIMEOUT_MS, () => redis.ping().then((p) => p === 'PONG')),
      ])
      if (database && cache) {
        return { status: 'ok' as const, database, redis: cache }
      }
      return reply.code(503).send({ status: 'degraded' as const, database, redis: cache })
    },
  })
}

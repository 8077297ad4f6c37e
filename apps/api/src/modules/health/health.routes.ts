import type { PrismaClient } from '@ysjs/db'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Redis } from 'ioredis'
import { z } from 'zod'

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
        prisma.$queryRaw`SELECT 1`.then(() => true).catch(() => false),
        redis
          .ping()
          .then((p) => p === 'PONG')
          .catch(() => false),
      ])
      if (database && cache) {
        return { status: 'ok' as const, database, redis: cache }
      }
      return reply.code(503).send({ status: 'degraded' as const, database, redis: cache })
    },
  })
}

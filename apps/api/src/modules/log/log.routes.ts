import { CLIENT_ERROR_LIMITS, ZClientErrorBatchSchema } from '@ysjs/shared'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { done, zDone } from '../../lib/envelope.ts'
import type { TLogWriter } from '../../plugins/log-writer.ts'

/** Anonymous pages may report a trickle; a session may report more, counted per user. */
const reporter = (request: FastifyRequest) =>
  request.user && request.user.userId > 0n ? `user:${request.user.userId}` : `ip:${request.ip}`

/** Errors the browser queued (spec section 8): stored in the error log, tagged as client errors. */
export const logRoutes = (app: FastifyInstance, logs: TLogWriter) => {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.post('/api/ysjs-log/error/send-logs', {
    bodyLimit: CLIENT_ERROR_LIMITS.BODY_BYTES,
    config: {
      access: 'public',
      rateLimit: {
        timeWindow: '1 minute',
        keyGenerator: reporter,
        max: (request: FastifyRequest) =>
          reporter(request).startsWith('user:')
            ? CLIENT_ERROR_LIMITS.USER_PER_MINUTE
            : CLIENT_ERROR_LIMITS.ANONYMOUS_PER_MINUTE,
      },
    },
    schema: {
      tags: ['log'],
      summary: '上报前端错误日志',
      body: ZClientErrorBatchSchema,
      response: { 200: zDone },
    },
    handler: async (request) => {
      for (const entry of request.body) {
        const err = new Error(entry.message ?? entry.type ?? 'client error')
        err.name = `web:${entry.type ?? 'error'}`
        err.stack = entry.stack ?? err.message
        logs.error(request, err, {
          serviceId: 'ysjs-web',
          requestUri: entry.url?.slice(0, 255) ?? null,
          params: entry.info ?? null,
          method: 'CLIENT',
        })
      }
      return done()
    },
  })
}

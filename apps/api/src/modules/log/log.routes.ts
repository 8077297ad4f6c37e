import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { done, zDone } from '../../lib/envelope.ts'
import type { TLogWriter } from '../../plugins/log-writer.ts'

const ZClientLog = z.object({
  type: z.string().max(100).optional(),
  message: z.string().max(5000).optional(),
  stack: z.string().max(20_000).optional(),
  info: z.string().max(5000).optional(),
  url: z.string().max(1000).optional(),
  time: z.union([z.string(), z.number()]).optional(),
})

/** Errors the browser queued (spec section 8): stored in the error log, tagged as client errors. */
export const logRoutes = (app: FastifyInstance, logs: TLogWriter) => {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.post('/api/ysjs-log/error/send-logs', {
    config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
    schema: {
      tags: ['log'],
      summary: '上报前端错误日志',
      body: z.array(ZClientLog).max(50),
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

import { Msg, ResultCode } from '@ysjs/shared'
import type { FastifyInstance } from 'fastify'
import { fail } from '../lib/envelope.ts'

export const installPoolGuard = (app: FastifyInstance) => {
  // Overload: with the pool's queue full, a request would wait the whole acquire timeout for a 503;
  // it gets it at once (the health check still answers, on its own connection).
  app.addHook('onRequest', async (request, reply) => {
    if (app.dbPool.overloaded() && request.url !== '/api/health') {
      // A full pool of live connections is said as such; a queue behind connects that do not get
      // through is the database not answering (decision 031).
      const full = app.dbPool.reachable()
      if (full) {
        app.dbPool.recordExhausted()
      }
      request.log.warn(
        { pool: app.dbPool.gauges(), service: 'database' },
        full ? 'database connection pool exhausted' : 'database unavailable',
      )
      return reply
        .code(ResultCode.SERVICE_UNAVAILABLE)
        .header('retry-after', full ? '1' : '5')
        .type('application/json; charset=utf-8')
        .send(
          JSON.stringify(
            fail(ResultCode.SERVICE_UNAVAILABLE, full ? Msg.POOL_BUSY : Msg.SERVICE_UNAVAILABLE),
          ),
        )
    }
  })
}

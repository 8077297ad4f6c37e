import { Msg, ResultCode } from '@ysjs/shared'
import type { FastifyInstance } from 'fastify'
import { fail } from '../lib/envelope.ts'

/** Unknown paths answer 404 in the envelope, a known path asked with another method 405. */
export const installNotFound = (app: FastifyInstance) => {
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0]!
    // 405 only when this exact path is a route for another method; a wildcard (the SPA fallback,
    // file links) matching any path does not make an unknown /api path a known one.
    const otherMethod = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'].some((method) => {
      if (method === request.method) {
        return false
      }
      const found = app.findRoute({ method, url: pathname })
      return found !== null && !('*' in (found.params ?? {}))
    })
    if (otherMethod) {
      return reply.code(405).send(fail(ResultCode.METHOD_NOT_SUPPORTED, Msg.METHOD_NOT_SUPPORTED))
    }
    return reply.code(404).send(fail(ResultCode.NOT_FOUND, Msg.NOT_FOUND))
  })
}

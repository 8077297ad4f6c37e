import { containsNul, ILLEGAL_CHAR_MSG } from '@ysjs/shared'
import type { FastifyInstance } from 'fastify'
import { AppError } from '../lib/errors.ts'

/**
 * Input no route may receive, refused before any schema runs: a NUL character anywhere in the query,
 * the path parameters or a parsed body (PostgreSQL text cannot store it, so it would otherwise fail
 * at the database as a 500). Shared zod text rules refuse it too; this guard covers every route,
 * including those whose schema lets unknown keys through.
 */
export const installInputGuard = (app: FastifyInstance): void => {
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.query) || containsNul(request.params) || containsNul(request.body)) {
      throw AppError.badRequest(ILLEGAL_CHAR_MSG)
    }
  })
}

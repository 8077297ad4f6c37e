import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { TCtx } from '../../lib/context.ts'
import { updateIdOf } from '../../lib/crud.ts'
import { AppError } from '../../lib/errors.ts'

/**
 * A submit open to the add and the edit code (decision 030): the body's id says which one it is, and the
 * user must hold that one. Answers the id of an update, null for a creation.
 */
export const submitIdOf = async (
  app: FastifyInstance,
  ctx: TCtx,
  request: FastifyRequest,
  codes: { add: string; edit: string },
) => {
  const id = updateIdOf(request)
  if (!ctx.user || !(await app.permissions.has(ctx.user, id ? codes.edit : codes.add))) {
    throw AppError.forbidden()
  }
  return id
}

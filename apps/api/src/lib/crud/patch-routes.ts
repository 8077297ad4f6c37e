import { isUpdateBody, ZIdSchema, zPatchOf } from '@ysjs/shared'
import type { FastifyInstance, FastifyRequest, FastifySchemaCompiler } from 'fastify'
import { validatorCompiler } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import { requirePermission } from '../../plugins/access.ts'
import { AppError } from '../errors.ts'
import { applyPatch, parseOrRefuse } from '../patch.ts'

/**
 * The body as the client sent it, before the route's patch schema turned it into its output. Creation
 * and the patch's application parse it with the submit schema themselves, once: a field whose rule
 * transforms (the lifecycle pair into its two ends) would not pass its own rule a second time.
 */
export const submitted = new WeakMap<FastifyRequest, unknown>()
const keepSubmitted = async (request: FastifyRequest): Promise<void> => {
  submitted.set(request, request.body)
}
/** The submitted fields of an update: `null` is "not carried" and left out, `''` clears an optional field. */
export const submittedPatch = <T>(request: FastifyRequest): T => {
  const body = (submitted.get(request) ?? {}) as Record<string, unknown>
  return Object.fromEntries(Object.entries(body).filter(([k, v]) => v !== null && k !== 'id')) as T
}

const isZodSchema = (v: unknown): v is z.ZodType => typeof v === 'object' && v !== null && '_zod' in v

/** `submit`'s body: the submit schema for a creation, the patch schema for a body that carries an id. */
export const submitValidator =
  <TSchema>(patch: z.ZodType): FastifySchemaCompiler<TSchema> =>
  (route) => {
    // Fastify hands the compiler one part's schema at a time (typed as the route's whole schema).
    const schema: unknown = route.schema
    if (!isZodSchema(schema)) {
      throw new Error(
        `${route.method} ${route.url}: the ${route.httpPart} schema of a submit is not a zod schema`,
      )
    }
    const part = { ...route, schema }
    const create = validatorCompiler(part)
    if (route.httpPart !== 'body') {
      return create
    }
    const update = validatorCompiler({ ...part, schema: patch })
    return (data) => (isUpdateBody(data) ? update(data) : create(data))
  }

/**
 * Partial updates in hand-written routes (decision 025, one mechanism with the generic CRUD's). A
 * `submit` route spreads `patchableSubmit(schema)` into its options: a body without an id is checked
 * by the whole schema (creation), a body with one by `zPatchOf(schema)`. An `update` route takes
 * `patchBody(schema)` and `keepSubmitted`. The service then reads `patchedInput(request, schema, stored)`:
 * the stored record in its submit shape with the carried fields applied, checked as a whole by the
 * schema, so a field the update does not name keeps its value and the rest of the service is unchanged.
 */
export const patchableSubmit = (schema: z.ZodObject) => ({
  validatorCompiler: submitValidator(zPatchOf(schema)),
  preValidation: keepSubmitted,
})
/** The body of a hand-written `update`: the patch schema with its id. */
export const patchBody = (schema: z.ZodObject) => zPatchOf(schema).extend({ id: ZIdSchema })
export { keepSubmitted }
/** The id of an update (the body as the client sent it carries one), or null for a creation. */
export const updateIdOf = (request: FastifyRequest): bigint | null => {
  const raw = (submitted.get(request) ?? request.body) as { id?: unknown } | null
  if (!isUpdateBody(raw)) {
    return null
  }
  const id = BigInt(parseOrRefuse(ZIdSchema, raw!.id))
  // No row has id 0: an update of it is an update of nothing (and a 0n id would read as "no id").
  if (id === 0n) {
    throw AppError.notFound()
  }
  return id
}
/**
 * The id of a `submit` declared with both codes (`{ permission: [add, edit] }`), once the caller is
 * found to hold the one the body needs: `edit` for an update (it carries an id), `add` for a creation.
 */
export const submitIdFor = async (
  app: FastifyInstance,
  request: FastifyRequest,
  codes: { add: string; edit: string },
): Promise<bigint | null> => {
  const id = updateIdOf(request)
  await requirePermission(app, request.user, id ? codes.edit : codes.add)
  return id
}
/** The whole input of an update: `stored` (a row, in its columns) with the fields the client sent applied. */
export const patchedInput = <T extends z.ZodObject>(
  request: FastifyRequest,
  schema: T,
  stored: object,
): z.output<T> => applyPatch(schema, stored, submittedPatch(request))
/**
 * The body of a route as its body schema made it: for a generic handler, whose request the type
 * provider cannot type by a schema it only knows as a parameter. The route's validator has run.
 */
export const bodyOf = <T extends z.ZodType>(request: FastifyRequest, _schema: T): z.output<T> => {
  const body: unknown = request.body
  return body as z.output<T>
}

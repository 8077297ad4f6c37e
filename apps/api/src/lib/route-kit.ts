import { ZIdListSchema, ZIdSchema } from '@ysjs/shared'
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { TAccess } from '../plugins/access.ts'
import { ctxOf, type TCtx } from './context.ts'
import { bodyOf, patchableSubmit, patchedInput, submitIdFor, updateIdOf } from './crud/patch-routes.ts'
import { done, ok, zDone, zEnvelope } from './envelope.ts'
import type { TWire } from './serialize.ts'

/** The `?id=` and `?ids=1,2` query strings of the platform's detail, command and remove calls. */
export const ZIdQuery = z.object({ id: ZIdSchema })
export const ZIdsQuery = z.object({ ids: ZIdListSchema })

type TZod = z.ZodType | undefined
type TParsed<T extends TZod> = T extends z.ZodType ? z.output<T> : undefined

/** What a route of the kit says about itself (its tags and its `200` answer come from the kit). */
export type TCallSchema<Q extends TZod, B extends TZod> = {
  summary: string
  description?: string
  operationId?: string
  querystring?: Q
  body?: B
  /** A submit whose body with an id is a partial update (decision 030): `patchableSubmit(patch)`. */
  patch?: z.ZodObject
}
/** The request of a route, typed by the query and body schemas the zod compiler checked. */
export type TCallRequest<Q extends TZod, B extends TZod> = FastifyRequest<{
  Querystring: TParsed<Q>
  Body: TParsed<B>
}>
type TMethod = 'GET' | 'POST'
/**
 * Refuses (at compile time) an answer whose wire form is not what the response schema says. A generic
 * helper that declares routes for several rows passes its schema as a plain `z.ZodType` (no check
 * there) and states `TAnswerOf<TOut, TSchema>` on its own parameter, so its callers are checked.
 */
export type TAnswerOf<T, R extends z.ZodType> =
  unknown extends z.input<R> ? unknown : TWire<T> extends z.input<R> ? unknown : { wrongAnswer: z.input<R> }
type TConfig = FastifyContextConfig & { access: TAccess }
/** The two codes of a submit: `add` for a creation, `edit` for an update. */
type TSubmitCodes = { add: string; edit: string }
const isSubmitCodes = (access: TAccess | TSubmitCodes): access is TSubmitCodes =>
  typeof access === 'object' && 'add' in access

/**
 * The route shapes the hand-written modules repeat beside the generic CRUD. Every route declares its
 * access, its tags and its zod schemas (so the access registry, the route-wide fuzz test and the
 * OpenAPI document see it as before); `read` answers `ok(value)` under an envelope of `response`,
 * `command` answers the empty success envelope, `raw` leaves the reply (a file, a stream) to its
 * handler. `read` and `command` hand the request's context first.
 */
export const routeKit = (app: FastifyInstance, opts: { tags: readonly string[]; prefix?: string }) => {
  const tags = [...opts.tags]
  const declare = <Q extends TZod, B extends TZod>(
    method: TMethod,
    path: string,
    config: TConfig,
    { patch, ...schema }: TCallSchema<Q, B> & { response?: Record<number, z.ZodType> },
    handler: (request: TCallRequest<Q, B>, reply: FastifyReply) => Promise<unknown>,
  ) =>
    app.route<{ Querystring: TParsed<Q>; Body: TParsed<B> }>({
      method,
      url: `${opts.prefix ?? ''}${path}`,
      config,
      schema: { tags, ...schema },
      ...(patch ? patchableSubmit(patch) : {}),
      handler,
    })
  type TRun<Q extends TZod, B extends TZod> = (ctx: TCtx, request: TCallRequest<Q, B>) => Promise<unknown>

  return {
    /**
     * Answers `ok(await run(ctx, request))`; `response` is the schema of the envelope's `data`, and the
     * answer (on the wire: ids and dates as strings) must be of its type; `message`, the `msg` of a call
     * that has its own.
     */
    read: <R extends z.ZodType, T, Q extends TZod = undefined, B extends TZod = undefined>(
      method: TMethod,
      path: string,
      access: TAccess,
      { response, message, ...schema }: TCallSchema<Q, B> & { response: R; message?: string },
      run: (ctx: TCtx, request: TCallRequest<Q, B>) => Promise<T & TAnswerOf<T, R>>,
    ) =>
      declare(method, path, { access }, { ...schema, response: { 200: zEnvelope(response) } }, async (r) =>
        ok(await run(ctxOf(r), r), message),
      ),
    /**
     * Runs `run` and answers the empty success envelope (`R.status(true)`), with `message` as its `msg`
     * where the call has its own (e.g. `连接成功`).
     */
    command: <Q extends TZod = undefined, B extends TZod = undefined>(
      method: TMethod,
      path: string,
      access: TAccess,
      { message, ...schema }: TCallSchema<Q, B> & { message?: string },
      run: TRun<Q, B>,
    ) =>
      declare(method, path, { access }, { ...schema, response: { 200: zDone } }, async (r) => {
        await run(ctxOf(r), r)
        return done(message)
      }),
    /**
     * A `submit`: a creation, or with an id a partial update (decision 030) — what the body does not
     * carry keeps the value of the row `stored` reads — saved by `save`. Given the `add` and `edit`
     * codes, the route is declared for both and the caller must hold the one the body needs; given an
     * access, that alone decides. Answers `ok(saved)` under `response`, or the empty success envelope.
     */
    submit: <S extends z.ZodObject, T, R extends z.ZodType = z.ZodType>(
      path: string,
      access: TAccess | TSubmitCodes,
      { body, ...schema }: { summary: string; description?: string; body: S; response?: R },
      save: {
        stored: (ctx: TCtx, id: bigint) => Promise<object>
        /** `id` is the updated row's, null for a creation. */
        save: (ctx: TCtx, input: z.output<S>, id: bigint | null) => Promise<T & TAnswerOf<T, R>>
      },
    ) => {
      const codes = isSubmitCodes(access) ? access : null
      const response = schema.response ? zEnvelope(schema.response) : zDone
      return declare(
        'POST',
        path,
        { access: isSubmitCodes(access) ? { permission: [access.add, access.edit] } : access },
        { ...schema, body, patch: body, response: { 200: response } },
        async (request) => {
          const id = codes ? await submitIdFor(app, request, codes) : updateIdOf(request)
          const ctx = ctxOf(request)
          const input = id ? patchedInput(request, body, await save.stored(ctx, id)) : bodyOf(request, body)
          const saved = await save.save(ctx, input, id)
          return schema.response ? ok(saved) : done()
        },
      )
    },
    /** A route that writes its own reply (a file, a stream). */
    raw: <Q extends TZod = undefined, B extends TZod = undefined>(
      method: TMethod,
      path: string,
      config: TConfig,
      schema: TCallSchema<Q, B> & { response?: Record<number, z.ZodType> },
      handler: (request: TCallRequest<Q, B>, reply: FastifyReply) => Promise<unknown>,
    ) => declare(method, path, config, schema, handler),
  }
}

export type TRouteKit = ReturnType<typeof routeKit>

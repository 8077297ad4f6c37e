import { isDatabaseUnavailable, isPoolExhausted, Prisma } from '@ysjs/db'
import { Msg, PATCH_CLEARS_BRANCH, ResultCode } from '@ysjs/shared'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod'
import { fail } from '../lib/envelope.ts'
import { AppError, OAuthError } from '../lib/errors.ts'
import { isRedisUnavailable } from '../lib/redis.ts'
import type { TLogWriter } from './log-writer.ts'

/** A zod issue, or the shape fastify-type-provider-zod hands the error handler (`instancePath`). */
type TIssue = {
  message?: string
  path?: PropertyKey[]
  instancePath?: string
  code?: string
  /** A union's issues: one list per alternative. */
  errors?: unknown
  /** fastify-type-provider-zod's form: the zod code as `keyword`, the rest of the issue in `params`. */
  keyword?: string
  params?: Record<string, unknown>
}
const isIssue = (v: unknown): v is TIssue =>
  typeof v === 'object' && v !== null && (!('message' in v) || typeof v.message === 'string')
/** The first issue of each alternative of a union (none where the issue is not a union's). */
const branchHeads = (v: unknown): (TIssue | undefined)[] =>
  Array.isArray(v) ? v.map((branch: unknown) => (Array.isArray(branch) ? branch[0] : undefined)) : []

const GENERIC = new Set<string>([Msg.PARAM_MISS, Msg.PARAM_TYPE_ERROR])

/**
 * A value that matched no alternative of a union answers the one alternative that says what it wants:
 * an optional field's patch rule is "'' (clear) or the field's rule", and the field's rule has the message.
 */
const branchIssue = (issue: TIssue): TIssue => {
  const branches = issue.errors ?? issue.params?.errors
  if ((issue.code ?? issue.keyword) !== 'invalid_union' || !Array.isArray(branches)) {
    return issue
  }
  const told = branchHeads(branches).filter(
    (inner): inner is TIssue =>
      isIssue(inner) && inner.message !== PATCH_CLEARS_BRANCH && !GENERIC.has(inner.message ?? ''),
  )
  const inner = told.length === 1 ? told[0]! : undefined
  return inner ? { ...inner, path: [...pathOf(issue), ...(inner.path ?? [])] } : issue
}

const pathOf = (issue: TIssue): PropertyKey[] =>
  issue.path ?? issue.instancePath?.split('/').filter(Boolean) ?? []

/** The first validation message; generic ones name the parameter like the platform does. */
export const firstIssueMessage = (issues: readonly TIssue[], context?: string): string => {
  const issue = issues[0] ? branchIssue(issues[0]) : undefined
  if (!issue) {
    return Msg.PARAM_VALID_ERROR
  }
  const message = issue.message ?? Msg.PARAM_VALID_ERROR
  const path = pathOf(issue).map(String)
  const field = path.join('.') || (context === 'querystring' || context === 'body' ? '' : context)
  return GENERIC.has(message) && field ? `${message}: ${field}` : message
}

const prismaError = (err: Prisma.PrismaClientKnownRequestError): AppError | null => {
  switch (err.code) {
    case 'P2002':
      return AppError.badRequest('数据已存在,请勿重复提交')
    case 'P2025':
      return AppError.notFound()
    case 'P2003':
      return AppError.badRequest('存在关联数据,操作失败')
    case 'P2000':
      return AppError.badRequest('输入内容过长')
    case 'P2020':
      return AppError.badRequest(Msg.PARAM_TYPE_ERROR)
    default:
      return isDataException(err) ? AppError.badRequest(Msg.PARAM_TYPE_ERROR) : null
  }
}

/**
 * PostgreSQL's class 22 (data exception: a date or number out of range, an impossible date, a bad
 * text representation) raised by a statement built from request values. Schemas are meant to refuse
 * such values first; this keeps one that slipped through a 400 instead of a 500.
 */
const isDataException = (err: Prisma.PrismaClientKnownRequestError): boolean => {
  const cause = (err.meta as { driverAdapterError?: { cause?: { originalCode?: unknown } } } | undefined)
    ?.driverAdapterError?.cause
  return typeof cause?.originalCode === 'string' && cause.originalCode.startsWith('22')
}

/** Which backing service could not answer in time, if that is what `err` says (decision 006). */
export const unavailableService = (err: unknown): 'database' | 'redis' | null => {
  if (isDatabaseUnavailable(err)) {
    return 'database'
  }
  return isRedisUnavailable(err) ? 'redis' : null
}

const FASTIFY_4XX: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, Msg.MSG_NOT_READABLE],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, Msg.MSG_NOT_READABLE],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, Msg.MSG_NOT_READABLE],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, Msg.PAYLOAD_TOO_LARGE],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, Msg.MEDIA_TYPE_NOT_SUPPORTED],
  FST_ERR_CTP_INVALID_TYPE: [415, Msg.MEDIA_TYPE_NOT_SUPPORTED],
  FST_REQ_FILE_TOO_LARGE: [413, Msg.PAYLOAD_TOO_LARGE],
  FST_PARTS_LIMIT: [413, Msg.PAYLOAD_TOO_LARGE],
  FST_FILES_LIMIT: [413, Msg.PAYLOAD_TOO_LARGE],
  FST_FIELDS_LIMIT: [413, Msg.PAYLOAD_TOO_LARGE],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, Msg.MEDIA_TYPE_NOT_SUPPORTED],
  FST_ERR_VALIDATION: [400, Msg.PARAM_VALID_ERROR],
}

/** One error handler: AppError, OAuth errors, zod, Prisma, unavailable services and Fastify errors to the envelope. */
export const installErrorHandler = (app: FastifyInstance, logs: TLogWriter): void => {
  app.setErrorHandler((err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    // Error bodies are ours, not the route's: never run them through its response schemas, and
    // always label them JSON so typed clients read `msg` (a custom serializer sets no content type).
    reply.serializer((payload) => JSON.stringify(payload))
    reply.type('application/json; charset=utf-8')
    if (err instanceof OAuthError) {
      return reply.code(err.httpStatus).send({ error: err.error, error_description: err.message })
    }
    if (err instanceof AppError) {
      return reply.code(err.httpStatus).send(fail(err.code, err.message))
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const message = firstIssueMessage(err.validation, err.validationContext)
      return reply.code(400).send(fail(ResultCode.FAILURE, message))
    }
    if (isPoolExhausted(err) && app.dbPool.reachable()) {
      // The database is up: this process asked more of it at once than its pool holds. Said so, so
      // nobody goes looking for a database outage; counted for /api/health.
      app.dbPool.recordExhausted()
      request.log.warn({ err: err.message, pool: app.dbPool.gauges() }, 'database connection pool exhausted')
      return reply
        .code(ResultCode.SERVICE_UNAVAILABLE)
        .header('retry-after', '1')
        .send(fail(ResultCode.SERVICE_UNAVAILABLE, Msg.POOL_BUSY))
    }
    const service = unavailableService(err)
    if (service) {
      // Not an error of ours: a warning, and nothing written to a database that may be the cause.
      request.log.warn({ err, service }, `${service} unavailable`)
      return reply
        .code(ResultCode.SERVICE_UNAVAILABLE)
        .header('retry-after', '5')
        .send(fail(ResultCode.SERVICE_UNAVAILABLE, Msg.SERVICE_UNAVAILABLE))
    }
    if (err instanceof Prisma.PrismaClientKnownRequestError) {
      const mapped = prismaError(err)
      if (mapped) {
        return reply.code(mapped.httpStatus).send(fail(mapped.code, mapped.message))
      }
    }
    if (err instanceof Prisma.PrismaClientValidationError) {
      // A request value the route's schema let through but Prisma refuses (an invalid Date, a number
      // out of its type's range): the caller's input, so a 400, but kept in the error log because a
      // schema should have refused it first.
      request.log.warn({ err }, 'request value refused by Prisma')
      logs.error(request, err)
      return reply.code(400).send(fail(ResultCode.FAILURE, Msg.PARAM_TYPE_ERROR))
    }
    const known = err.code ? FASTIFY_4XX[err.code] : undefined
    if (known) {
      return reply.code(known[0]).send(fail(known[0], known[1]))
    }
    if (err.statusCode === 429) {
      return reply.code(429).send(fail(ResultCode.TOO_MANY_REQUESTS, Msg.TOO_MANY_REQUESTS))
    }
    if (
      err.statusCode &&
      err.statusCode >= 400 &&
      err.statusCode < 500 &&
      !isResponseSerializationError(err)
    ) {
      return reply.code(err.statusCode).send(fail(err.statusCode, Msg.PARAM_VALID_ERROR))
    }
    request.log.error({ err }, 'unhandled error')
    logs.error(request, err)
    return reply.code(500).send(fail(ResultCode.INTERNAL_SERVER_ERROR, Msg.INTERNAL_SERVER_ERROR))
  })
}

import {
  CLIENT_ERROR_LIMITS,
  DATE_OR_DATE_TIME_META,
  LOG_KINDS,
  type TLogKind,
  type TPageQuery,
  ZClientErrorBatchSchema,
  ZLogApiRecordSchema,
  ZLogErrorRecordSchema,
  ZLogUsualRecordSchema,
  ZPageQuerySchema,
} from '@ysjs/shared'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ctxOf } from '../../lib/context.ts'
import { done, ok, zDone, zEnvelope, zPage } from '../../lib/envelope.ts'
import { ZIdQuery } from '../../lib/route-kit.ts'
import type { TLogWriter } from '../../plugins/log-writer.ts'
import { LOG_DEFS, type TLogService } from './log.service.ts'

const RECORDS: Record<TLogKind, { detail: z.ZodObject; list: z.ZodObject; name: string }> = {
  usual: { detail: ZLogUsualRecordSchema, list: ZLogUsualRecordSchema, name: '通用日志' },
  api: { detail: ZLogApiRecordSchema, list: ZLogApiRecordSchema, name: '接口日志' },
  error: {
    detail: ZLogErrorRecordSchema,
    list: ZLogErrorRecordSchema.omit({ stackTrace: true }),
    name: '错误日志',
  },
}

/** List and detail of the three logs, each behind its menu code (`log_usual`, `log_api`, `log_error`). */
export const logQueryRoutes = (app: FastifyInstance, logs: TLogService) => {
  const r = app.withTypeProvider<ZodTypeProvider>()
  for (const kind of LOG_KINDS) {
    const access = { access: { permission: `log_${kind}` } } as const
    // Documented: the text filters and the time range; any other operator of contract 4.3 still works.
    const documented = Object.entries(LOG_DEFS[kind].filters).flatMap(([k, type]) =>
      type.startsWith('date')
        ? [`${k}_datege`, `${k}_datele`].map((name) => [
            name,
            z.string().max(19).meta(DATE_OR_DATE_TIME_META).optional(),
          ])
        : [[k, z.string().max(200).optional()]],
    )
    const listQuery = ZPageQuerySchema.extend(Object.fromEntries(documented)).catchall(z.unknown())
    r.get(`/api/ysjs-log/${kind}/list`, {
      config: access,
      schema: {
        tags: ['log'],
        summary: `${RECORDS[kind].name}列表 (按时间倒序; createTime_datege/_datele, requestUri, method, createBy …)`,
        querystring: listQuery,
        response: { 200: zEnvelope(zPage(RECORDS[kind].list)) },
      },
      handler: async (request) =>
        ok(await logs.page(ctxOf(request), kind, request.query as TPageQuery & Record<string, unknown>)),
    })
    r.get(`/api/ysjs-log/${kind}/detail`, {
      config: access,
      schema: {
        tags: ['log'],
        summary: `${RECORDS[kind].name}详情`,
        querystring: ZIdQuery,
        response: { 200: zEnvelope(RECORDS[kind].detail) },
      },
      handler: async (request) => ok(await logs.detail(ctxOf(request), kind, BigInt(request.query.id))),
    })
  }
}

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

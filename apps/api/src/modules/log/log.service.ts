import type { PrismaClient } from '@ysjs/db'
import type { TLogKind, TPage, TPageQuery } from '@ysjs/shared'
import type { TCtx } from '../../lib/context.ts'
import { AppError } from '../../lib/errors.ts'
import { type TFilterFields, whereFromFilters } from '../../lib/filters.ts'
import { orderByFrom, skipTake, toPage } from '../../lib/paging.ts'
import { tenantDb } from '../../lib/tenancy.ts'

type TLogDelegate = {
  findMany(args: object): Promise<Record<string, unknown>[]>
  findFirst(args: object): Promise<Record<string, unknown> | null>
  count(args: object): Promise<number>
}

/** Filters every log list takes: time range (`createTime_datege` / `_datele`), uri, method, user. */
const COMMON: TFilterFields = {
  createTime: 'date',
  requestUri: 'string?',
  method: 'string?',
  createBy: 'string?',
  remoteIp: 'string?',
  serviceId: 'string?',
}

export const LOG_DEFS: Record<
  TLogKind,
  { model: (db: PrismaClient) => unknown; filters: TFilterFields; listOmit?: Record<string, true> }
> = {
  usual: {
    model: (db) => db.logUsual,
    filters: { ...COMMON, logLevel: 'string?', logId: 'string?' },
  },
  api: {
    model: (db) => db.logApi,
    filters: { ...COMMON, status: 'int?', title: 'string?', type: 'string' },
  },
  error: {
    model: (db) => db.logError,
    filters: { ...COMMON, exceptionName: 'string?', message: 'string?' },
    // The stack trace can be long: it is part of the detail only.
    listOmit: { stackTrace: true },
  },
}

const SORTABLE = ['createTime']

/**
 * Usual, API and error logs of the caller's tenant, newest first. The rows are written by the log
 * writer (plugins/log-writer.ts) and pruned by the worker's retention job.
 */
export const createLogService = (prisma: PrismaClient) => {
  const delegate = (ctx: TCtx, kind: TLogKind) =>
    LOG_DEFS[kind].model(tenantDb(prisma, ctx.tenantId) as unknown as PrismaClient) as TLogDelegate

  return {
    async page(
      ctx: TCtx,
      kind: TLogKind,
      query: TPageQuery & Record<string, unknown>,
    ): Promise<TPage<Record<string, unknown>>> {
      const def = LOG_DEFS[kind]
      const where = { AND: whereFromFilters(query, def.filters) }
      const requested = orderByFrom(query, SORTABLE)
      const orderBy = [
        ...(requested.length ? requested : [{ createTime: 'desc' as const }]),
        { id: 'desc' as const },
      ]
      const [records, total] = await Promise.all([
        delegate(ctx, kind).findMany({
          where,
          orderBy,
          ...skipTake(query),
          ...(def.listOmit ? { omit: def.listOmit } : {}),
        }),
        delegate(ctx, kind).count({ where }),
      ])
      return toPage(records, total, query, requested)
    },
    async detail(ctx: TCtx, kind: TLogKind, id: bigint): Promise<Record<string, unknown>> {
      const row = await delegate(ctx, kind).findFirst({ where: { id } })
      if (!row) {
        throw AppError.notFound()
      }
      return row
    },
  }
}
export type TLogService = ReturnType<typeof createLogService>

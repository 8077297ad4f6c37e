import type { PrismaClient } from '@ysjs/db'
import type { TLogKind, TPage, TPageQuery } from '@ysjs/shared'
import type { TCtx } from '../../lib/context.ts'
import { crudTable } from '../../lib/crud.ts'
import { AppError } from '../../lib/errors.ts'
import { type TFilterFields, whereFromFilters } from '../../lib/filters.ts'
import { listPage } from '../../lib/list-sql.ts'
import { orderByFrom, skipTake, toPage, wantsCount, withTiebreak } from '../../lib/paging.ts'

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
  {
    model: (db: PrismaClient) => unknown
    modelName: string
    filters: TFilterFields
    listOmit?: Record<string, true>
  }
> = {
  usual: {
    model: (db) => db.logUsual,
    modelName: 'LogUsual',
    filters: { ...COMMON, logLevel: 'string?', logId: 'string?' },
  },
  api: {
    model: (db) => db.logApi,
    modelName: 'LogApi',
    filters: { ...COMMON, status: 'int?', title: 'string?', type: 'string' },
  },
  error: {
    model: (db) => db.logError,
    modelName: 'LogError',
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
  // The caller's tenant's log table (logs are not soft-deleted: read through the table's plain delegate).
  const delegate = (ctx: TCtx, kind: TLogKind) =>
    crudTable(prisma, {
      model: LOG_DEFS[kind].model,
      tenantScoped: true,
      table: LOG_DEFS[kind].modelName,
    }).loose(ctx)

  return {
    async page(
      ctx: TCtx,
      kind: TLogKind,
      query: TPageQuery & Record<string, unknown>,
    ): Promise<TPage<Record<string, unknown>>> {
      const def = LOG_DEFS[kind]
      const where = { AND: whereFromFilters(query, def.filters) }
      const requested = orderByFrom(query, SORTABLE)
      const orderBy = withTiebreak(requested.length ? requested : [{ createTime: 'desc' as const }])
      const count = wantsCount(query)
      const page = await listPage(prisma, def.modelName, delegate(ctx, kind), {
        tenantId: ctx.tenantId,
        where,
        orderBy,
        ...skipTake(query),
        count,
        ...(def.listOmit ? { omit: Object.keys(def.listOmit) } : {}),
      })
      return toPage(page.rows, page.total, query, requested, { exact: page.exact, count })
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

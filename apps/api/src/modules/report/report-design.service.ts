import { nextId, Prisma, type PrismaClient } from '@ysjs/db'
import {
  formatDateTime,
  REPORT_EXPORT_MAX_ROWS,
  ReportMsg,
  reportExportCapMsg,
  type TReportDefinition,
  type TReportResult,
  ZReportDefinitionSchema,
} from '@ysjs/shared'
import { isPlatformAdmin, type TCtx } from '../../lib/context.ts'
import { withAudit } from '../../lib/crud.ts'
import { dictLabels } from '../../lib/dict-labels.ts'
import { AppError } from '../../lib/errors.ts'
import { assertTableWritable } from '../../lib/table-ownership.ts'
import { filterNote, TOTAL_ROW, xlsxStream } from '../../lib/xlsx.ts'
import { buildReportQuery, type TReportQuery } from './report-query.ts'
import { listSources, sourceOf } from './report-sources.ts'

type TCell = string | number | boolean | null
type TTx = Pick<PrismaClient, '$queryRawUnsafe' | '$executeRawUnsafe'>

const CHART_ROWS = 200
const EXPORT_BATCH = 2_000

/** A value as a report answers it; `numeric` as its decimal string in JSON, as a number in a sheet. */
const cell = (v: unknown, sheet: boolean): TCell => {
  if (v === null || v === undefined) {
    return null
  }
  if (v instanceof Date) {
    return formatDateTime(v)
  }
  if (typeof v === 'bigint') {
    return v.toString()
  }
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'string') {
    return v
  }
  if (v instanceof Prisma.Decimal) {
    return sheet ? Number(String(v)) : String(v)
  }
  return typeof v === 'object' ? JSON.stringify(v) : String(v)
}
const rowOf = (r: Record<string, unknown>, sheet = false) =>
  Object.fromEntries(Object.entries(r).map(([k, v]) => [k, cell(v, sheet)])) as Record<string, TCell>

type TLabels = [key: string, labels: Map<string, string>][]

/** Dictionary columns show their labels as text; a key the dictionary lacks shows as it is. */
const labelled = (row: Record<string, TCell>, labels: TLabels): Record<string, TCell> => {
  if (labels.length === 0) {
    return row
  }
  const out = { ...row }
  for (const [key, names] of labels) {
    const v = out[key]
    if (v !== null && v !== undefined) {
      out[key] = names.get(String(v)) ?? String(v)
    }
  }
  return out
}

/** The SQLSTATE PostgreSQL answered, as the driver adapter passes it through Prisma. */
const sqlStateOf = (error: unknown): string | null => {
  const cause = (error as { meta?: { driverAdapterError?: { cause?: { originalCode?: unknown } } } })?.meta
    ?.driverAdapterError?.cause
  return typeof cause?.originalCode === 'string' ? cause.originalCode : null
}

/**
 * Failures a saved report meets when the database changed under its model (a table or column dropped
 * after the model was saved): refusals with what to do, not 500s.
 */
const refusalOf = (error: unknown): AppError | null => {
  switch (sqlStateOf(error)) {
    case '42P01':
      return AppError.badRequest(ReportMsg.TABLE_GONE)
    case '42703':
      return AppError.badRequest(ReportMsg.COLUMN_GONE)
    // A view whose functions write: the read-only transaction stops it.
    case '25006':
      return AppError.badRequest(ReportMsg.READ_ONLY)
    default:
      return null
  }
}

const isTimeout = (error: unknown) => {
  const text = `${(error as { message?: string })?.message ?? ''} ${JSON.stringify((error as { meta?: unknown })?.meta ?? '')}`
  return text.includes('57014') || text.includes('statement timeout')
}

/**
 * Report designs saved in `blade_report_file` (the definition as JSON in `content`) and their runs.
 * A run builds its SQL from the whitelisted source only, and executes it in a read-only transaction
 * with a statement timeout (decision 020).
 */
export const createReportDesignService = (
  prisma: PrismaClient,
  timeoutMs: number,
  /** Rows an export writes at most (tests make it small). */
  exportMaxRows: number = REPORT_EXPORT_MAX_ROWS,
) => {
  const readOnly = async <T>(use: (tx: TTx) => Promise<T>): Promise<T> => {
    try {
      return await prisma.$transaction(
        async (tx) => {
          await tx.$executeRawUnsafe('set transaction read only')
          await tx.$executeRawUnsafe(`set local statement_timeout = ${Math.floor(timeoutMs)}`)
          return use(tx)
        },
        { timeout: timeoutMs + 5_000, maxWait: 5_000 },
      )
    } catch (error) {
      if (isTimeout(error)) {
        throw AppError.badRequest(ReportMsg.TIMEOUT)
      }
      throw refusalOf(error) ?? error
    }
  }

  const definitionOf = async (id: bigint): Promise<{ name: string; definition: TReportDefinition }> => {
    const file = await prisma.reportFile.findFirst({ where: { id, isDeleted: 0 } })
    if (!file) {
      throw AppError.notFound()
    }
    try {
      const parsed = ZReportDefinitionSchema.safeParse(
        JSON.parse(Buffer.from(file.content ?? []).toString('utf8')),
      )
      if (parsed.success) {
        return { name: file.name, definition: parsed.data }
      }
    } catch {
      // Not JSON: a report file of the old platform's designer.
    }
    throw AppError.badRequest(ReportMsg.NOT_A_DESIGN)
  }

  const queryOf = async (
    ctx: TCtx,
    def: TReportDefinition,
    params: Record<string, string>,
    requireParams = true,
  ) =>
    buildReportQuery(
      await sourceOf(prisma, def.source),
      def,
      params,
      ctx.tenantId,
      requireParams,
      isPlatformAdmin(ctx.user),
    )

  /** The labels of the query's dictionary columns, in the caller's tenant. */
  const labelsOf = async (ctx: TCtx, q: TReportQuery): Promise<TLabels> =>
    Promise.all(
      Object.entries(q.dicts).map(
        async ([key, code]): Promise<TLabels[number]> => [key, await dictLabels(prisma, ctx.tenantId, code)],
      ),
    )

  const chartOf = (def: TReportDefinition, rows: Record<string, TCell>[]): TReportResult['chart'] => {
    const { type, category, value } = def.chart
    if (type === 'none' || !category || !value) {
      return null
    }
    return {
      type,
      labels: rows.map((r) => String(r[category] ?? '')),
      values: rows.map((r) => Number(r[value] ?? 0)),
    }
  }

  return {
    /** What the caller may report on: rows of no tenant only for the platform administrator. */
    async sources(ctx: TCtx) {
      const all = await listSources(prisma)
      const usable = isPlatformAdmin(ctx.user) ? all : all.filter((v) => v.tenancy.kind !== 'none')
      return usable.map(({ key, name, columns }) => ({
        key,
        name,
        columns: columns.map(({ name: n, label, type }) => ({ name: n, label, type })),
      }))
    },
    async detail(id: bigint) {
      return { id, ...(await definitionOf(id)) }
    },
    async submit(
      ctx: TCtx,
      input: { id?: string; name: string; definition: TReportDefinition },
    ): Promise<bigint> {
      assertTableWritable(ctx, 'ReportFile')
      // Checked now, so a saved report always names whitelisted columns only.
      await queryOf(ctx, input.definition, {}, false)
      const content = Buffer.from(JSON.stringify(input.definition), 'utf8')
      if (input.id) {
        const id = BigInt(input.id)
        const result = await prisma.reportFile.updateMany({
          where: { id, isDeleted: 0 },
          data: { name: input.name, content, ...withAudit().updated },
        })
        if (result.count === 0) {
          throw AppError.notFound()
        }
        return id
      }
      const id = nextId()
      await prisma.reportFile.create({ data: { id, name: input.name, content } })
      return id
    },
    async run(
      ctx: TCtx,
      input: {
        id?: string
        definition?: TReportDefinition
        params: Record<string, string>
        current: number
        size: number
      },
    ): Promise<TReportResult> {
      const def = input.id ? (await definitionOf(BigInt(input.id))).definition : input.definition
      if (!def) {
        throw AppError.badRequest('请选择报表')
      }
      const q = await queryOf(ctx, def, input.params)
      const labels = await labelsOf(ctx, q)
      const n = q.params.length
      return readOnly(async (tx) => {
        const counted = await tx.$queryRawUnsafe<{ total: number }[]>(
          `select count(*)::int as total from (${q.sql}) q`,
          ...q.params,
        )
        const total = counted[0]?.total ?? 0
        const records = (
          await tx.$queryRawUnsafe<Record<string, unknown>[]>(
            `${q.sql} limit $${n + 1}::int offset $${n + 2}::int`,
            ...q.params,
            String(input.size),
            String((input.current - 1) * input.size),
          )
        ).map((r) => labelled(rowOf(r), labels))
        const chartRows =
          def.chart.type === 'none'
            ? []
            : (
                await tx.$queryRawUnsafe<Record<string, unknown>[]>(
                  `${q.sql} limit ${CHART_ROWS}`,
                  ...q.params,
                )
              ).map((r) => labelled(rowOf(r), labels))
        return {
          columns: q.columns,
          records,
          total,
          size: input.size,
          current: input.current,
          pages: Math.ceil(total / input.size),
          chart: chartOf(def, chartRows),
        }
      })
    },
    /**
     * The whole result as an xlsx, streamed: rows are read in batches (each its own read-only,
     * time-limited transaction, in an order ending with the table's key) and written as they come; at
     * most `exportMaxRows` rows, and a sheet that stops there says so in its last line.
     */
    async export(
      ctx: TCtx,
      id: bigint,
      params: Record<string, string>,
      onError: (err: unknown) => void = () => undefined,
    ) {
      const { name, definition } = await definitionOf(id)
      const q: TReportQuery = await queryOf(ctx, definition, params)
      // Counted first: a result above the cap is said so (a header, and a last line in the sheet).
      const total = await readOnly(
        async (tx) =>
          (
            await tx.$queryRawUnsafe<{ total: number }[]>(
              `select count(*)::int as total from (${q.sql}) q`,
              ...q.params,
            )
          )[0]?.total ?? 0,
      )
      const truncated = total > exportMaxRows
      const labels = await labelsOf(ctx, q)
      const batch = async (offset: number, size: number) =>
        (await this.batch(q, offset, size)).map((r) => labelled(r, labels))
      async function* batches(): AsyncGenerator<Record<string, unknown>[]> {
        let offset = 0
        for (;;) {
          const rows = await batch(offset, Math.min(EXPORT_BATCH, exportMaxRows - offset))
          yield rows
          offset += rows.length
          if (rows.length < EXPORT_BATCH || offset >= exportMaxRows) {
            break
          }
        }
        if (truncated) {
          yield [{ [TOTAL_ROW]: true, [q.columns[0]?.key ?? '']: reportExportCapMsg(exportMaxRows, total) }]
        }
      }
      const stream = await xlsxStream(
        {
          name,
          title: name,
          notes: [
            `${filterNote(params, Object.fromEntries(Object.keys(params).map((k) => [k, k])))}；共 ${total} 行${truncated ? `（${reportExportCapMsg(exportMaxRows, total)}）` : ''}`,
          ],
          columns: q.columns.map((c) => ({ key: c.key, header: c.label, kind: c.kind })),
        },
        batches(),
        onError,
      )
      return { name, stream, total, truncated, rows: truncated ? exportMaxRows : total }
    },
    async batch(q: TReportQuery, offset: number, size = EXPORT_BATCH) {
      const n = q.params.length
      return readOnly(async (tx) =>
        (
          await tx.$queryRawUnsafe<Record<string, unknown>[]>(
            `${q.sql} limit $${n + 1}::int offset $${n + 2}::int`,
            ...q.params,
            String(size),
            String(offset),
          )
        ).map((r) => rowOf(r, true)),
      )
    },
  }
}
export type TReportDesignService = ReturnType<typeof createReportDesignService>

import { DATE_PATTERN, parseDateTime, ReportMsg, type TReportDefinition } from '@ysjs/shared'
import { AppError } from '../../lib/errors.ts'
import { escapeLike } from '../../lib/filters.ts'
import type { TReportColumn, TReportSourceDef } from './report-sources.ts'

/** A report query: SQL naming only whitelisted identifiers, every value a bind parameter. */
export type TReportQuery = {
  sql: string
  params: string[]
  /** `kind`: how an export writes the column (numbers as numbers, dates as dates). */
  columns: { key: string; label: string; kind?: 'number' | 'datetime' | 'date' }[]
  /** Result columns that show a business dictionary's labels for their keys: key → dictionary code. */
  dicts: Record<string, string>
}

const OPS = { eq: '=', ne: '<>', gt: '>', ge: '>=', lt: '<', le: '<=', like: 'ILIKE' } as const
const NUMERIC = new Set(['int', 'bigint', 'decimal', 'double', 'number'])
/** How an export writes a column of this type (a dictionary column shows labels: text). */
const kindOf = (c: TReportColumn): Pick<TReportQuery['columns'][number], 'kind'> =>
  c.dictCode
    ? {}
    : NUMERIC.has(c.type) && c.type !== 'bigint'
      ? { kind: 'number' }
      : c.type === 'datetime' || c.type === 'date'
        ? { kind: c.type }
        : {}
const DECIMAL_VALUE = /^-?\d{1,30}(\.\d{1,30})?$/
const FN_LABEL = { count: '计数', sum: '合计', avg: '平均', min: '最小', max: '最大' } as const

const quote = (name: string) => `"${name}"`

/** The cast and format check of a filter value by column type; a malformed value is refused, not sent. */
const castOf = (column: TReportColumn, value: string): string => {
  const bad = () => AppError.badRequest(`${ReportMsg.BAD_VALUE}: ${column.label}`)
  switch (column.type) {
    case 'int':
    case 'bigint':
      if (!/^-?\d{1,18}$/.test(value)) {
        throw bad()
      }
      return '::int8'
    case 'decimal':
      if (!DECIMAL_VALUE.test(value)) {
        throw bad()
      }
      return '::numeric'
    case 'double':
    case 'number':
      if (!DECIMAL_VALUE.test(value)) {
        throw bad()
      }
      return '::float8'
    case 'boolean':
      if (!/^(true|false)$/.test(value)) {
        throw bad()
      }
      return '::boolean'
    // A real calendar day and time: 2026-13-45 is refused here, not by PostgreSQL.
    case 'date':
      if (!DATE_PATTERN.test(value) || !parseDateTime(value)) {
        throw bad()
      }
      return '::date'
    case 'datetime':
      if (!parseDateTime(value)) {
        throw bad()
      }
      return '::timestamp'
    default:
      return ''
  }
}

export const buildReportQuery = (
  source: TReportSourceDef,
  def: TReportDefinition,
  runParams: Record<string, string>,
  tenantId: string,
  /** false when checking a design being saved: its run-time parameters are not known yet. */
  requireParams = true,
  /** Whether the caller may read rows that belong to no tenant (the platform administrator). */
  platformRows = false,
): TReportQuery => {
  const byName = new Map(source.columns.map((c) => [c.name, c]))
  const columnOf = (name: string) => {
    const c = byName.get(name)
    if (!c) {
      throw AppError.badRequest(`${ReportMsg.COLUMN_NOT_ALLOWED}: ${name}`)
    }
    return c
  }
  const params: string[] = []
  const bind = (value: string) => {
    params.push(value)
    return `$${params.length}`
  }

  const where: string[] = []
  const { tenancy } = source
  if (tenancy.kind === 'column') {
    where.push(`t."tenant_id" = ${bind(tenantId)}`)
  } else if (tenancy.kind === 'parent') {
    where.push(
      `exists (select 1 from ${quote(tenancy.parentTable)} p where p."id" = t.${quote(tenancy.via)} and p."tenant_id" = ${bind(tenantId)})`,
    )
  } else if (!platformRows) {
    throw AppError.badRequest(ReportMsg.PLATFORM_ROWS)
  }
  if (source.deletedColumn) {
    where.push('t."is_deleted" = 0')
  }
  for (const f of def.filters) {
    const c = columnOf(f.column)
    const value = f.param ? runParams[f.param] : f.value
    if (value === undefined || value === '') {
      if (f.param && requireParams) {
        throw AppError.badRequest(`${ReportMsg.PARAM_MISSING}: ${f.param}`)
      }
      continue
    }
    if (f.op === 'like') {
      where.push(`t.${quote(c.jdbcName)}::text ILIKE ${bind(`%${escapeLike(value)}%`)}`)
    } else {
      where.push(`t.${quote(c.jdbcName)} ${OPS[f.op]} ${bind(value)}${castOf(c, value)}`)
    }
  }

  const select: string[] = []
  const columns: TReportQuery['columns'] = []
  const groups = def.groupBy.map(columnOf)
  const plain = def.groupBy.length === 0 && def.aggregates.length === 0
  const shown = plain ? (def.columns.length ? def.columns.map(columnOf) : source.columns) : groups
  const dicts: Record<string, string> = {}
  /** Result columns a chart can plot. */
  const numeric = new Set<string>()
  for (const c of shown) {
    select.push(`t.${quote(c.jdbcName)} as ${quote(c.name)}`)
    columns.push({ key: c.name, label: c.label, ...kindOf(c) })
    if (c.dictCode) {
      dicts[c.name] = c.dictCode
    } else if (NUMERIC.has(c.type)) {
      numeric.add(c.name)
    }
  }
  for (const a of def.aggregates) {
    if (a.fn === 'count') {
      select.push('count(*)::int as "count"')
      columns.push({ key: 'count', label: FN_LABEL.count, kind: 'number' })
      numeric.add('count')
      continue
    }
    if (!a.column) {
      throw AppError.badRequest('请选择统计字段')
    }
    const c = columnOf(a.column)
    if ((a.fn === 'sum' || a.fn === 'avg') && !NUMERIC.has(c.type)) {
      throw AppError.badRequest(`只能对数值字段求和或平均: ${c.label}`)
    }
    // PostgreSQL has no min/max of boolean.
    if ((a.fn === 'min' || a.fn === 'max') && c.type === 'boolean') {
      throw AppError.badRequest(`${ReportMsg.NO_MIN_MAX}: ${c.label}`)
    }
    const key = `${a.fn}_${c.name}`
    const cast = NUMERIC.has(c.type) ? '::float8' : ''
    select.push(`${a.fn}(t.${quote(c.jdbcName)})${cast} as ${quote(key)}`)
    columns.push({ key, label: `${c.label}${FN_LABEL[a.fn]}`, ...kindOf(c) })
    if (NUMERIC.has(c.type)) {
      numeric.add(key)
    }
  }
  if (new Set(columns.map((c) => c.key)).size !== columns.length) {
    throw AppError.badRequest('统计项不能重复')
  }
  // A chart labels its bars with a result column and plots a numeric one: anything else would draw
  // empty labels and zeros.
  const { chart } = def
  if (chart.type !== 'none') {
    if (!chart.category || !columns.some((c) => c.key === chart.category)) {
      throw AppError.badRequest(ReportMsg.CHART_CATEGORY)
    }
    if (!chart.value || !numeric.has(chart.value)) {
      throw AppError.badRequest(ReportMsg.CHART_VALUE)
    }
  }
  const parts = [`select ${select.join(', ')} from ${quote(source.table)} t`]
  if (where.length) {
    parts.push(`where ${where.join(' and ')}`)
  }
  if (groups.length) {
    parts.push(`group by ${groups.map((c) => `t.${quote(c.jdbcName)}`).join(', ')}`)
  }
  // Plain rows end their order with the table's key: export batches page by offset, each in its own
  // transaction, and rows equal in the shown columns must not move between batches.
  const order = shown.map((_, i) => String(i + 1))
  if (plain && source.keyColumn) {
    order.push(`t.${quote(source.keyColumn)}`)
  }
  if (order.length) {
    parts.push(`order by ${order.join(', ')}`)
  }
  return { sql: parts.join(' '), params, columns, dicts }
}

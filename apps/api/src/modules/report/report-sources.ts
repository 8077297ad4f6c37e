import type { PrismaClient } from '@ysjs/db'
import {
  DEFAULT_DATASOURCE_ID,
  isId,
  PROPERTY_NAME_PATTERN,
  propertyTypeOfColumn,
  ReportMsg,
  SCALAR_PROPERTY_TYPES,
  SQL_NAME_PATTERN,
} from '@ysjs/shared'
import { AppError } from '../../lib/errors.ts'
import { childTableOf } from '../../lib/table-ownership.ts'

export type TReportColumn = {
  name: string
  jdbcName: string
  label: string
  type: string
  /** A business dictionary whose labels the report shows for the column's stored keys. */
  dictCode?: string
}
/**
 * How a source's rows are limited to the caller's tenant: its own `tenant_id`; its parent row's (a child
 * table such as `blade_user_dept`, joined to the parent); or not at all (platform rows, which no tenant
 * can be told apart by: the platform administrator's reports only).
 */
export type TReportTenancy =
  | { kind: 'column' }
  | { kind: 'parent'; via: string; parentTable: string }
  | { kind: 'none' }

/** The tenancy of a table, from whether it has `tenant_id` and whether it is a known child table. */
export const tenancyOf = (table: string, hasTenantColumn: boolean): TReportTenancy => {
  if (hasTenantColumn) {
    return { kind: 'column' }
  }
  const child = childTableOf(table)
  return child ? { kind: 'parent', via: child.via, parentTable: child.parentTable } : { kind: 'none' }
}

/** A whitelisted source of reports: the only tables and columns a report query can name. */
export type TReportSourceDef = {
  key: string
  name: string
  table: string
  columns: TReportColumn[]
  /** How rows are kept to the caller's tenant. */
  tenancy: TReportTenancy
  /** Live rows only (the table has `is_deleted`). */
  deletedColumn: boolean
  /** A unique column that orders plain rows the same way batch after batch (`id`), if the table has one. */
  keyColumn: string | null
}

const col = (name: string, jdbcName: string, label: string, type: string, dictCode = ''): TReportColumn => ({
  name,
  jdbcName,
  label,
  type,
  ...(dictCode ? { dictCode } : {}),
})

/** Curated business views: platform tables with the columns a report may show (no secrets). */
export const BUSINESS_VIEWS: TReportSourceDef[] = [
  {
    key: 'view:notice',
    name: '通知公告',
    table: 'blade_notice',
    columns: [
      col('title', 'title', '通知标题', 'string'),
      col('category', 'category', '通知类型', 'int', 'notice'),
      col('releaseTime', 'release_time', '通知日期', 'datetime'),
      col('createTime', 'create_time', '创建时间', 'datetime'),
    ],
    tenancy: { kind: 'column' },
    deletedColumn: true,
    keyColumn: 'id',
  },
  {
    key: 'view:trading_project',
    name: '交易项目',
    table: 'ysjs_trading_project',
    columns: [
      col('title', 'title', '项目名称', 'string'),
      col('technologyType', 'technology_type', '技术类型', 'int', 'technology_type'),
      col('industryType', 'industry_type', '行业类型', 'int', 'industry'),
      col('collaborationMode', 'collaboration_mode', '合作方式', 'int', 'collaboration_mode'),
      col('projectPhase', 'project_phase', '项目阶段', 'int', 'project_phase'),
      col('createTime', 'create_time', '创建时间', 'datetime'),
    ],
    tenancy: { kind: 'column' },
    deletedColumn: true,
    keyColumn: 'id',
  },
]

/** Every source a caller may report on: the curated views and the models of the application database. */
export const listSources = async (prisma: PrismaClient): Promise<TReportSourceDef[]> => {
  const models = await prisma.devModel.findMany({
    where: { isDeleted: 0, datasourceId: BigInt(DEFAULT_DATASOURCE_ID) },
    orderBy: [{ createTime: 'desc' }, { id: 'desc' }],
  })
  const prototypes = await prisma.devModelPrototype.findMany({
    where: { modelId: { in: models.map((m) => m.id) }, isDeleted: 0 },
    orderBy: [{ sort: 'asc' }, { id: 'asc' }],
  })
  const shapes = await tableShapes(
    prisma,
    models.map((m) => m.modelTable),
  )
  const fromModels = models
    .map((m) =>
      withShape(
        toSource(
          m,
          prototypes.filter((p) => p.modelId === m.id),
        ),
        shapes.get(m.modelTable) ?? new Set(),
      ),
    )
    .filter((s) => s.columns.length > 0)
  return [...BUSINESS_VIEWS, ...fromModels]
}

const HIDDEN = new Set(['tenant_id', 'is_deleted'])
/**
 * Columns that hold credentials are never offered (whatever a model says): passwords, secrets,
 * tokens, salts, keys (`secret_key`, `api_key`, `key`; not `keyword`).
 */
const SECRET_COLUMN = /password|passwd|secret|token|credential|salt|(^|_)(pwd|key|private_key)(_|$)/
export const isSecretColumn = (jdbcName: string) => SECRET_COLUMN.test(jdbcName.toLowerCase())

/**
 * A model as a report source. A column's type is its column type's (not the saved property type, which
 * rows saved before numeric support may carry as text); columns of types without one (uuid, json…)
 * are left out, as PostgreSQL cannot group, order or compare all of them.
 */
const toSource = (
  model: { id: bigint; modelName: string; modelTable: string },
  prototypes: {
    jdbcName: string
    jdbcType: string
    propertyName: string
    comment: string
    dictCode: string
  }[],
): TReportSourceDef => ({
  key: `model:${model.id}`,
  name: model.modelName,
  table: model.modelTable,
  columns: prototypes.flatMap((p) => {
    // Reports compare, group and order single values of known types: not lists, JSON, bytes or enums.
    const mapped = propertyTypeOfColumn(p.jdbcType)
    const type = mapped && SCALAR_PROPERTY_TYPES.includes(mapped) ? mapped : null
    return type &&
      !HIDDEN.has(p.jdbcName) &&
      !isSecretColumn(p.jdbcName) &&
      SQL_NAME_PATTERN.test(p.jdbcName) &&
      PROPERTY_NAME_PATTERN.test(p.propertyName)
      ? [col(p.propertyName, p.jdbcName, p.comment, type, p.dictCode)]
      : []
  }),
  tenancy: { kind: 'none' },
  deletedColumn: false,
  keyColumn: null,
})

const TABLE_SHAPE_SQL = `select table_name as "table", column_name as name from information_schema.columns
  where table_schema = current_schema() and table_name = any($1::text[])
    and column_name in ('tenant_id', 'is_deleted', 'id')`

/** Which of `tenant_id`, `is_deleted` and `id` each table has. */
const tableShapes = async (prisma: PrismaClient, tables: string[]): Promise<Map<string, Set<string>>> => {
  const out = new Map<string, Set<string>>()
  if (!tables.length) {
    return out
  }
  const rows = await prisma.$queryRawUnsafe<{ table: string; name: string }[]>(TABLE_SHAPE_SQL, tables)
  for (const r of rows) {
    out.set(r.table, (out.get(r.table) ?? new Set()).add(r.name))
  }
  return out
}

// Tenancy and live rows follow the table itself, not the model: a model whose tenant_id or is_deleted
// field was removed still shows a caller only their tenant's live rows.
const withShape = (source: TReportSourceDef, found: Set<string>): TReportSourceDef => ({
  ...source,
  tenancy: tenancyOf(source.table, found.has('tenant_id')),
  deletedColumn: found.has('is_deleted'),
  keyColumn: found.has('id') ? 'id' : null,
})

export const sourceOf = async (prisma: PrismaClient, key: string): Promise<TReportSourceDef> => {
  const view = BUSINESS_VIEWS.find((v) => v.key === key)
  if (view) {
    return view
  }
  const id = /^model:(\d{1,19})$/.exec(key)?.[1]
  const model = isId(id) ? await prisma.devModel.findFirst({ where: { id: BigInt(id), isDeleted: 0 } }) : null
  if (!model || !SQL_NAME_PATTERN.test(model.modelTable)) {
    throw AppError.badRequest(ReportMsg.SOURCE_NOT_FOUND)
  }
  if (model.datasourceId !== BigInt(DEFAULT_DATASOURCE_ID)) {
    throw AppError.badRequest(ReportMsg.EXTERNAL_MODEL)
  }
  const prototypes = await prisma.devModelPrototype.findMany({
    where: { modelId: model.id, isDeleted: 0 },
    orderBy: [{ sort: 'asc' }, { id: 'asc' }],
  })
  const shapes = await tableShapes(prisma, [model.modelTable])
  return withShape(toSource(model, prototypes), shapes.get(model.modelTable) ?? new Set())
}

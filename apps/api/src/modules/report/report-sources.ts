import type { PrismaClient } from '@ysjs/db'
import {
  DEFAULT_DATASOURCE_ID,
  isId,
  PROPERTY_NAME_PATTERN,
  propertyTypeOfColumn,
  ReportMsg,
  SQL_NAME_PATTERN,
} from '@ysjs/shared'
import { AppError } from '../../lib/errors.ts'

export type TReportColumn = {
  name: string
  jdbcName: string
  label: string
  type: string
  /** A business dictionary whose labels the report shows for the column's stored keys. */
  dictCode?: string
}
/** A whitelisted source of reports: the only tables and columns a report query can name. */
export type TReportSourceDef = {
  key: string
  name: string
  table: string
  columns: TReportColumn[]
  /** Rows of the caller's tenant only (the table has `tenant_id`). */
  tenantColumn: boolean
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
    tenantColumn: true,
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
    tenantColumn: true,
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
  const fromModels = models
    .map((m) =>
      toSource(
        m,
        prototypes.filter((p) => p.modelId === m.id),
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
    const type = propertyTypeOfColumn(p.jdbcType)
    return type &&
      !HIDDEN.has(p.jdbcName) &&
      !isSecretColumn(p.jdbcName) &&
      SQL_NAME_PATTERN.test(p.jdbcName) &&
      PROPERTY_NAME_PATTERN.test(p.propertyName)
      ? [col(p.propertyName, p.jdbcName, p.comment, type, p.dictCode)]
      : []
  }),
  tenantColumn: prototypes.some((p) => p.jdbcName === 'tenant_id'),
  deletedColumn: prototypes.some((p) => p.jdbcName === 'is_deleted'),
  keyColumn: prototypes.some((p) => p.jdbcName === 'id') ? 'id' : null,
})

const TABLE_SHAPE_SQL = `select column_name as name from information_schema.columns
  where table_schema = current_schema() and table_name = $1 and column_name in ('tenant_id', 'is_deleted', 'id')`

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
  // Tenancy and live rows follow the table itself, not the model: a model whose tenant_id or is_deleted
  // field was removed still shows a caller only their tenant's live rows.
  const found = new Set(
    (await prisma.$queryRawUnsafe<{ name: string }[]>(TABLE_SHAPE_SQL, model.modelTable)).map((r) => r.name),
  )
  return {
    ...toSource(model, prototypes),
    tenantColumn: found.has('tenant_id'),
    deletedColumn: found.has('is_deleted'),
    keyColumn: found.has('id') ? 'id' : null,
  }
}

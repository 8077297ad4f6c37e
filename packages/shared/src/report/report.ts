import { z } from 'zod'
import { ZWireDateTimeSchema } from '../common/dates.ts'
import { isId, ZIdSchema, ZWireIdSchema } from '../common/ids.ts'

/** A saved report of the designer (`blade_report_file`); the content is not part of the list. */
export const ZReportFileRecordSchema = z.object({
  id: ZWireIdSchema,
  name: z.string(),
  createTime: ZWireDateTimeSchema,
  updateTime: ZWireDateTimeSchema.nullable(),
})
export type TReportFile = z.infer<typeof ZReportFileRecordSchema>

// Report designs (issue 15, decision 020): a saved report is a source (a data model of the code
// generator or a curated business view), chosen columns, filters (fixed values or run-time parameters),
// grouping with aggregates, and a chart. Columns are named by their whitelisted property names only.

export const REPORT_FILTER_OPS = ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'like'] as const
export const REPORT_AGGREGATES = ['count', 'sum', 'avg', 'min', 'max'] as const
export const REPORT_CHART_TYPES = ['none', 'bar', 'line', 'pie'] as const
/** At most this many rows are exported to xlsx. */
export const REPORT_EXPORT_MAX_ROWS = 100_000
/** The last line of an export that stopped at the cap (the viewer warns with it too). */
export const reportExportCapMsg = (max: number, total: number) =>
  `已达导出上限 ${max} 行（共 ${total} 行），其余未导出，请缩小查询范围`

export const ReportMsg = {
  SOURCE_NOT_FOUND: '报表数据源不存在',
  COLUMN_NOT_ALLOWED: '报表字段不在白名单内',
  NOT_A_DESIGN: '该报表不是报表设计器保存的报表',
  TIMEOUT: '报表查询超时，请缩小查询范围',
  PARAM_MISSING: '请输入报表参数',
  EXTERNAL_MODEL: '报表只能使用本系统数据库的模型',
  PLATFORM_ROWS: '该数据模型的数据不分租户，仅平台管理员可用于报表',
  TABLE_GONE: '报表的数据表已不存在，请检查数据模型',
  COLUMN_GONE: '报表的字段已不在数据表中，请重新导入模型字段',
  BAD_VALUE: '报表条件的值格式不正确',
  NO_MIN_MAX: '是否字段不能求最小或最大值',
  READ_ONLY: '报表只能读取数据',
  CHART_CATEGORY: '图表的分类须为报表结果中的字段',
  CHART_VALUE: '图表的数值须为报表结果中的数值字段',
} as const

const ZPropName = z
  .string({ error: '请选择字段' })
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9]{0,62}$/, '字段名格式不正确')

export const ZReportFilterSchema = z.object({
  column: ZPropName,
  op: z.enum(REPORT_FILTER_OPS, { error: '请选择条件' }),
  /** A fixed value, or empty when `param` names a value given at run time. */
  value: z.string().max(200, '长度不能超过200个字符').optional(),
  param: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9_]{0,30}$/, '参数名格式不正确')
    // The export takes parameters beside the report's `id` in its query.
    .refine((v) => v !== 'id', { message: '参数名不能为 id' })
    .optional(),
})

export const ZReportAggregateSchema = z.object({
  fn: z.enum(REPORT_AGGREGATES, { error: '请选择统计方式' }),
  /** Not needed for count. */
  column: ZPropName.optional(),
})

export const ZReportDefinitionSchema = z.object({
  /** `model:<id>` (a data model) or `view:<key>` (a curated business view). */
  source: z
    .string({ error: '请选择数据模型' })
    .regex(/^(model:\d{1,19}|view:[a-z_]{1,40})$/, '请选择数据模型')
    .refine((v) => !v.startsWith('model:') || isId(v.slice(6)), { message: '请选择数据模型' }),
  columns: z.array(ZPropName).max(50, '字段不能超过50个').default([]),
  filters: z.array(ZReportFilterSchema).max(20, '条件不能超过20个').default([]),
  groupBy: z.array(ZPropName).max(3, '分组字段不能超过3个').default([]),
  aggregates: z.array(ZReportAggregateSchema).max(10, '统计项不能超过10个').default([]),
  chart: z
    .object({
      type: z.enum(REPORT_CHART_TYPES).default('none'),
      /** The column whose values label the chart (a group column). */
      category: ZPropName.optional(),
      /** The result column the chart plots (an aggregate's key, e.g. `sum_qty`). */
      value: z.string().max(80).optional(),
    })
    .default({ type: 'none' }),
})
export type TReportDefinition = z.infer<typeof ZReportDefinitionSchema>

export const ZReportSubmitSchema = z.object({
  id: ZIdSchema.optional(),
  name: z
    .string({ error: '请输入报表名称' })
    .trim()
    .min(1, '请输入报表名称')
    .max(100, '长度不能超过100个字符'),
  definition: ZReportDefinitionSchema,
})
export type TReportSubmit = z.input<typeof ZReportSubmitSchema>

export const ZReportDetailSchema = z.object({
  id: ZWireIdSchema,
  name: z.string(),
  definition: ZReportDefinitionSchema,
})

/** A column a report may use, as the designer offers it. */
export const ZReportColumnSchema = z.object({ name: z.string(), label: z.string(), type: z.string() })
export const ZReportSourceSchema = z.object({
  key: z.string(),
  name: z.string(),
  columns: z.array(ZReportColumnSchema),
})
export type TReportSource = z.infer<typeof ZReportSourceSchema>

export const ZReportRunSchema = z.object({
  /** A saved report, or a definition being designed. */
  id: ZIdSchema.optional(),
  definition: ZReportDefinitionSchema.optional(),
  params: z.record(z.string().max(40), z.string().max(200)).default({}),
  current: z.coerce.number().int().min(1).max(1_000_000).default(1),
  size: z.coerce.number().int().min(1).max(200).default(10),
})

export const ZReportResultSchema = z.object({
  /** Result columns in order: key (property name or aggregate key) and label. */
  columns: z.array(z.object({ key: z.string(), label: z.string() })),
  records: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))),
  total: z.number(),
  size: z.number(),
  current: z.number(),
  pages: z.number(),
  chart: z.object({ type: z.string(), labels: z.array(z.string()), values: z.array(z.number()) }).nullable(),
})
export type TReportResult = z.infer<typeof ZReportResultSchema>

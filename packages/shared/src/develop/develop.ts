import { z } from 'zod'
import { ZWireDateTimeSchema } from '../common/dates.ts'
import { ZIdSchema, ZWireIdSchema, zRequiredId } from '../common/ids.ts'
import { Msg } from '../common/result.ts'
import { zInt, zOptionalText, zRequired } from '../common/validators.ts'
import { parseDatasourceUrl } from './datasource-url.ts'

/** The seeded data source that is the application's own database. */
export const DEFAULT_DATASOURCE_ID = '1'

/** Drivers the generator reads tables from. */
export const DATASOURCE_DRIVERS = ['postgresql'] as const

export * from './datasource-url.ts'

/** Lower-case SQL identifiers the generator and the reports accept (tables, columns). */
export const SQL_NAME_PATTERN = /^[a-z_][a-z0-9_]{0,62}$/
/** camelCase property names of generated code. */
export const PROPERTY_NAME_PATTERN = /^[a-z][A-Za-z0-9]{0,62}$/
/** PascalCase class names (the Prisma model of a generated module). */
export const CLASS_NAME_PATTERN = /^[A-Z][A-Za-z0-9]{0,62}$/
/** kebab-case module names (folder and route of a generated module). */
export const MODULE_NAME_PATTERN = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/

export const DevelopMsg = {
  DEFAULT_DATASOURCE_READONLY: '默认数据源不可修改或删除',
  CONNECT_FAILED: '数据源连接失败',
  TABLE_NOT_FOUND: '数据表不存在',
  MODEL_NOT_FOUND: '数据模型不存在',
  NO_PROTOTYPE: '请先配置模型字段',
  GEN_SUCCESS: '代码生成成功',
  PASSWORD_AGAIN: '连接地址或用户名已修改，请重新输入密码',
  QUERY_FAILED: '数据源查询失败',
  COLUMN_NOT_IN_TABLE: '字段不在数据表中',
  DUPLICATE_IN_ZIP: '同一次生成的模块不能重复',
} as const

export const ZDatasourceSubmitSchema = z.object({
  id: ZIdSchema.optional(),
  name: zRequired('请输入数据源名称', 100),
  driverClass: z.enum(DATASOURCE_DRIVERS, { error: '请选择驱动类型' }).default('postgresql'),
  // The old platform's front end escaped & in the URL; its submit unescaped it (contract section 11).
  // Only host, port, database and sslmode (datasource-url.ts).
  url: zRequired('请输入连接地址', 500)
    .transform((v) => v.replaceAll('&amp;', '&'))
    .superRefine((v, ctx) => {
      const parsed = parseDatasourceUrl(v)
      if (!parsed.ok) {
        ctx.addIssue({ code: 'custom', message: parsed.message })
      }
    }),
  username: zRequired('请输入用户名', 100),
  // Blank or the masked value answered earlier keeps the stored password.
  password: zOptionalText(200).meta({ format: 'password' }),
  remark: zOptionalText(255),
})
export type TDatasourceSubmit = z.input<typeof ZDatasourceSubmitSchema>

export const ZDatasourceRecordSchema = z.object({
  id: ZWireIdSchema,
  name: z.string(),
  driverClass: z.string(),
  url: z.string(),
  username: z.string(),
  /** Never in full: masked (first and last two characters at most). */
  password: z.string().nullable().meta({ format: 'password' }),
  remark: z.string().nullable(),
  /** The application's own database: cannot be changed or removed. */
  isDefault: z.boolean(),
  createTime: ZWireDateTimeSchema,
  updateTime: ZWireDateTimeSchema.nullable(),
  status: z.number(),
  isDeleted: z.number(),
})
export type TDatasource = z.infer<typeof ZDatasourceRecordSchema>

export const ZSelectOptionSchema = z.object({ id: ZWireIdSchema, name: z.string() })

export const ZTableSchema = z.object({ name: z.string(), comment: z.string() })
export type TTable = z.infer<typeof ZTableSchema>

export const ZColumnSchema = z.object({
  name: z.string(),
  /** PostgreSQL type as information_schema names it, e.g. `character varying`, `bigint`; `numeric(12,2)` with its size. */
  type: z.string(),
  /** Length of character columns, null for others. */
  length: z.number().nullable(),
  nullable: z.boolean(),
  comment: z.string(),
  primaryKey: z.boolean(),
})
export type TColumn = z.infer<typeof ZColumnSchema>

export const ZModelSubmitSchema = z.object({
  id: ZIdSchema.optional(),
  datasourceId: zRequiredId('请选择数据源'),
  modelName: zRequired('请输入模型名称', 100),
  modelCode: zRequired('请输入模型编号', 100).refine((v) => MODULE_NAME_PATTERN.test(v), {
    message: '模型编号只能包含小写字母、数字和连字符',
  }),
  modelTable: zRequired('请输入模型表名', 100).refine((v) => SQL_NAME_PATTERN.test(v), {
    message: '表名只能包含小写字母、数字和下划线',
  }),
  modelClass: zRequired('请输入模型类名', 100).refine((v) => CLASS_NAME_PATTERN.test(v), {
    message: '类名须以大写字母开头，只含字母和数字',
  }),
  modelRemark: zOptionalText(500),
})
export type TModelSubmit = z.input<typeof ZModelSubmitSchema>

export const ZModelRecordSchema = z.object({
  id: ZWireIdSchema,
  datasourceId: ZWireIdSchema,
  modelName: z.string(),
  modelCode: z.string(),
  modelTable: z.string(),
  modelClass: z.string(),
  modelRemark: z.string().nullable(),
  createTime: ZWireDateTimeSchema,
  updateTime: ZWireDateTimeSchema.nullable(),
  status: z.number(),
  isDeleted: z.number(),
})
export type TModel = z.infer<typeof ZModelRecordSchema>

/**
 * Property types of generated code (TypeScript side of a column): `decimal` is a `numeric` column,
 * carried as a decimal string; `double` a `real` / `double precision` one, carried as a number; arrays
 * (`string[]`, `int[]`, `bigint[]`) are lists of their element; `json` any JSON value; `bytes` a `bytea`
 * column, carried as base64; `enum` a PostgreSQL enum's label (decision 020).
 */
export const PROPERTY_TYPES = [
  'string',
  'int',
  'bigint',
  'decimal',
  'double',
  'date',
  'datetime',
  'boolean',
  'string[]',
  'int[]',
  'bigint[]',
  'json',
  'bytes',
  'enum',
] as const
export type TPropertyType = (typeof PROPERTY_TYPES)[number]

/** Single values reports can compare, group and order (arrays, JSON and bytes are not). */
export const SCALAR_PROPERTY_TYPES: readonly TPropertyType[] = [
  'string',
  'int',
  'bigint',
  'decimal',
  'double',
  'date',
  'datetime',
  'boolean',
]

/** The property type of each column type the generator maps (information_schema's names). */
const PROPERTY_TYPE_OF_COLUMN: Record<string, TPropertyType> = {
  'character varying': 'string',
  character: 'string',
  text: 'string',
  smallint: 'int',
  integer: 'int',
  bigint: 'bigint',
  numeric: 'decimal',
  real: 'double',
  'double precision': 'double',
  boolean: 'boolean',
  date: 'date',
  'timestamp without time zone': 'datetime',
  'timestamp with time zone': 'datetime',
  json: 'json',
  jsonb: 'json',
  bytea: 'bytes',
}
/** Element types an array column may have, and the property type of the array. */
const ARRAY_OF: Record<string, TPropertyType> = { string: 'string[]', int: 'int[]', bigint: 'bigint[]' }

/** `numeric(12,2)` → `numeric`: table-info names numeric columns with their precision and scale. */
export const columnBaseType = (jdbcType: string): string => jdbcType.replace(/\(.*\)$/, '').trim()

/** The element type of an array column type (`text[]` → `text`, `character varying(20)[]`), else null. */
export const arrayElementType = (jdbcType: string): string | null =>
  /^(.+)\[\]$/.exec(jdbcType.trim())?.[1]?.trim() ?? null

/** The length of a `character varying(n)` / `character(n)` (element) type, else null. */
export const charLength = (jdbcType: string): number | null => {
  const m = /^(?:character varying|character)\((\d+)\)$/.exec(jdbcType.trim())
  return m ? Number(m[1]) : null
}

/**
 * An enum column as table-info names it: `enum <type name>`; its labels are read from the application
 * database when a module is generated.
 */
export const ENUM_TYPE_PATTERN = /^enum ([a-z_][a-z0-9_]{0,62})$/
export const enumTypeName = (jdbcType: string): string | null => ENUM_TYPE_PATTERN.exec(jdbcType)?.[1] ?? null

/** Precision and scale of a `numeric(p,s)` column type; empty for a plain `numeric`. */
export const numericSize = (jdbcType: string): { precision?: number; scale?: number } => {
  const m = /^numeric\((\d+),(\d+)\)$/.exec(jdbcType.replace(/\s/g, ''))
  return m ? { precision: Number(m[1]), scale: Number(m[2]) } : {}
}

/** The property type of a column type, null when the generator has no mapping for it (uuid, xml…). */
export const propertyTypeOfColumn = (jdbcType: string): TPropertyType | null => {
  if (enumTypeName(jdbcType)) {
    return 'enum'
  }
  const element = arrayElementType(jdbcType)
  if (element !== null) {
    const of = PROPERTY_TYPE_OF_COLUMN[columnBaseType(element)]
    return (of && ARRAY_OF[of]) ?? null
  }
  return PROPERTY_TYPE_OF_COLUMN[columnBaseType(jdbcType)] ?? null
}

/**
 * Property types a column may be given: the one of its column type; `string` for column types the
 * generator cannot map (reports show them as text, the generator refuses them).
 */
export const propertyTypesOfColumn = (jdbcType: string): TPropertyType[] => [
  propertyTypeOfColumn(jdbcType) ?? 'string',
]
/**
 * The entity's type of a property (contract section 11 `property_entity`; the platform wrote the Java
 * class there): the Prisma scalar type of the generated model's field.
 */
const PROPERTY_ENTITY: Record<TPropertyType, string> = {
  string: 'String',
  int: 'Int',
  bigint: 'BigInt',
  decimal: 'Decimal',
  double: 'Float',
  date: 'DateTime',
  datetime: 'DateTime',
  boolean: 'Boolean',
  'string[]': 'String[]',
  'int[]': 'Int[]',
  'bigint[]': 'BigInt[]',
  json: 'Json',
  bytes: 'Bytes',
  enum: 'Enum',
}
export const propertyEntityOf = (propertyType: string): string =>
  PROPERTY_ENTITY[propertyType as TPropertyType] ?? 'String'

/** Form components of the generated web resource. */
export const COMPONENT_TYPES = ['input', 'textarea', 'number', 'select', 'date', 'datetime'] as const
export const QUERY_TYPES = ['equal', 'like'] as const

/** A yes/no flag: 0 or 1 (also as the string or the boolean). */
const flag = z.preprocess(
  (v) =>
    typeof v === 'boolean' ? Number(v) : typeof v === 'string' && /^[01]$/.test(v.trim()) ? Number(v) : v,
  z.union([z.literal(0), z.literal(1)], { error: Msg.PARAM_TYPE_ERROR }),
)

export const ZPrototypeSubmitSchema = z.object({
  // The proposed prototypes of a model answer id null: the grid sends them back as they came.
  id: ZIdSchema.nullish(),
  jdbcName: zRequired('请输入字段名', 100).refine((v) => SQL_NAME_PATTERN.test(v), {
    message: '字段名只能包含小写字母、数字和下划线',
  }),
  jdbcType: zRequired('请输入字段类型', 100),
  comment: zRequired('请输入字段说明', 200),
  propertyType: z.enum(PROPERTY_TYPES, { error: '请选择属性类型' }),
  propertyName: zRequired('请输入属性名', 100).refine((v) => PROPERTY_NAME_PATTERN.test(v), {
    message: '属性名须以小写字母开头，只含字母和数字',
  }),
  /** Taken for the old client's sake; the server writes the one of `propertyType`. */
  propertyEntity: zOptionalText(100),
  isList: flag.default(1),
  isForm: flag.default(1),
  isRow: flag.default(0),
  isRequired: flag.default(0),
  isQuery: flag.default(0),
  queryType: z.enum(QUERY_TYPES).default('equal'),
  componentType: z.enum(COMPONENT_TYPES).default('input'),
  dictCode: zOptionalText(100).refine((v) => v === undefined || /^[A-Za-z0-9_]+$/.test(v), {
    message: '字典编号只能包含字母、数字和下划线',
  }),
  /** Length limit of a character column (from table-info); checked by the generated schema. */
  length: zInt({ min: 1, max: 100_000 }).nullish(),
})
export type TPrototypeSubmit = z.input<typeof ZPrototypeSubmitSchema>

export const ZPrototypeListSubmitSchema = z.object({
  modelId: zRequiredId('请选择数据模型'),
  prototypes: z
    .array(
      ZPrototypeSubmitSchema.superRefine((p, ctx) => {
        if (!propertyTypesOfColumn(p.jdbcType).includes(p.propertyType)) {
          ctx.addIssue({
            code: 'custom',
            path: ['propertyType'],
            message: `属性类型与字段类型不符: ${p.jdbcName} (${p.jdbcType}) 应为 ${propertyTypesOfColumn(p.jdbcType).join('/')}`,
          })
        }
      }),
    )
    .min(1, '请先配置模型字段')
    .max(200, '字段不能超过200个')
    .refine((list) => new Set(list.map((p) => p.jdbcName)).size === list.length, {
      message: '字段名不能重复',
    })
    .refine((list) => new Set(list.map((p) => p.propertyName)).size === list.length, {
      message: '属性名不能重复',
    }),
})

export const ZPrototypeRecordSchema = z.object({
  id: ZWireIdSchema.nullable(),
  modelId: ZWireIdSchema,
  jdbcName: z.string(),
  jdbcType: z.string(),
  comment: z.string(),
  propertyType: z.string(),
  /** The Prisma scalar type of the property (`String`, `Int`, `BigInt`, `Decimal`…). */
  propertyEntity: z.string(),
  propertyName: z.string(),
  isList: z.number(),
  isForm: z.number(),
  isRow: z.number(),
  isRequired: z.number(),
  isQuery: z.number(),
  queryType: z.string(),
  componentType: z.string(),
  dictCode: z.string(),
  length: z.number().nullable(),
  sort: z.number(),
})
export type TPrototype = z.infer<typeof ZPrototypeRecordSchema>

export const TEMPLATE_TYPES = ['crud'] as const

export const COMMENT_UNSAFE_MSG = '不能包含换行、控制字符或 */'
/** Control characters and the line and paragraph separators of JavaScript. */
export const isControlChar = (c: string): boolean => {
  const code = c.charCodeAt(0)
  return code < 0x20 || code === 0x7f || code === 0x2028 || code === 0x2029
}
/** One line without control characters or the end of a block comment. */
export const isCommentSafe = (v: string): boolean => !v.includes('*/') && ![...v].some(isControlChar)

export const ZCodeSubmitSchema = z.object({
  id: ZIdSchema.optional(),
  modelId: zRequiredId('请选择数据模型'),
  // Both are written into comments of the generated files (decision 020).
  codeName: zRequired('请输入模块名', 64).refine(isCommentSafe, { message: COMMENT_UNSAFE_MSG }),
  serviceName: zOptionalText(64),
  tableName: zRequired('请输入表名', 64).refine((v) => SQL_NAME_PATTERN.test(v), {
    message: '表名只能包含小写字母、数字和下划线',
  }),
  tablePrefix: zOptionalText(64),
  pkName: zRequired('请输入主键名', 32).refine((v) => SQL_NAME_PATTERN.test(v), {
    message: '主键名只能包含小写字母、数字和下划线',
  }),
  /** 2: the platform columns (audit, status, soft delete) are part of the model. */
  baseMode: zInt({ min: 1, max: 2 }).default(2),
  /** 2: the generated answers carry each dictionary field's label as `<name>Name` (the platform's wrapper). */
  wrapMode: zInt({ min: 1, max: 2 }).default(2),
  /** The generated module's name (kebab-case): its folder, route and permission codes. */
  packageName: zRequired('请输入包名', 100).refine((v) => MODULE_NAME_PATTERN.test(v), {
    message: '包名只能包含小写字母、数字和连字符',
  }),
  /** API prefix, e.g. `/api/ysjs-demo`; the route is `<apiPath>/<packageName>`. */
  apiPath: zRequired('请输入后端路径', 100).refine((v) => /^\/api\/[a-z][a-z0-9-]*$/.test(v), {
    message: '后端路径格式为 /api/模块名',
  }),
  /** Menu path of the screen, e.g. `/demo/widget`. */
  webPath: zRequired('请输入前端路径', 100).refine((v) => /^(\/[a-z][a-z0-9-]*)+$/.test(v), {
    message: '前端路径格式为 /目录/页面',
  }),
  templateType: z.enum(TEMPLATE_TYPES).default('crud'),
  author: zOptionalText(32).refine((v) => v === undefined || isCommentSafe(v), {
    message: COMMENT_UNSAFE_MSG,
  }),
  subModelId: zOptionalText(32),
  subFkId: zOptionalText(32),
  treeId: zOptionalText(32),
  treePid: zOptionalText(32),
  treeName: zOptionalText(32),
})
export type TCodeSubmit = z.input<typeof ZCodeSubmitSchema>

export const ZCodeRecordSchema = z.object({
  id: ZWireIdSchema,
  datasourceId: ZWireIdSchema.nullable(),
  modelId: ZWireIdSchema.nullable(),
  serviceName: z.string(),
  codeName: z.string(),
  tableName: z.string(),
  tablePrefix: z.string(),
  pkName: z.string(),
  baseMode: z.number(),
  wrapMode: z.number(),
  packageName: z.string(),
  apiPath: z.string(),
  webPath: z.string(),
  templateType: z.string(),
  author: z.string(),
  subModelId: z.string(),
  subFkId: z.string(),
  treeId: z.string(),
  treePid: z.string(),
  treeName: z.string(),
  createTime: ZWireDateTimeSchema,
  updateTime: ZWireDateTimeSchema.nullable(),
  status: z.number(),
  isDeleted: z.number(),
})
export type TCode = z.infer<typeof ZCodeRecordSchema>

export const ZGeneratedFileSchema = z.object({ path: z.string(), content: z.string() })
export type TGeneratedFile = z.infer<typeof ZGeneratedFileSchema>

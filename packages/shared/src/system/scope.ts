// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${userId}` and the like are the placeholders of custom data-scope rules, not templates.
import { z } from 'zod'
import { ZWireDateTimeSchema } from '../common/dates.ts'
import { isId, ZIdSchema, ZWireIdSchema } from '../common/ids.ts'
import { zInt, zOptionalText, zRequired } from '../common/validators.ts'

/** Data scope types (dict `data_scope_type`, contract 6.2). */
export const DataScopeType = { ALL: 1, OWN: 2, OWN_DEPT: 3, OWN_DEPT_AND_CHILDREN: 4, CUSTOM: 5 } as const
export const DATA_SCOPE_TYPE_NAMES: Record<number, string> = {
  1: '全部可见',
  2: '本人可见',
  3: '所在机构可见',
  4: '所在机构及子级可见',
  5: '自定义',
}
export const API_SCOPE_TYPE_NAMES: Record<number, string> = { 1: '系统接口', 2: '业务接口' }
export const ScopeCategory = { DATA: 1, API: 2 } as const

export const ScopeMsg = {
  MENU: '请选择菜单',
  RESOURCE_CODE: '请输入资源编号',
  DATA_NAME: '请输入数据权限名称',
  API_NAME: '请输入接口权限名称',
  DATA_TYPE: '请选择规则类型',
  API_TYPE: '请选择接口类型',
  COLUMN_INVALID: '权限字段格式不正确',
  VALUE_REQUIRED: '请输入自定义规则',
  VALUE_INVALID: '自定义规则格式不正确',
  FIELD_UNKNOWN: (field: string) => `规则字段不在资源的可用字段中: ${field}`,
  PATH: '请输入接口权限路径',
  PATH_INVALID: '接口权限路径必须以 / 开头',
  MENU_MISSING: '所选菜单不存在',
} as const

export const DataScopePermissions = { list: 'data_scope', setting: 'data_scope_setting' } as const
export const ApiScopePermissions = { list: 'api_scope', setting: 'api_scope_setting' } as const

/**
 * A custom data-scope rule (type 5) is structured, never SQL: conditions on whitelisted fields of the
 * resource, joined with AND. A value may be a literal or one of the placeholders below, filled from the
 * current user when the list is read.
 */
export const SCOPE_RULE_OPS = [
  'eq',
  'ne',
  'in',
  'notin',
  'like',
  'gt',
  'ge',
  'lt',
  'le',
  'null',
  'notnull',
] as const
export type TScopeRuleOp = (typeof SCOPE_RULE_OPS)[number]
export const SCOPE_PLACEHOLDERS = [
  '${userId}',
  '${deptId}',
  '${deptIds}',
  '${roleIds}',
  '${tenantId}',
  '${account}',
] as const
const FIELD_PATTERN = /^[a-zA-Z][a-zA-Z0-9_]{0,63}$/

export const ZScopeConditionSchema = z.object({
  field: z.string().regex(FIELD_PATTERN, ScopeMsg.VALUE_INVALID),
  op: z.enum(SCOPE_RULE_OPS, { error: ScopeMsg.VALUE_INVALID }),
  value: z.string().max(500, ScopeMsg.VALUE_INVALID).default(''),
})
export type TScopeCondition = z.infer<typeof ZScopeConditionSchema>
export const ZScopeRuleSchema = z
  .array(ZScopeConditionSchema)
  .min(1, ScopeMsg.VALUE_INVALID)
  .max(10, ScopeMsg.VALUE_INVALID)

/** The conditions of a stored custom rule, or null when the text is not a valid rule. */
export const parseScopeRule = (text: string | null | undefined): TScopeCondition[] | null => {
  if (!text) {
    return null
  }
  try {
    const parsed = ZScopeRuleSchema.safeParse(JSON.parse(text))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/** A field a custom rule may name: the resource's filterable fields and the audit columns. */
export const ZScopeRuleFieldSchema = z.object({
  field: z.string(),
  /** The filter kind of the field (`id`, `int`, `string`, `date`, …; `?` when it may be null). */
  kind: z.string(),
})
export type TScopeRuleField = z.infer<typeof ZScopeRuleFieldSchema>
export const ZScopeRuleFieldsQuerySchema = z.object({
  resourceCode: zOptionalText(255),
})

/** `create_dept` and `createDept` name the same field. */
export const scopeFieldName = (column: string): string =>
  column.trim().replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())

/** A required id whose absence answers `message` (the form's select). */
const zRequiredId = (message: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .union([z.string().trim(), z.number().int().nonnegative()], { error: message })
      .transform((v) => String(v))
      .refine(isId, { message: '请求参数类型错误' }),
  )

/** The rule text a data scope needs: a valid structured rule for type 5; null when it is fine. */
export const dataScopeValueIssue = (v: {
  scopeType: number
  scopeValue?: string | undefined
}): string | null => {
  if (v.scopeType !== DataScopeType.CUSTOM) {
    return null
  }
  if (!v.scopeValue) {
    return ScopeMsg.VALUE_REQUIRED
  }
  return parseScopeRule(v.scopeValue) ? null : ScopeMsg.VALUE_INVALID
}

export const ZDataScopeSubmitSchema = z.object({
  id: ZIdSchema.optional(),
  menuId: zRequiredId(ScopeMsg.MENU),
  resourceCode: zRequired(ScopeMsg.RESOURCE_CODE),
  scopeName: zRequired(ScopeMsg.DATA_NAME),
  scopeField: zOptionalText(255),
  scopeClass: zOptionalText(500),
  scopeColumn: zOptionalText(255).refine((v) => v === undefined || /^[a-zA-Z][a-zA-Z0-9_]{0,63}$/.test(v), {
    message: ScopeMsg.COLUMN_INVALID,
  }),
  scopeType: zInt({ message: ScopeMsg.DATA_TYPE, min: 1, max: 5 }),
  scopeValue: zOptionalText(2000),
  remark: zOptionalText(255),
})
/** The form's schema: the submit schema plus the custom-rule check the server makes in its service. */
export const ZDataScopeFormSchema = ZDataScopeSubmitSchema.superRefine((v, ctx) => {
  const issue = dataScopeValueIssue(v)
  if (issue) {
    ctx.addIssue({ code: 'custom', path: ['scopeValue'], message: issue })
  }
})
export type TDataScopeSubmit = z.input<typeof ZDataScopeSubmitSchema>

const audit = {
  createUser: ZWireIdSchema.nullable(),
  createDept: ZWireIdSchema.nullable(),
  createTime: ZWireDateTimeSchema,
  updateUser: ZWireIdSchema.nullable(),
  updateTime: ZWireDateTimeSchema.nullable(),
  status: z.number(),
  isDeleted: z.number(),
}

export const ZDataScopeRecordSchema = z.object({
  id: ZWireIdSchema,
  menuId: ZWireIdSchema.nullable(),
  resourceCode: z.string().nullable(),
  scopeName: z.string().nullable(),
  scopeField: z.string().nullable(),
  scopeClass: z.string().nullable(),
  scopeColumn: z.string().nullable(),
  scopeType: z.number().nullable(),
  scopeValue: z.string().nullable(),
  remark: z.string().nullable(),
  scopeTypeName: z.string(),
  ...audit,
})
export type TDataScope = z.infer<typeof ZDataScopeRecordSchema>

export const ZApiScopeSubmitSchema = z.object({
  id: ZIdSchema.optional(),
  menuId: zRequiredId(ScopeMsg.MENU),
  resourceCode: zRequired(ScopeMsg.RESOURCE_CODE),
  scopeName: zRequired(ScopeMsg.API_NAME),
  scopePath: zRequired(ScopeMsg.PATH).refine((v) => v.startsWith('/'), { message: ScopeMsg.PATH_INVALID }),
  scopeType: zInt({ message: ScopeMsg.API_TYPE, min: 1, max: 2 }),
  remark: zOptionalText(255),
})
export type TApiScopeSubmit = z.input<typeof ZApiScopeSubmitSchema>

export const ZApiScopeRecordSchema = z.object({
  id: ZWireIdSchema,
  menuId: ZWireIdSchema.nullable(),
  resourceCode: z.string().nullable(),
  scopeName: z.string().nullable(),
  scopePath: z.string().nullable(),
  scopeType: z.number().nullable(),
  remark: z.string().nullable(),
  scopeTypeName: z.string(),
  ...audit,
})
export type TApiScope = z.infer<typeof ZApiScopeRecordSchema>

import { AppError } from '../../lib/errors.ts'
import { isArrayType, type TGenField } from './generator-types.ts'
import type { TExistingColumn } from './introspect.ts'
import { PLATFORM_COLUMNS } from './prototypes.ts'

type TField = TGenField

/** The platform columns a module's table gets (besides id and tenant_id), as SQL and the type they need. */
export const AUDIT_SQL: [string, string, string][] = [
  ['create_user', 'BIGINT', 'bigint'],
  ['create_dept', 'BIGINT', 'bigint'],
  ['create_time', 'TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP', 'timestamp without time zone'],
  ['update_user', 'BIGINT', 'bigint'],
  ['update_time', 'TIMESTAMP(3)', 'timestamp without time zone'],
  ['status', 'INTEGER NOT NULL DEFAULT 1', 'integer'],
  ['is_deleted', 'INTEGER NOT NULL DEFAULT 0', 'integer'],
]
export const TENANT_SQL = `VARCHAR(12) NOT NULL DEFAULT '000000'`

/**
 * A table that is already there must fit the module (decision 020): a bigint `id` primary key, the
 * model's fields with their types and nullability, platform columns of the right type (missing ones the
 * migration adds), and no other required column the module could not fill.
 */
export const checkExisting = (
  table: string,
  existing: TExistingColumn[],
  fields: TField[],
  tenantScoped: boolean,
) => {
  const refuse = (why: string) => AppError.badRequest(`数据表 ${table} 已存在，${why}`)
  const byName = new Map(existing.map((c) => [c.name, c]))
  const id = byName.get('id')
  if (id?.type !== 'bigint' || !id.primaryKey) {
    throw refuse('须有 bigint 类型的 id 主键（通用增删改查使用它）')
  }
  const missing = fields.filter((f) => !byName.has(f.jdbcName)).map((f) => f.jdbcName)
  if (missing.length) {
    throw refuse(`但缺少模型字段: ${missing.join(', ')}`)
  }
  for (const f of fields) {
    const c = byName.get(f.jdbcName)!
    const sized = f.propertyType === 'string' || f.propertyType === 'string[]'
    if (c.type !== f.jdbcType || (sized && c.length !== f.length)) {
      throw refuse(
        `字段 ${f.jdbcName} 的类型 (${c.type}${c.length ? `(${c.length})` : ''}) 与模型不符，请重新导入模型字段`,
      )
    }
    // A list is required when it must hold a value: the form always sends one (perhaps empty).
    if (isArrayType(f)) {
      continue
    }
    if (!c.nullable && !c.hasDefault && !f.isRequired) {
      throw refuse(`字段 ${f.jdbcName} 不可为空，模型中须设为必填`)
    }
    if (c.nullable && f.isRequired) {
      throw refuse(`字段 ${f.jdbcName} 可为空，模型中不能设为必填`)
    }
  }
  const platform: [string, string][] = [
    ...AUDIT_SQL.map(([n, , type]): [string, string] => [n, type]),
    ...(tenantScoped ? [['tenant_id', 'character varying'] as [string, string]] : []),
  ]
  for (const [name, type] of platform) {
    const c = byName.get(name)
    if (c && c.type !== type && !(type.startsWith('timestamp') && c.type.startsWith('timestamp'))) {
      throw refuse(`平台字段 ${name} 的类型 (${c.type}) 应为 ${type}`)
    }
  }
  const known = new Set<string>([...PLATFORM_COLUMNS, ...fields.map((f) => f.jdbcName)])
  const unfillable = existing
    .filter((c) => !known.has(c.name) && !c.nullable && !c.hasDefault)
    .map((c) => c.name)
  if (unfillable.length) {
    throw refuse(`其必填字段不在模型中: ${unfillable.join(', ')}`)
  }
}

// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${userId}` and the like are the placeholders of custom data-scope rules, not templates.
import type { ScopeData } from '@ysjs/db'
import {
  DataScopeType,
  isId,
  isInt4,
  parseDateTime,
  parseScopeRule,
  scopeFieldName,
  type TScopeCondition,
} from '@ysjs/shared'
import { escapeLike, type TFieldKind, type TFilterFields } from './filters.ts'

/**
 * Row-level data scopes (contract 6.2) as a Prisma `where`, never SQL text. A scope names its column
 * (`scope_column`, default `create_dept`; `create_user` for "own rows") and, for the custom type, a
 * structured rule of field/operator/value. Columns and rule fields must be among the resource's
 * whitelisted fields (its list filters plus the audit columns); a scope naming anything else matches
 * no row, so a mistyped rule hides data instead of revealing it.
 *
 * Several granted scopes of one resource are alternatives (OR): a user with two roles sees what
 * either role sees; one "all" scope lifts the filter.
 */
export type TScopeSubject = {
  userId: bigint
  deptIds: readonly bigint[]
  roleIds: readonly bigint[]
  tenantId: string
  account: string
  /** The user's depts and all their descendants (type 4); loaded only when a scope needs it. */
  deptsWithChildren: () => Promise<readonly bigint[]>
}

export const AUDIT_SCOPE_FIELDS: TFilterFields = { createUser: 'id?', createDept: 'id?' }

const NOTHING = { id: { in: [] as bigint[] } }

const kindOf = (fields: TFilterFields, field: string): TFieldKind | undefined => {
  const spec = Object.hasOwn(fields, field) ? fields[field] : undefined
  return spec ? (spec.replace('?', '') as TFieldKind) : undefined
}

const typed = (kind: TFieldKind, raw: string): unknown => {
  switch (kind) {
    case 'string':
      return raw
    case 'int': {
      const n = Number(raw)
      return /^-?\d{1,10}$/.test(raw) && isInt4(n) ? n : undefined
    }
    case 'id':
      return isId(raw) ? BigInt(raw) : undefined
    case 'date':
      return parseDateTime(raw) ?? undefined
  }
}

/** Placeholders of a custom rule, filled from the current user; list values stay comma-joined. */
const fill = (value: string, s: TScopeSubject): string =>
  value
    .replaceAll('${userId}', String(s.userId))
    .replaceAll('${deptIds}', s.deptIds.join(','))
    .replaceAll('${deptId}', String(s.deptIds[0] ?? ''))
    .replaceAll('${roleIds}', s.roleIds.join(','))
    .replaceAll('${tenantId}', s.tenantId)
    .replaceAll('${account}', s.account)

const list = (kind: TFieldKind, raw: string): unknown[] | undefined => {
  const values = raw
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean)
    .map((v) => typed(kind, v))
  return values.some((v) => v === undefined) ? undefined : values
}

/** One condition of a custom rule; undefined when it cannot be applied (unknown field, bad value). */
export const conditionWhere = (
  c: TScopeCondition,
  fields: TFilterFields,
  s: TScopeSubject,
): Record<string, unknown> | undefined => {
  const kind = kindOf(fields, c.field)
  if (!kind) {
    return undefined
  }
  const raw = fill(c.value, s).trim()
  switch (c.op) {
    case 'null':
      return { [c.field]: null }
    case 'notnull':
      return { [c.field]: { not: null } }
    case 'in':
    case 'notin': {
      const values = list(kind, raw)
      if (!values) {
        return undefined
      }
      return c.op === 'in' ? { [c.field]: { in: values } } : { [c.field]: { notIn: values } }
    }
    case 'like':
      return kind === 'string' ? { [c.field]: { contains: escapeLike(raw), mode: 'insensitive' } } : undefined
    default: {
      const value = typed(kind, raw)
      if (value === undefined) {
        return undefined
      }
      const prismaOp = { eq: 'equals', ne: 'not', gt: 'gt', ge: 'gte', lt: 'lt', le: 'lte' }[c.op]
      return { [c.field]: { [prismaOp]: value } }
    }
  }
}

/** The filter of one scope; NOTHING when it names a field the resource does not offer. */
const scopeWhere = async (
  scope: ScopeData,
  fields: TFilterFields,
  s: TScopeSubject,
): Promise<Record<string, unknown> | null> => {
  const type = scope.scopeType ?? DataScopeType.ALL
  if (type === DataScopeType.ALL) {
    return null
  }
  if (type === DataScopeType.CUSTOM) {
    const rule = parseScopeRule(scope.scopeValue)
    if (!rule) {
      return NOTHING
    }
    const parts = rule.map((c) => conditionWhere(c, fields, s))
    return parts.some((p) => p === undefined) ? NOTHING : { AND: parts }
  }
  const defaultColumn = type === DataScopeType.OWN ? 'createUser' : 'createDept'
  const column = scope.scopeColumn ? scopeFieldName(scope.scopeColumn) : defaultColumn
  const kind = kindOf(fields, column)
  if (kind !== 'id') {
    return NOTHING
  }
  switch (type) {
    case DataScopeType.OWN:
      return { [column]: s.userId }
    case DataScopeType.OWN_DEPT:
      return { [column]: { in: [...s.deptIds] } }
    case DataScopeType.OWN_DEPT_AND_CHILDREN:
      return { [column]: { in: [...(await s.deptsWithChildren())] } }
    default:
      return NOTHING
  }
}

/** The `where` that the granted scopes impose on a list, or null when nothing is filtered. */
export const dataScopeWhere = async (
  scopes: readonly ScopeData[],
  resourceFields: TFilterFields,
  s: TScopeSubject,
): Promise<Record<string, unknown> | null> => {
  if (!scopes.length) {
    return null
  }
  const fields = { ...AUDIT_SCOPE_FIELDS, ...resourceFields }
  const parts: Record<string, unknown>[] = []
  for (const scope of scopes) {
    const where = await scopeWhere(scope, fields, s)
    if (where === null) {
      return null
    }
    parts.push(where)
  }
  return parts.length === 1 ? parts[0]! : { OR: parts }
}

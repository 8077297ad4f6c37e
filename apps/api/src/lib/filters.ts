import { isId, isInt4, parseDateTime } from '@ysjs/shared'
import { AppError } from './errors.ts'

/**
 * The platform's map-style list filters (contract 4.3 B): `name=x` and `name_like=x` mean LIKE,
 * `status_equal=1` equality, `createTime_datege=...` date comparisons, `_null`/`_notnull`, and so on.
 *
 * Filters are whitelisted per field *and* per operator. A key naming no whitelisted field is ignored
 * (contract decision 5); a whitelisted field with an operator its kind cannot take (`title_gt`, `_null`
 * on a NOT NULL column) or a value its kind cannot hold (`category=abc`, an int beyond int4, an id
 * beyond bigint, a malformed date) is refused with a 400, never passed on to fail in the database.
 *
 * A field is declared by its kind; a trailing `?` marks a nullable column (`releaseTime: 'date?'`),
 * the only ones that take `_null` / `_notnull`.
 */
export type TFieldKind = 'string' | 'int' | 'date' | 'id'
export type TFilterFields = Readonly<Record<string, TFieldKind | `${TFieldKind}?`>>

type TOp =
  | 'default'
  | 'like'
  | 'notlike'
  | 'equal'
  | 'notequal'
  | 'gt'
  | 'ge'
  | 'lt'
  | 'le'
  | 'dategt'
  | 'datege'
  | 'datelt'
  | 'datele'
  | 'dateequal'
  | 'null'
  | 'notnull'
  | 'ignore'

const SUFFIXES: readonly TOp[] = [
  'like',
  'notlike',
  'equal',
  'notequal',
  'gt',
  'ge',
  'lt',
  'le',
  'dategt',
  'datege',
  'datelt',
  'datele',
  'dateequal',
  'null',
  'notnull',
  'ignore',
]

const COMPARE: readonly TOp[] = ['gt', 'ge', 'lt', 'le']
const DATE_OPS: readonly TOp[] = ['dategt', 'datege', 'datelt', 'datele', 'dateequal']

/** What each kind of column can be asked (besides `_ignore`, and `_null`/`_notnull` when nullable). */
const OPS_BY_KIND: Record<TFieldKind, ReadonlySet<TOp>> = {
  string: new Set(['default', 'like', 'notlike', 'equal', 'notequal']),
  int: new Set(['default', 'like', 'equal', 'notequal', ...COMPARE]),
  id: new Set(['default', 'equal', 'notequal']),
  date: new Set(['default', 'equal', 'notequal', ...COMPARE, ...DATE_OPS]),
}

/** Parameters of the page itself (and the token), never filters. */
const RESERVED = new Set(['current', 'size', 'ascs', 'descs', 'searchCount', 'blade-auth'])
const MAX_VALUE_LENGTH = 200
const DAY_MS = 86_400_000

export const FilterMsg = {
  unsupported: (key: string) => `不支持的查询条件: ${key}`,
  badValue: (key: string) => `查询条件格式错误: ${key}`,
} as const

const splitKey = (key: string): [string, TOp] => {
  const i = key.lastIndexOf('_')
  if (i > 0) {
    const op = key.slice(i + 1) as TOp
    if (SUFFIXES.includes(op)) {
      return [key.slice(0, i), op]
    }
  }
  return [key, 'default']
}

const parseSpec = (spec: string): { kind: TFieldKind; nullable: boolean } => ({
  kind: spec.replace('?', '') as TFieldKind,
  nullable: spec.endsWith('?'),
})

/** `%`, `_` and `\` are LIKE metacharacters: a user searching for `%` means the character. */
export const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`)

const contains = (field: string, raw: string) => ({
  [field]: { contains: escapeLike(raw), mode: 'insensitive' },
})

/** The typed value of a filter, or undefined when the kind cannot hold it. */
const convert = (kind: TFieldKind, raw: string): unknown => {
  switch (kind) {
    case 'string':
      return raw
    case 'int': {
      if (!/^-?\d{1,10}$/.test(raw)) {
        return undefined
      }
      const n = Number(raw)
      return isInt4(n) ? n : undefined
    }
    case 'id':
      return isId(raw) ? BigInt(raw) : undefined
    case 'date':
      return parseDateTime(raw) ?? undefined
  }
}

/** The Prisma comparison of each operator suffix; the others compare for equality. */
const COMPARISONS: Partial<Record<TOp, 'not' | 'gt' | 'gte' | 'lt' | 'lte'>> = {
  notequal: 'not',
  gt: 'gt',
  dategt: 'gt',
  ge: 'gte',
  datege: 'gte',
  lt: 'lt',
  datelt: 'lt',
  le: 'lte',
  datele: 'lte',
}

const condition = (field: string, kind: TFieldKind, op: TOp, raw: string): Record<string, unknown> => {
  if (kind === 'string' && (op === 'default' || op === 'like')) {
    return contains(field, raw)
  }
  if (kind === 'string' && op === 'notlike') {
    return { NOT: contains(field, raw) }
  }
  const value = convert(kind, raw)
  if (value === undefined) {
    throw AppError.badRequest(FilterMsg.badValue(field))
  }
  // A bare date (or `_dateequal` with one) means that whole day, as the platform's LIKE on the text did.
  if (kind === 'date' && (op === 'default' || op === 'dateequal') && raw.length === 10) {
    const start = value as Date
    return { [field]: { gte: start, lt: new Date(start.getTime() + DAY_MS) } }
  }
  const compare = COMPARISONS[op]
  return { [field]: compare ? { [compare]: value } : value }
}

/** Prisma `where` conditions for the whitelisted filters of a list query; 400 for impossible ones. */
export const whereFromFilters = (
  query: Record<string, unknown>,
  fields: TFilterFields,
): Record<string, unknown>[] => {
  const conditions: Record<string, unknown>[] = []
  for (const [key, rawValue] of Object.entries(query)) {
    if (RESERVED.has(key) || rawValue === undefined || rawValue === null) {
      continue
    }
    const [field, op] = splitKey(key)
    const spec = Object.hasOwn(fields, field) ? fields[field] : undefined
    if (!spec || op === 'ignore') {
      continue
    }
    const { kind, nullable } = parseSpec(spec)
    if (op === 'null' || op === 'notnull') {
      if (!nullable) {
        throw AppError.badRequest(FilterMsg.unsupported(key))
      }
      conditions.push({ [field]: op === 'null' ? null : { not: null } })
      continue
    }
    if (!OPS_BY_KIND[kind].has(op)) {
      throw AppError.badRequest(FilterMsg.unsupported(key))
    }
    const first = Array.isArray(rawValue) ? rawValue[0] : rawValue
    if (typeof first !== 'string' && typeof first !== 'number') {
      throw AppError.badRequest(FilterMsg.badValue(field))
    }
    const raw = String(first).trim()
    if (raw === '') {
      continue
    }
    if (raw.length > MAX_VALUE_LENGTH) {
      throw AppError.badRequest(FilterMsg.badValue(field))
    }
    conditions.push(condition(field, kind, op, raw))
  }
  return conditions
}

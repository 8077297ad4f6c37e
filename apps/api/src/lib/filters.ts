import { parseDateTime } from '@ysjs/shared'

/**
 * The platform's map-style list filters (contract 4.3 B): `name=x` and `name_like=x` mean LIKE,
 * `status_equal=1` equality, `createTime_datege=...` date comparisons, `_null`/`_notnull`, and so on.
 * Only whitelisted fields become conditions; unknown keys, empty values and unparsable values are
 * ignored, so a filter can never fail a list request.
 */
export type TFieldKind = 'string' | 'int' | 'date' | 'id'
export type TFilterFields = Readonly<Record<string, TFieldKind>>

const OPERATORS = [
  'notlike',
  'like',
  'notequal',
  'equal',
  'ge',
  'gt',
  'le',
  'lt',
  'datege',
  'dategt',
  'datele',
  'datelt',
  'dateequal',
  'notnull',
  'null',
  'ignore',
] as const
type TOp = (typeof OPERATORS)[number] | 'default'

const RESERVED = new Set(['current', 'size', 'ascs', 'descs', 'blade-auth'])

const splitKey = (key: string): [string, TOp] => {
  const i = key.lastIndexOf('_')
  if (i > 0) {
    const op = key.slice(i + 1) as TOp
    if ((OPERATORS as readonly string[]).includes(op)) {
      return [key.slice(0, i), op]
    }
  }
  return [key, 'default']
}

const convert = (kind: TFieldKind, raw: string): unknown => {
  switch (kind) {
    case 'string':
      return raw
    case 'int': {
      const n = Number(raw)
      return Number.isSafeInteger(n) ? n : undefined
    }
    case 'id':
      return /^\d{1,19}$/.test(raw) ? BigInt(raw) : undefined
    case 'date':
      return parseDateTime(raw) ?? undefined
  }
}

export const whereFromFilters = (
  query: Record<string, unknown>,
  fields: TFilterFields,
): Record<string, unknown>[] => {
  const conditions: Record<string, unknown>[] = []
  for (const [key, rawValue] of Object.entries(query)) {
    if (RESERVED.has(key) || rawValue === undefined || rawValue === null) {
      continue
    }
    const raw = String(Array.isArray(rawValue) ? rawValue[0] : rawValue).trim()
    const [field, op] = splitKey(key)
    const kind = fields[field]
    if (!kind || op === 'ignore') {
      continue
    }
    if (op === 'null' || op === 'notnull') {
      conditions.push({ [field]: op === 'null' ? null : { not: null } })
      continue
    }
    if (raw === '') {
      continue
    }
    const condition = build(field, kind, op, raw)
    if (condition) {
      conditions.push(condition)
    }
  }
  return conditions
}

const build = (
  field: string,
  kind: TFieldKind,
  op: TOp,
  raw: string,
): Record<string, unknown> | undefined => {
  if (kind === 'string' && (op === 'default' || op === 'like')) {
    return { [field]: { contains: raw, mode: 'insensitive' } }
  }
  if (kind === 'string' && op === 'notlike') {
    return { NOT: { [field]: { contains: raw, mode: 'insensitive' } } }
  }
  const value = convert(kind, raw)
  if (value === undefined) {
    return undefined
  }
  switch (op) {
    case 'default':
    case 'like':
    case 'equal':
    case 'dateequal':
      return { [field]: value }
    case 'notequal':
      return { [field]: { not: value } }
    case 'gt':
    case 'dategt':
      return { [field]: { gt: value } }
    case 'ge':
    case 'datege':
      return { [field]: { gte: value } }
    case 'lt':
    case 'datelt':
      return { [field]: { lt: value } }
    case 'le':
    case 'datele':
      return { [field]: { lte: value } }
    default:
      return undefined
  }
}

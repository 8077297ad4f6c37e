/**
 * Translates the Prisma `where` objects the generic list builds (map-style filters, data scopes,
 * `restrict`) into PostgreSQL, for the list's typed SQL (`list-sql.ts`). Only the shapes those
 * producers emit are known, each written as Prisma 7 writes it (`not: v` is `<>`, `contains` with
 * `mode: 'insensitive'` is `ILIKE '%' || $n || '%'`, `in: []` is false): anything else — a relation
 * filter, an unknown operator or field — makes `translate` answer null and the list falls back to
 * Prisma, so the two paths never disagree on which rows match.
 */

/** A model's scalar columns: field name → quoted column and its PostgreSQL type (`information_schema`). */
export type TColumns = ReadonlyMap<string, { column: string; dataType: string; nullable?: boolean }>

const OPS: Record<string, string> = { lt: '<', lte: '<=', gt: '>', gte: '>=', equals: '=', not: '<>' }

class Unsupported extends Error {}

/** `params` is appended to; placeholders continue from its length. */
export const translateWhere = (where: unknown, columns: TColumns, params: unknown[]): string | null => {
  try {
    return node(where, columns, params)
  } catch (err) {
    if (err instanceof Unsupported) {
      return null
    }
    throw err
  }
}

const isPlain = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date)

const bind = (params: unknown[], value: unknown, dataType: string): string => {
  if (value instanceof Date) {
    // Timestamps are stored as UTC wall time; node-postgres would send the process's local time.
    if (dataType === 'timestamp without time zone') {
      params.push(value.toISOString().slice(0, 23).replace('T', ' '))
      return `$${params.length}::timestamp`
    }
    if (dataType === 'timestamp with time zone') {
      params.push(value.toISOString())
      return `$${params.length}::timestamptz`
    }
    throw new Unsupported()
  }
  params.push(value)
  return `$${params.length}`
}

const join = (parts: string[], op: 'AND' | 'OR', empty: string): string =>
  parts.length === 0 ? empty : parts.length === 1 ? parts[0]! : `(${parts.join(` ${op} `)})`

const node = (where: unknown, columns: TColumns, params: unknown[]): string => {
  if (!isPlain(where)) {
    throw new Unsupported()
  }
  const parts: string[] = []
  // Each condition of a list (or the one given alone) translated, binding its values in order.
  const each = (list: unknown) => (Array.isArray(list) ? list : [list]).map((w) => node(w, columns, params))
  for (const [key, value] of Object.entries(where)) {
    if (value === undefined) {
      continue
    }
    if (key === 'AND') {
      parts.push(join(each(value), 'AND', '1=1'))
    } else if (key === 'OR') {
      if (!Array.isArray(value)) {
        throw new Unsupported()
      }
      parts.push(join(each(value), 'OR', '1=0'))
    } else if (key === 'NOT') {
      parts.push(
        join(
          each(value).map((w) => `(NOT ${w})`),
          'AND',
          '1=1',
        ),
      )
    } else {
      parts.push(field(key, value, columns, params))
    }
  }
  return join(parts, 'AND', '1=1')
}

const field = (name: string, value: unknown, columns: TColumns, params: unknown[]): string => {
  const col = columns.get(name)
  if (!col) {
    throw new Unsupported()
  }
  const c = col.column
  const t = col.dataType
  if (value === null) {
    return `${c} IS NULL`
  }
  if (!isPlain(value)) {
    return `${c} = ${bind(params, value, t)}`
  }
  const insensitive = value.mode === 'insensitive'
  if (
    value.mode !== undefined &&
    !(insensitive && Object.keys(value).every((k) => k === 'mode' || k === 'contains'))
  ) {
    throw new Unsupported()
  }
  const parts: string[] = []
  for (const [op, v] of Object.entries(value)) {
    if (op === 'mode' || v === undefined) {
      continue
    }
    if ((op === 'not' || op === 'equals') && v === null) {
      parts.push(op === 'not' ? `${c} IS NOT NULL` : `${c} IS NULL`)
    } else if (op in OPS && !isPlain(v) && !Array.isArray(v)) {
      parts.push(`${c} ${OPS[op]} ${bind(params, v, t)}`)
    } else if ((op === 'in' || op === 'notIn') && Array.isArray(v)) {
      if (v.length === 0) {
        parts.push(op === 'in' ? '1=0' : '1=1')
      } else {
        const list = v.map((x) => bind(params, x, t)).join(', ')
        parts.push(`${c} ${op === 'in' ? 'IN' : 'NOT IN'} (${list})`)
      }
    } else if (op === 'contains' && typeof v === 'string') {
      parts.push(`${c} ${insensitive ? 'ILIKE' : 'LIKE'} ('%' || ${bind(params, v, t)} || '%')`)
    } else {
      throw new Unsupported()
    }
  }
  return join(parts, 'AND', '1=1')
}

import { Prisma, type PrismaClient, poolOf } from '@ysjs/db'
import type pg from 'pg'
import type { TRowOf } from './crud/model.ts'
import type { TOrderBy } from './paging.ts'
import { type TColumns, translateWhere } from './sql-where.ts'

/**
 * The generic list's read path in typed SQL (decision 024). A page of a CRUD list is one statement
 * built from the model's columns, the tenant, the same Prisma `where` the service builds (translated
 * by `sql-where.ts`) and the same order, run on the pool under Prisma with the listed columns only,
 * its rows typed as Prisma types them. Prisma's client work (building, interpreting and mapping two
 * queries) was three quarters of a page's CPU; this is a few string joins per page.
 *
 * Totals (contract 4.2 keeps `total` and `pages`): a page that is not full tells the total without a
 * count; otherwise a count bounded at `LIST_COUNT_LIMIT` rows is exact below it, and above it the
 * planner's estimate (at least the bound) answers, marked `totalExact: false` and kept
 * `ESTIMATE_TTL_MS` per list shape, so a large table is not counted on every page (a count of
 * `COUNT_REMEMBERED_FROM` rows or more is kept the same way, marked inexact when answered again). Deep pages read the
 * page's ids from the list's index first and fetch only those rows (a deferred join).
 */

import { LIST_COUNT_LIMIT } from './paging.ts'

export { LIST_COUNT_LIMIT }

const ESTIMATE_TTL_MS = 10_000
/**
 * A count of this many rows or more is remembered like an estimate (and answered so, `totalExact:
 * false`, until ESTIMATE_TTL_MS has passed): counting the matches of a keyword reads each matching row
 * (10,000 scattered rows took 40 ms, so fifty users paging a common word queued behind it).
 */
const COUNT_REMEMBERED_FROM = 1_000
const ESTIMATES_MAX = 2_000
/** From this offset on, the page's ids come from the index alone before its rows are read. */
const DEFERRED_JOIN_FROM = 200
/**
 * Deep pages start from an anchor: the sort key of every ANCHOR_STEP-th row, found once per list shape
 * and kept ANCHOR_TTL_MS, so page 50,000 reads fewer than ANCHOR_STEP index entries instead of 500,000.
 * Rows written meanwhile shift the deep pages of that minute by as many rows, as they shift any page
 * of an offset list between two clicks.
 */
const ANCHOR_FROM = 20_000
const ANCHOR_STEP = 1_000
const ANCHOR_TTL_MS = 60_000
const ANCHORS_MAX = 2_000

type TField = { name: string; kind: string; type: string; dbName?: string | null }
type TModel = { dbName?: string | null; fields: TField[] }

type TDataModel = { models: Record<string, TModel | undefined> }
const isDataModel = (v: unknown): v is TDataModel =>
  typeof v === 'object' && v !== null && 'models' in v && typeof v.models === 'object' && v.models !== null

/** A model's fields and columns, from Prisma's runtime data model (the client holds it; its types do not say so). */
const modelOf = (prisma: PrismaClient, model: string): TModel | undefined => {
  const data: unknown = Reflect.get(prisma, '_runtimeDataModel')
  return isDataModel(data) ? data.models[model] : undefined
}

const quote = (ident: string) => `"${ident.replace(/"/g, '""')}"`

/** Text → the value Prisma answers for the column's PostgreSQL type (pg's own parsers elsewhere). */
const PARSERS: Record<number, (v: string) => unknown> = {
  16: (v) => v === 't',
  20: (v) => BigInt(v),
  21: Number,
  23: Number,
  700: Number,
  701: Number,
  1700: (v) => new Prisma.Decimal(v),
  114: (v) => JSON.parse(v),
  3802: (v) => JSON.parse(v),
  1082: (v) => new Date(`${v}T00:00:00Z`),
  // Timestamps without time zone hold UTC wall time (Prisma's convention).
  1114: (v) => new Date(`${v.replace(' ', 'T')}Z`),
  1184: (v) => new Date(v.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00')),
}
const elements = (v: string) => (v === '{}' ? [] : v.slice(1, -1).split(','))
// Arrays of integers (the only list columns the product has: ids); other arrays fall back to Prisma.
PARSERS[1016] = (v) => elements(v).map((x) => BigInt(x))
PARSERS[1007] = (v) => elements(v).map(Number)
const ARRAY_TYPES = new Set(['bigint[]', 'integer[]'])
const identity = (v: string) => v
const TYPES: pg.CustomTypesConfig = { getTypeParser: (oid: number) => PARSERS[oid] ?? identity }

const SUPPORTED_TYPES = new Set([
  'String',
  'Int',
  'BigInt',
  'Float',
  'Decimal',
  'Boolean',
  'DateTime',
  'Json',
])
const readable = (c: { dataType: string }) =>
  c.dataType !== 'ARRAY' &&
  c.dataType !== 'bytea' &&
  c.dataType !== 'USER-DEFINED' &&
  c.dataType !== 'unknown'

export type TListPageArgs = {
  /** The tenant every row must belong to; null for platform tables. */
  tenantId: string | null
  where: object
  /** Plain directions, or Prisma's `{ sort, nulls }`. */
  orderBy: TOrderBy | readonly Record<string, unknown>[]
  skip: number
  take: number
  /** The fields answered (the record schema's); null: every column of the model. */
  fields: readonly string[] | null
  /** False when the caller asked for no count (`searchCount=false`). */
  count: boolean
}
export type TListPage<TRow = Record<string, unknown>> = { rows: TRow[]; total: number; exact: boolean }

/** Typed SQL for one model's list, or null when the model cannot be read this way (Prisma is used). */
export const createListSql = (prisma: PrismaClient, model: string) => {
  const pool = poolOf(prisma)
  const meta = modelOf(prisma, model)
  if (!pool || !meta) {
    return null
  }
  const table = quote(meta.dbName ?? model)
  const scalars = new Map(meta.fields.filter((f) => f.kind === 'scalar').map((f) => [f.name, f]))
  let columns: Promise<TColumns> | null = null
  const columnsOf = (): Promise<TColumns> => {
    columns ??= pool
      .query<{ column_name: string; data_type: string; is_nullable: string }>(
        // format_type names arrays by their element ('bigint[]'), which information_schema does not.
        `SELECT a.attname AS column_name, c.is_nullable,
                CASE WHEN t.typcategory = 'A' THEN format_type(a.atttypid, NULL) ELSE c.data_type END AS data_type
         FROM pg_attribute a JOIN pg_type t ON t.oid = a.atttypid
         JOIN information_schema.columns c ON c.table_schema = current_schema() AND c.table_name = $1
           AND c.column_name = a.attname
         WHERE a.attrelid = to_regclass(quote_ident($1)) AND a.attnum > 0 AND NOT a.attisdropped`,
        [meta.dbName ?? model],
      )
      .then(({ rows }) => {
        const types = new Map(rows.map((r) => [r.column_name, r]))
        const map = new Map<string, { column: string; dataType: string; nullable: boolean }>()
        for (const f of scalars.values()) {
          const name = f.dbName ?? f.name
          const c = types.get(name)
          map.set(f.name, {
            column: quote(name),
            dataType: c?.data_type ?? 'unknown',
            nullable: c?.is_nullable !== 'NO',
          })
        }
        return map
      })
      .catch((err: unknown) => {
        columns = null
        throw err
      })
    return columns
  }
  const estimates = new Map<string, { total: number; until: number }>()
  // Counts and anchors under way, shared by the requests asking for the same one at once.
  const flights = new Map<string, Promise<unknown>>()
  const once = <T>(key: string, work: () => Promise<T>): Promise<T> => {
    const running = flights.get(key) as Promise<T> | undefined
    if (running) {
      return running
    }
    const started = work().finally(() => flights.delete(key))
    flights.set(key, started)
    return started
  }
  const keyOf = (whereSql: string, params: unknown[]) =>
    `${whereSql}\u0000${JSON.stringify(params, (_k, v) => (typeof v === 'bigint' ? `${v}n` : v))}`
  const query = async <T extends unknown[]>(text: string, values: unknown[]): Promise<T[]> =>
    (await pool.query<T>({ text, values, rowMode: 'array', types: TYPES })).rows
  /** Sort-key values at every ANCHOR_STEP-th row of a list shape, kept ANCHOR_TTL_MS. */
  const anchors = new Map<string, { values: string[] | null; until: number }>()

  const total = (whereSql: string, params: unknown[]): Promise<{ total: number; exact: boolean }> => {
    const key = keyOf(whereSql, params)
    const known = estimates.get(key)
    if (known && known.until > Date.now()) {
      return Promise.resolve({ total: known.total, exact: false })
    }
    return once(`count\u0000${key}`, () => count(key, whereSql, params))
  }
  const count = async (key: string, whereSql: string, params: unknown[]) => {
    const bound = params.length + 1
    const [[n]] = (await query<[number]>(
      `SELECT count(*)::int FROM (SELECT 1 FROM ${table} WHERE ${whereSql} LIMIT $${bound}) s`,
      [...params, LIST_COUNT_LIMIT + 1],
    )) as [[number]]
    if (n <= LIST_COUNT_LIMIT) {
      if (n >= COUNT_REMEMBERED_FROM) {
        remember(key, n)
      }
      return { total: n, exact: true }
    }
    const [[plan]] = (await query<[unknown]>(
      `EXPLAIN (FORMAT JSON) SELECT 1 FROM ${table} WHERE ${whereSql}`,
      params,
    )) as [[unknown]]
    const rows = Number((plan as [{ Plan?: { 'Plan Rows'?: number } }])[0]?.Plan?.['Plan Rows'] ?? 0)
    const estimate = Math.max(Math.round(rows), n)
    remember(key, estimate)
    return { total: estimate, exact: false }
  }
  const remember = (key: string, total: number) => {
    if (estimates.size >= ESTIMATES_MAX) {
      estimates.clear()
    }
    estimates.set(key, { total, until: Date.now() + ESTIMATE_TTL_MS })
  }

  type TOrder = { column: string; dir: 'ASC' | 'DESC'; nulls: string }
  /**
   * The anchor at or before row `skip` of a list shape (see ANCHOR_STEP): its sort-key values as text
   * with their types, null when the list ends before it, undefined when the order cannot be anchored
   * (mixed directions, an explicit null placement, a nullable column).
   */
  const anchorOf = async (
    where: string,
    by: TOrder[],
    params: unknown[],
    skip: number,
    /** Columns the `where` already keeps non-null. */
    nonNull: readonly string[],
  ): Promise<{ values: string[]; types: string[]; position: number } | null | undefined> => {
    const cols = await columnsOf()
    const byColumn = new Map([...cols.values()].map((c) => [c.column, c]))
    const specs = by.map((o) => byColumn.get(o.column))
    if (
      by.some((o) => o.dir !== by[0]!.dir || o.nulls !== '') ||
      specs.some((c) => !c || (c.nullable && !nonNull.includes(c.column)) || c.dataType === 'ARRAY')
    ) {
      return undefined
    }
    const position = Math.floor(skip / ANCHOR_STEP) * ANCHOR_STEP
    const order = by.map((o) => `${o.column} ${o.dir}`).join(', ')
    const key = `anchor\u0000${keyOf(where, params)}\u0000${order}\u0000${position}`
    const known = anchors.get(key)
    const types = specs.map((c) => c!.dataType)
    if (known && known.until > Date.now()) {
      return known.values ? { values: known.values, types, position } : null
    }
    const values = await once(key, async () => {
      const found = await pool.query<{ k: string[] }>(
        `SELECT ARRAY[${by.map((o) => `${o.column}::text`).join(', ')}] AS k FROM ${table} WHERE ${where}
         ORDER BY ${order} OFFSET $${params.length + 1} LIMIT 1`,
        [...params, position],
      )
      const got = found.rows[0]?.k ?? null
      if (anchors.size >= ANCHORS_MAX) {
        anchors.clear()
      }
      anchors.set(key, { values: got, until: Date.now() + ANCHOR_TTL_MS })
      return got
    })
    return values ? { values, types, position } : null
  }

  return {
    /** Every field but those given (a list that leaves out a long column). */
    fieldsWithout: (omit: readonly string[]) => [...scalars.keys()].filter((f) => !omit.includes(f)),
    /** One page, or null when the query uses something the SQL path does not know (use Prisma). */
    async page(args: TListPageArgs): Promise<TListPage | null> {
      const cols = await columnsOf()
      const fields = args.fields ? args.fields.filter((f) => scalars.has(f)) : [...scalars.keys()]
      for (const f of fields) {
        const c = cols.get(f)!
        if (!SUPPORTED_TYPES.has(scalars.get(f)!.type) || !(readable(c) || ARRAY_TYPES.has(c.dataType))) {
          return null
        }
      }
      const params: unknown[] = []
      const conds: string[] = []
      if (args.tenantId !== null && cols.has('tenantId')) {
        params.push(args.tenantId)
        conds.push(`${cols.get('tenantId')!.column} = $1`)
      }
      const filtered = translateWhere(args.where, cols, params)
      if (filtered === null) {
        return null
      }
      conds.push(filtered)
      const order: { column: string; dir: 'ASC' | 'DESC'; nulls: '' | ' NULLS LAST' | ' NULLS FIRST' }[] = []
      for (const o of args.orderBy) {
        for (const [f, by] of Object.entries(o)) {
          const c = cols.get(f)
          // Prisma's `{ sort, nulls }` form, or the plain direction.
          const { sort, nulls } = (typeof by === 'string' ? { sort: by } : by) as {
            sort: string
            nulls?: string
          }
          if (!c) {
            return null
          }
          const dir = sort === 'asc' ? 'ASC' : 'DESC'
          order.push({
            column: c.column,
            dir,
            nulls: nulls === 'last' ? ' NULLS LAST' : nulls === 'first' ? ' NULLS FIRST' : '',
          })
        }
      }
      const whereSql = conds.join(' AND ')
      const names = fields.map((f) => cols.get(f)!.column)
      const n = params.length
      const select = async (
        where: string,
        by: typeof order,
        take: number,
        skip: number,
        nonNull: string[] = [],
      ) => {
        const ob = (prefix: string) => by.map((o) => `${prefix}${o.column} ${o.dir}${o.nulls}`).join(', ')
        const values = [...params]
        let from = skip
        let bounded = where
        const anchor = skip >= ANCHOR_FROM ? await anchorOf(where, by, params, skip, nonNull) : undefined
        if (anchor === null) {
          return []
        }
        if (anchor) {
          // Row comparison: every column sorts the same way and none is null (anchorOf checked).
          const keys = anchor.values.map((v, i) => {
            values.push(v)
            return `$${values.length}::${anchor.types[i]}`
          })
          bounded = `${where} AND (${by.map((o) => o.column).join(', ')}) ${by[0]!.dir === 'DESC' ? '<=' : '>='} (${keys.join(', ')})`
          from = skip - anchor.position
        }
        const m = values.length
        values.push(take, from)
        const text =
          from >= DEFERRED_JOIN_FROM
            ? `SELECT ${names.map((c) => `t.${c}`).join(', ')} FROM ${table} t JOIN (SELECT "id" FROM ${table}
               WHERE ${bounded} ORDER BY ${ob('')} LIMIT $${m + 1} OFFSET $${m + 2}) k ON t."id" = k."id"
               ORDER BY ${ob('t.')}`
            : `SELECT ${names.join(', ')} FROM ${table} WHERE ${bounded} ORDER BY ${ob('')}
               LIMIT $${m + 1} OFFSET $${m + 2}`
        return query<unknown[]>(text, values)
      }
      // PostgreSQL's own null placement (last ascending, first descending) is what a b-tree index
      // serves. A list asking the other (applications: newest change first, never-changed last) reads
      // the non-null rows through the index, then the null ones after them: the same rows, in the same
      // order, without sorting the whole table.
      const [lead, ...rest] = order
      const flipped =
        rest.length > 0 &&
        lead &&
        ((lead.dir === 'DESC' && lead.nulls === ' NULLS LAST') ||
          (lead.dir === 'ASC' && lead.nulls === ' NULLS FIRST'))
      // A deep page of a nullable sort column is read the same way, so the non-null part can be anchored.
      const nullableLead =
        rest.length > 0 &&
        !!lead &&
        lead.nulls === '' &&
        args.skip >= ANCHOR_FROM &&
        [...cols.values()].find((c) => c.column === lead.column)?.nullable !== false
      let raw: unknown[][]
      if (!(flipped || nullableLead) || !lead) {
        raw = await select(whereSql, order, args.take, args.skip)
      } else {
        const plain = [{ ...lead, nulls: '' as const }, ...rest]
        const nullsFirst = lead.nulls === ' NULLS FIRST' || (lead.nulls === '' && lead.dir === 'DESC')
        const valued = `${whereSql} AND ${lead.column} IS NOT NULL`
        const empty = `${whereSql} AND ${lead.column} IS NULL`
        const [first, second] = nullsFirst ? [empty, valued] : [valued, empty]
        const firstOrder = nullsFirst ? rest : plain
        const secondOrder = nullsFirst ? plain : rest
        const head = await select(first, firstOrder, args.take, args.skip, nullsFirst ? [] : [lead.column])
        if (head.length === args.take) {
          raw = head
        } else {
          const before =
            head.length > 0
              ? args.skip + head.length
              : (
                  (await query<[number]>(
                    `SELECT count(*)::int FROM (SELECT 1 FROM ${table} WHERE ${first} LIMIT $${n + 1}) s`,
                    [...params, args.skip],
                  )) as [[number]]
                )[0][0]
          raw = [
            ...head,
            ...(await select(
              second,
              secondOrder,
              args.take - head.length,
              Math.max(0, args.skip - before),
              nullsFirst ? [lead.column] : [],
            )),
          ]
        }
      }
      const rows = raw.map((r) => {
        const row: Record<string, unknown> = {}
        for (let i = 0; i < fields.length; i++) {
          row[fields[i]!] = r[i]
        }
        return row
      })
      // A page that is not full ends the list: its total needs no count.
      if (rows.length < args.take && (rows.length > 0 || args.skip === 0)) {
        return { rows, total: args.skip + rows.length, exact: true }
      }
      if (!args.count) {
        return { rows, total: 0, exact: false }
      }
      return { rows, ...(await total(whereSql, params)) }
    },
  }
}
export type TListSql = NonNullable<ReturnType<typeof createListSql>>

type TFallback<TRow> = {
  findMany(args: object): Promise<TRow[]>
  count(args: object): Promise<number>
}

const known = new WeakMap<PrismaClient, Map<string, TListSql | null>>()

/** The typed SQL of a model on this client (made once), or null when the model cannot be read so. */
export const listSqlOf = (prisma: PrismaClient, model: string): TListSql | null => {
  let perClient = known.get(prisma)
  if (!perClient) {
    perClient = new Map()
    known.set(prisma, perClient)
  }
  if (!perClient.has(model)) {
    perClient.set(model, createListSql(prisma, model))
  }
  return perClient.get(model) ?? null
}

/**
 * A hand-written list's page: the typed SQL when the model and its `where` allow, otherwise the
 * Prisma delegate given (already tenant-scoped) with the same bounded count. Same answer either way.
 */
export const listPage = async <TModel>(
  prisma: PrismaClient,
  model: string,
  delegate: TModel,
  args: Omit<TListPageArgs, 'fields'> & { fields?: readonly string[] | null; omit?: readonly string[] },
): Promise<TListPage<TRowOf<TModel>>> => {
  // Prisma's methods are generic over their arguments; the list's are checked by `TListPageArgs`.
  const loose: unknown = delegate
  const fallback = loose as TFallback<TRowOf<TModel>>
  const sql = listSqlOf(prisma, model)
  const fields = args.fields ?? null
  const fast = sql
    ? await sql.page({ ...args, fields: args.omit ? sql.fieldsWithout(args.omit) : fields })
    : null
  if (fast) {
    const rows: unknown = fast.rows
    return { ...fast, rows: rows as TRowOf<TModel>[] }
  }
  const { where, orderBy, skip, take } = args
  const omit = args.omit ? { omit: Object.fromEntries(args.omit.map((f) => [f, true])) } : {}
  const [rows, n] = await Promise.all([
    fallback.findMany({ where, orderBy, skip, take, ...omit }),
    args.count ? fallback.count({ where, take: LIST_COUNT_LIMIT + 1 }) : 0,
  ])
  return { rows, total: Math.min(n, LIST_COUNT_LIMIT), exact: n <= LIST_COUNT_LIMIT }
}

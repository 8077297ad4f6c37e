import type { TPage, TPageQuery } from '@ysjs/shared'
import type { TLooseDelegate, TOrderOf, TRowOf, TWhereOf } from './crud/model.ts'

export type TOrderBy = Record<string, 'asc' | 'desc'>[]

/** A count is exact up to this many rows; beyond it the answer is an estimate, marked as such. */
export const LIST_COUNT_LIMIT = 10_000

const SNAKE = /_([a-z])/g
const toCamel = (s: string) => s.trim().replace(SNAKE, (_, c: string) => c.toUpperCase())

/**
 * `ascs`/`descs` (comma-separated column names, snake or camel case) to a Prisma orderBy, keeping only
 * whitelisted columns: anything else is ignored, never an error or an injection.
 */
export const orderByFrom = (q: Pick<TPageQuery, 'ascs' | 'descs'>, sortable: readonly string[]): TOrderBy => {
  const allowed = new Set(sortable)
  const pick = (list: string | undefined, dir: 'asc' | 'desc') =>
    (list ?? '')
      .split(',')
      .map(toCamel)
      .filter((c) => allowed.has(c))
      .map((c) => ({ [c]: dir }))
  return [...pick(q.ascs, 'asc'), ...pick(q.descs, 'desc')]
}

/**
 * The order with `id` last as the tiebreak, sorting the way the last column does: one index on
 * (…, column, id) then serves the column both ways (forward and backward), and deep pages can seek on
 * the row (column, id) (decision 024).
 */
export const withTiebreak = (order: TOrderBy): TOrderBy => [
  ...order,
  { id: Object.values(order.at(-1) ?? {})[0] === 'asc' ? 'asc' : 'desc' },
]

/** `searchCount=false` (MyBatis-Plus clients send it when they need no total): no count is made. */
export const wantsCount = (q: Pick<TPageQuery, 'searchCount'>): boolean => q.searchCount !== 'false'

/**
 * A page as the platform answers it. `exact: false` marks a total that is an estimate or a bound
 * (`totalExact: false`, decision 024); without a count (`count: false`) total and pages are 0, as
 * MyBatis-Plus answers with `searchCount` off.
 */
export const toPage = <T>(
  records: T[],
  total: number,
  q: Pick<TPageQuery, 'current' | 'size'>,
  orders: TOrderBy = [],
  opts: { exact?: boolean; count?: boolean } = {},
): TPage<T> => {
  const count = opts.count ?? true
  const shown = count ? total : 0
  return {
    records,
    total: shown,
    size: q.size,
    current: q.current,
    pages: q.size > 0 ? Math.ceil(shown / q.size) : 0,
    orders: orders.flatMap((o) => Object.entries(o).map(([column, dir]) => ({ column, asc: dir === 'asc' }))),
    searchCount: count,
    totalExact: count && (opts.exact ?? true),
  }
}

export const skipTake = (q: Pick<TPageQuery, 'current' | 'size'>) => ({
  skip: (q.current - 1) * q.size,
  take: q.size,
})

/** A list held whole as one page of `size` (all of it when no size is asked for), contract 4.2's shape. */
export const pageOfAll = <T>(all: T[], q: { current: number; size?: number }): TPage<T> => {
  const size = q.size ?? Math.max(all.length, 1)
  return toPage(all.slice((q.current - 1) * size, q.current * size), all.length, { current: q.current, size })
}

/** A page's rows and its total as decision 024 bounds it (`totalExact`, `searchCount`). */
export type TBoundedRows<R> = { rows: R[]; total: number; exact: boolean; count: boolean }

/**
 * A hand-written Prisma list's rows with a bounded total (decision 024, issue 27): the page is read
 * first; a page that is not full tells the total without a count; `searchCount=false` skips the count;
 * otherwise the count stops at `LIST_COUNT_LIMIT + 1` rows (exact below the bound; above it the bound,
 * marked `totalExact: false`). `countUpTo(n)` counts at most n rows (Prisma's `count({ where, take })`).
 */
export const boundedRows = async <R>(
  q: Pick<TPageQuery, 'current' | 'size'> & { searchCount?: TPageQuery['searchCount'] },
  readPage: () => Promise<R[]>,
  countUpTo: (take: number) => Promise<number | bigint>,
): Promise<TBoundedRows<R>> => {
  const count = wantsCount(q)
  const { skip, take } = skipTake(q)
  const rows = await readPage()
  if (rows.length < take && (rows.length > 0 || skip === 0)) {
    return { rows, total: skip + rows.length, exact: true, count }
  }
  if (!count) {
    return { rows, total: 0, exact: false, count }
  }
  const n = Number(await countUpTo(LIST_COUNT_LIMIT + 1))
  return n > LIST_COUNT_LIMIT
    ? { rows, total: LIST_COUNT_LIMIT, exact: false, count }
    : { rows, total: n, exact: true, count }
}

/**
 * `boundedRows` of one Prisma model: the page of `findMany({ where, orderBy })`, counted on the same
 * `where` (`model` is the delegate, e.g. `prisma.flowModel` or a tenant client's). The arguments are
 * checked against the model's own input types; the call goes through the loose shape (`crud/model.ts`).
 */
export const boundedFind = <TModel>(
  q: Parameters<typeof boundedRows>[0],
  model: TModel,
  args: { where: TWhereOf<TModel>; orderBy: TOrderOf<TModel>[] },
): Promise<TBoundedRows<TRowOf<TModel>>> => {
  const loose = model as unknown as TLooseDelegate<TRowOf<TModel>>
  return boundedRows(
    q,
    () => loose.findMany({ ...args, ...skipTake(q) }),
    (take) => loose.count({ where: args.where, take }),
  )
}

/** The platform's page of `records` (the mapped rows of `b`) with `b`'s bounded total. */
export const boundedPage = <T>(
  records: T[],
  b: TBoundedRows<unknown>,
  q: Pick<TPageQuery, 'current' | 'size'>,
  orders: TOrderBy = [],
): TPage<T> => toPage(records, b.total, q, orders, { exact: b.exact, count: b.count })

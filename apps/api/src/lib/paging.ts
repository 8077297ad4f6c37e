import type { TPage, TPageQuery } from '@ysjs/shared'

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

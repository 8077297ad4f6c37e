import type { TPage, TPageQuery } from '@ysjs/shared'

export type TOrderBy = Record<string, 'asc' | 'desc'>[]

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

export const toPage = <T>(
  records: T[],
  total: number,
  q: Pick<TPageQuery, 'current' | 'size'>,
  orders: TOrderBy = [],
): TPage<T> => ({
  records,
  total,
  size: q.size,
  current: q.current,
  pages: q.size > 0 ? Math.ceil(total / q.size) : 0,
  orders: orders.flatMap((o) => Object.entries(o).map(([column, dir]) => ({ column, asc: dir === 'asc' }))),
  searchCount: true,
})

export const skipTake = (q: Pick<TPageQuery, 'current' | 'size'>) => ({
  skip: (q.current - 1) * q.size,
  take: q.size,
})

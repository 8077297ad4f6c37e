import { z } from 'zod'

export const PAGE_SIZES = [10, 30, 50, 100, 200] as const
export const DEFAULT_PAGE_SIZE = 10
export const DEFAULT_PAGE = 1
/** Hard cap on a page, so a client cannot ask for the whole table. */
export const MAX_PAGE_SIZE = 1000
/** Bounds the offset (current × size) far below what PostgreSQL's bigint OFFSET could overflow. */
export const MAX_PAGE = 1_000_000

export const PageMsg = {
  CURRENT: `分页参数 current 须为 1 到 ${MAX_PAGE} 之间的整数`,
  SIZE: `分页参数 size 须为 1 到 ${MAX_PAGE_SIZE} 之间的整数`,
} as const

/** An absent or empty value takes the default; anything else must be an integer within bounds. */
const pageNumber = (fallback: number, max: number, message: string) =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? undefined : v),
    z.coerce.number({ error: message }).int(message).min(1, message).max(max, message).default(fallback),
  )

/**
 * `current`/`size` as the platform sends them (query strings). A value that is not a page number is
 * refused (400), never replaced: a client asking for 9999 rows must not silently get 10.
 */
export const ZPageQuerySchema = z.object({
  current: pageNumber(DEFAULT_PAGE, MAX_PAGE, PageMsg.CURRENT),
  size: pageNumber(DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, PageMsg.SIZE),
  ascs: z.string().max(200).optional(),
  descs: z.string().max(200).optional(),
  /** MyBatis-Plus' `searchCount`: `false` asks for the page without its total. */
  searchCount: z.enum(['true', 'false']).optional(),
})
export type TPageQuery = z.infer<typeof ZPageQuerySchema>

/**
 * Paging of a list that is small by nature (a survey's questions, an application's indicators, the
 * drivers): answered as a page like every list (spec section 7), all of it on one page unless `size`
 * is asked for.
 */
export const ZWholePageQuerySchema = z.object({
  current: pageNumber(DEFAULT_PAGE, MAX_PAGE, PageMsg.CURRENT),
  size: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce
      .number({ error: PageMsg.SIZE })
      .int(PageMsg.SIZE)
      .min(1, PageMsg.SIZE)
      .max(MAX_PAGE_SIZE, PageMsg.SIZE)
      .optional(),
  ),
})

/** A page as the platform answers it (MyBatis-Plus page, contract 4.2). */
export type TPage<T> = {
  records: T[]
  total: number
  size: number
  current: number
  pages: number
  orders: { column: string; asc: boolean }[]
  searchCount: boolean
  /** False when `total` is an estimate or a bound rather than an exact count (large lists). */
  totalExact?: boolean
}

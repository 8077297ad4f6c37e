import { z } from 'zod'

export const PAGE_SIZES = [10, 30, 50, 100, 200] as const
export const DEFAULT_PAGE_SIZE = 10
export const DEFAULT_PAGE = 1
/** Hard cap on a page, so a client cannot ask for the whole table. */
export const MAX_PAGE_SIZE = 1000

/** `current`/`size` as the platform sends them (query strings); bad values fall back to the defaults. */
export const ZPageQuerySchema = z.object({
  current: z.coerce.number().int().min(1).catch(DEFAULT_PAGE).default(DEFAULT_PAGE),
  size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).catch(DEFAULT_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  ascs: z.string().max(200).optional(),
  descs: z.string().max(200).optional(),
})
export type TPageQuery = z.infer<typeof ZPageQuerySchema>

/** A page as the platform answers it (MyBatis-Plus page, contract 4.2). */
export type TPage<T> = {
  records: T[]
  total: number
  size: number
  current: number
  pages: number
  orders: { column: string; asc: boolean }[]
  searchCount: boolean
}

import type { TLogKind, TPage } from '@ysjs/shared'
import type { TListQuery, TListResult, TResourceApi, TRow } from '@/components/crud/types'
import { http } from '@/lib/http'

export type TLogRow = TRow

/** A bare date in the search form means the whole day: from its first to its last second. */
const DAY_BOUNDS: Record<string, string> = { createTime_datege: ' 00:00:00', createTime_datele: ' 23:59:59' }
export const withDayBounds = (search: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(search).map(([k, v]) => [
      k,
      DAY_BOUNDS[k] && /^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}${DAY_BOUNDS[k]}` : v,
    ]),
  )

const refuse = () => Promise.reject(new Error('logs are read-only'))

/** `/api/ysjs-log/<kind>`: list (newest first) and detail; logs are never written from the screen. */
export const logApi = (kind: TLogKind): TResourceApi<TLogRow> => ({
  list: async ({ current, size, search }: TListQuery): Promise<TListResult<TLogRow>> => {
    const page = await http.get<TPage<TLogRow>>(`/api/ysjs-log/${kind}/list`, {
      current,
      size,
      ...withDayBounds(search),
    })
    return { records: page.records, total: page.total }
  },
  detail: (id: string) => http.get<TLogRow>(`/api/ysjs-log/${kind}/detail`, { id }),
  submit: refuse,
  remove: refuse,
})

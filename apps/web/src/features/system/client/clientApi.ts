import type { TClient, TPage } from '@ysjs/shared'
import type { TListQuery, TListResult, TResourceApi, TValues } from '@/components/crud/types'
import { http } from '@/lib/http'

const BASE = '/api/ysjs-system/client'

export type TClientRow = TClient & Record<string, unknown>

export const clientApi: TResourceApi<TClientRow> = {
  list: async ({ current, size, search }: TListQuery): Promise<TListResult<TClientRow>> => {
    const page = await http.get<TPage<TClientRow>>(`${BASE}/list`, { current, size, ...search })
    return { records: page.records, total: page.total }
  },
  detail: (id: string) => http.get<TClientRow>(`${BASE}/detail`, { id }),
  submit: (values: TValues) => http.post(`${BASE}/submit`, values),
  remove: (ids: string[]) => http.post(`${BASE}/remove`, undefined, { params: { ids: ids.join(',') } }),
}

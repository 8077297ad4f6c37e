import type { TPage, TParam } from '@ysjs/shared'
import type { TListQuery, TListResult, TResourceApi, TValues } from '@/components/crud/types'
import { http } from '@/lib/http'

const BASE = '/api/ysjs-system/param'

export type TParamRow = TParam & Record<string, unknown>

export const paramApi: TResourceApi<TParamRow> = {
  list: async ({ current, size, search }: TListQuery): Promise<TListResult<TParamRow>> => {
    const page = await http.get<TPage<TParamRow>>(`${BASE}/list`, { current, size, ...search })
    return { records: page.records, total: page.total }
  },
  detail: (id: string) => http.get<TParamRow>(`${BASE}/detail`, { id }),
  submit: (values: TValues) => http.post(`${BASE}/submit`, values),
  remove: (ids: string[]) => http.post(`${BASE}/remove`, undefined, { params: { ids: ids.join(',') } }),
}

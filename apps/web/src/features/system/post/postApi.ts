import type { TPage, TPost } from '@ysjs/shared'
import type { TListQuery, TListResult, TOption, TResourceApi, TValues } from '@/components/crud/types'
import { http } from '@/lib/http'

const BASE = '/api/ysjs-system/post'

export type TPostRow = TPost & Record<string, unknown>

export const postApi: TResourceApi<TPostRow> = {
  list: async ({ current, size, search }: TListQuery): Promise<TListResult<TPostRow>> => {
    const { category, ...rest } = search
    const page = await http.get<TPage<TPostRow>>(`${BASE}/list`, {
      current,
      size,
      ...rest,
      category_equal: category,
    })
    return { records: page.records, total: page.total }
  },
  detail: (id: string) => http.get<TPostRow>(`${BASE}/detail`, { id }),
  submit: (values: TValues) => http.post(`${BASE}/submit`, values),
  remove: (ids: string[]) => http.post(`${BASE}/remove`, undefined, { params: { ids: ids.join(',') } }),
}

export const postOptions = async (): Promise<TOption[]> =>
  (await http.get<{ id: string; postName: string | null }[]>(`${BASE}/select`)).map((p) => ({
    value: p.id,
    label: p.postName ?? '',
  }))

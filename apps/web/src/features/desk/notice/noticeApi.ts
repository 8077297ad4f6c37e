import type { TNotice, TPage } from '@ysjs/shared'
import type { TListQuery, TListResult, TResourceApi, TValues } from '@/components/crud/types'
import { http } from '@/lib/http'

const BASE = '/api/ysjs-desk/notice'

export type TNoticeRow = TNotice & Record<string, unknown>

export const noticeApi: TResourceApi<TNoticeRow> = {
  list: async ({ current, size, search }: TListQuery): Promise<TListResult<TNoticeRow>> => {
    const { category, ...rest } = search
    const page = await http.get<TPage<TNoticeRow>>(`${BASE}/list`, {
      current,
      size,
      ...rest,
      // A category is chosen from the dictionary: equality, not a text match.
      category_equal: category,
    })
    return { records: page.records, total: page.total }
  },
  detail: (id: string) => http.get<TNoticeRow>(`${BASE}/detail`, { id }),
  submit: (values: TValues) => http.post(`${BASE}/submit`, values),
  remove: (ids: string[]) => http.post(`${BASE}/remove`, undefined, { params: { ids: ids.join(',') } }),
}

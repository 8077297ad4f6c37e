import type { TPage } from '@ysjs/shared'
import type { TListQuery, TListResult, TRow, TValues } from '@/components/crud/types'
import { http } from '@/lib/http'

/** The list, detail, submit and remove calls of a paged resource (contract 4.4). */
export const pagedApi = <Row extends TRow>(base: string) => ({
  list: async ({ current, size, search }: TListQuery): Promise<TListResult<Row>> => {
    const page = await http.get<TPage<Row>>(`${base}/list`, { current, size, ...search })
    return { records: page.records, total: page.total }
  },
  detail: (id: string) => http.get<Row>(`${base}/detail`, { id }),
  submit: (values: TValues) => http.post(`${base}/submit`, values),
  remove: (ids: string[]) => http.post(`${base}/remove`, undefined, { params: { ids: ids.join(',') } }),
})

export const text = (v: unknown) => (v === null || v === undefined ? '' : String(v))

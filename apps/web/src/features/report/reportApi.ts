import type { TPage, TReportFile } from '@ysjs/shared'
import type { TListQuery, TListResult, TResourceApi } from '@/components/crud/types'
import { http } from '@/lib/http'

const BASE = '/api/ysjs-report/report/rest'

export type TReportRow = TReportFile & Record<string, unknown>

/** Saved reports: list and remove (the designer that writes them comes later). */
export const reportApi: TResourceApi<TReportRow> = {
  list: async ({ current, size, search }: TListQuery): Promise<TListResult<TReportRow>> => {
    const page = await http.get<TPage<TReportRow>>(`${BASE}/list`, { current, size, ...search })
    return { records: page.records, total: page.total }
  },
  submit: () => Promise.reject(new Error('reports are saved by the designer')),
  remove: (ids: string[]) => http.post(`${BASE}/remove`, undefined, { params: { ids: ids.join(',') } }),
}

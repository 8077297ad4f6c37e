import type { TPage, TSms } from '@ysjs/shared'
import type { TListQuery, TListResult, TResourceApi, TValues } from '@/components/crud/types'
import { http } from '@/lib/http'

const BASE = '/api/ysjs-resource/sms'

export type TSmsRow = TSms & Record<string, unknown>

export const smsApi: TResourceApi<TSmsRow> = {
  list: async ({ current, size, search }: TListQuery): Promise<TListResult<TSmsRow>> => {
    const page = await http.get<TPage<TSmsRow>>(`${BASE}/list`, { current, size, ...search })
    return { records: page.records, total: page.total }
  },
  detail: (id: string) => http.get<TSmsRow>(`${BASE}/detail`, { id }),
  submit: (values: TValues) => http.post(`${BASE}/submit`, values),
  remove: (ids: string[]) => http.post(`${BASE}/remove`, undefined, { params: { ids: ids.join(',') } }),
}

export const enableSms = (id: string) => http.post(`${BASE}/enable`, undefined, { params: { id } })

export const sendTestSms = (code: string, phones: string, params: string) =>
  http.post(`${BASE}/endpoint/send-message`, undefined, { params: { code, phones, params } })

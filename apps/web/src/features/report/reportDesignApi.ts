import type { TPage, TReportDefinition, TReportResult, TReportSource } from '@ysjs/shared'
import { http } from '@/lib/http'

const BASE = '/api/ysjs-report/report/rest'

export const reportDesignApi = {
  /** The newest saved report of that name (the submit answers no id). */
  findByName: async (name: string) =>
    (
      await http.get<TPage<{ id: string; name: string }>>(`${BASE}/list`, { name, current: 1, size: 10 })
    ).records.find((r) => r.name === name)?.id,
  sources: () => http.get<TReportSource[]>(`${BASE}/sources`),
  detail: (id: string) =>
    http.get<{ id: string; name: string; definition: TReportDefinition }>(`${BASE}/detail`, { id }),
  submit: (body: { id?: string; name: string; definition: TReportDefinition }) =>
    http.post(`${BASE}/submit`, body),
  run: (body: {
    id?: string
    definition?: TReportDefinition
    params?: Record<string, string>
    current: number
    size: number
  }) => http.post<TReportResult>(`${BASE}/run`, body),
}

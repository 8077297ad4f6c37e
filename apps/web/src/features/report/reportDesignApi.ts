import type { TReportDefinition, TReportResult, TReportSource } from '@ysjs/shared'
import { downloadFile } from '@/lib/download'
import { http } from '@/lib/http'

const BASE = '/api/ysjs-report/report/rest'

export type TReportDesign = { id: string; name: string; definition: TReportDefinition }

export const reportDesignApi = {
  sources: () => http.get<TReportSource[]>(`${BASE}/sources`),
  detail: (id: string) => http.get<TReportDesign>(`${BASE}/detail`, { id }),
  /** Saves a design (new without id) and answers its id. */
  submit: async (body: { id?: string; name: string; definition: TReportDefinition }) =>
    (await http.post<{ id: string }>(`${BASE}/submit`, body)).id,
  run: (body: {
    id?: string
    definition?: TReportDefinition
    params?: Record<string, string>
    current: number
    size: number
  }) => http.post<TReportResult>(`${BASE}/run`, body),
  /** The whole result of a saved report as xlsx, with its run-time parameters. */
  exportXlsx: (id: string, name: string, params: Record<string, string>) =>
    downloadFile({ url: `${BASE}/export`, params: { id, ...params }, fileName: `${name || 'report'}.xlsx` }),
}

/** The result columns a definition's chart can plot: its aggregates' keys, as the server names them. */
export const aggregateKey = (a: { fn: string; column?: string }) =>
  a.fn === 'count' ? 'count' : `${a.fn}_${a.column ?? ''}`

/** The run-time parameters of a design, each once, with the filter that asks for it. */
export const paramsOf = (definition: TReportDefinition) => {
  const seen = new Map<string, TReportDefinition['filters'][number]>()
  for (const f of definition.filters) {
    if (f.param && !seen.has(f.param)) {
      seen.set(f.param, f)
    }
  }
  return [...seen.entries()].map(([name, filter]) => ({ name, filter }))
}

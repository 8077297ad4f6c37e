import type { TOss, TOssProbeResult } from '@ysjs/shared'
import { http } from '@/lib/http'
import { pagedApi } from '../api'

const BASE = '/api/ysjs-resource/oss'

export type TOssRow = TOss & Record<string, unknown>

export const ossApi = {
  ...pagedApi<TOssRow>(BASE),
  enable: (id: string) => http.post(`${BASE}/enable`, undefined, { params: { id } }),
  disable: (id: string) => http.post(`${BASE}/disable`, undefined, { params: { id } }),
  test: (id: string) => http.post<TOssProbeResult>(`${BASE}/test-connection`, undefined, { params: { id } }),
}

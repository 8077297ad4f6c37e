import type { TOss, TOssProbeResult } from '@ysjs/shared'
import { http } from '@/lib/http'
import type { TRowOf } from '@/lib/resource/resourceApi'
import { resourceApi } from '@/lib/resource/resourceApi'

const BASE = '/api/ysjs-resource/oss'

export type TOssRow = TRowOf<TOss>

export const ossApi = {
  ...resourceApi<TOss>(BASE),
  enable: (id: string) => http.post(`${BASE}/enable`, undefined, { params: { id } }),
  disable: (id: string) => http.post(`${BASE}/disable`, undefined, { params: { id } }),
  test: (id: string) => http.post<TOssProbeResult>(`${BASE}/test-connection`, undefined, { params: { id } }),
}

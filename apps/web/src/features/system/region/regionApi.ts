import type { TRegion, TRegionNode, TRegionSubmit } from '@ysjs/shared'
import { http } from '@/lib/http'

const BASE = '/api/ysjs-system/region'

export const fetchRegionChildren = (parentCode: string) =>
  http.get<TRegionNode[]>(`${BASE}/lazy-tree`, parentCode ? { parentCode } : {})
export const fetchRegion = (code: string) => http.get<TRegion>(`${BASE}/detail`, { code })
export const submitRegion = (values: TRegionSubmit) => http.post(`${BASE}/submit`, values)
export const removeRegion = (code: string) => http.post(`${BASE}/remove`, undefined, { params: { id: code } })

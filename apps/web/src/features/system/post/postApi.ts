import type { TPost } from '@ysjs/shared'
import type { TOption } from '@/components/crud/types'
import { http } from '@/lib/http'
import { resourceApi } from '@/lib/resource/resourceApi'

const BASE = '/api/ysjs-system/post'

export type TPostRow = TPost & Record<string, unknown>

export const postApi = resourceApi<TPost>(BASE, { exact: ['category'] })

export const postOptions = async (): Promise<TOption[]> =>
  (await http.get<{ id: string; postName: string | null }[]>(`${BASE}/select`)).map((p) => ({
    value: p.id,
    label: p.postName ?? '',
  }))

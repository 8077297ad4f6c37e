import type { TClient } from '@ysjs/shared'
import { resourceApi } from '@/lib/resource/resourceApi'

const BASE = '/api/ysjs-system/client'

export type TClientRow = TClient & Record<string, unknown>

export const clientApi = resourceApi<TClient>(BASE)

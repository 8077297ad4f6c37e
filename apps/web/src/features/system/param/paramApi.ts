import type { TParam } from '@ysjs/shared'
import { resourceApi } from '@/lib/resource/resourceApi'

const BASE = '/api/ysjs-system/param'

export type TParamRow = TParam & Record<string, unknown>

export const paramApi = resourceApi<TParam>(BASE)

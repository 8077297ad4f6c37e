import type { TNotice } from '@ysjs/shared'
import { resourceApi } from '@/lib/resource/resourceApi'

const BASE = '/api/ysjs-desk/notice'

export type TNoticeRow = TNotice & Record<string, unknown>

// A category is chosen from the dictionary: equality, not a text match.
export const noticeApi = resourceApi<TNotice>(BASE, { exact: ['category'] })

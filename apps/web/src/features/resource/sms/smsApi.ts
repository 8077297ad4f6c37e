import type { TSms } from '@ysjs/shared'
import { http } from '@/lib/http'
import { resourceApi } from '@/lib/resource/resourceApi'

const BASE = '/api/ysjs-resource/sms'

export type TSmsRow = TSms & Record<string, unknown>

export const smsApi = resourceApi<TSms>(BASE)

export const enableSms = (id: string) => http.post(`${BASE}/enable`, undefined, { params: { id } })

export const sendTestSms = (code: string, phones: string, params: string) =>
  http.post(`${BASE}/endpoint/send-message`, undefined, { params: { code, phones, params } })

import { z } from 'zod'

/**
 * Client errors the browser queues and sends to the error log (spec section 8). The endpoint is open
 * to anonymous pages, so what it takes is small: the browser trims each field and sends small batches,
 * the server refuses anything bigger (and limits how often, more strictly without a session).
 */
export const CLIENT_ERROR_LIMITS = {
  /** Whole request body. */
  BODY_BYTES: 16 * 1024,
  /** Rows per request. */
  ROWS: 10,
  TYPE: 100,
  MESSAGE: 1000,
  STACK: 4000,
  INFO: 1000,
  URL: 500,
  /** Requests per minute: per address without a session, per user with one. */
  ANONYMOUS_PER_MINUTE: 5,
  USER_PER_MINUTE: 30,
} as const

const L = CLIENT_ERROR_LIMITS

export const ZClientErrorSchema = z.object({
  type: z.string().max(L.TYPE).optional(),
  message: z.string().max(L.MESSAGE).optional(),
  stack: z.string().max(L.STACK).optional(),
  info: z.string().max(L.INFO).optional(),
  url: z.string().max(L.URL).optional(),
  time: z.union([z.string().max(32), z.number()]).optional(),
})
export type TClientError = z.infer<typeof ZClientErrorSchema>

export const ZClientErrorBatchSchema = z
  .array(ZClientErrorSchema)
  .min(1, '请求参数不能为空')
  .max(L.ROWS, `每次最多上报 ${L.ROWS} 条错误日志`)

import { z } from 'zod'
import { ZWireDateTimeSchema } from '../common/dates.ts'
import { ZWireIdSchema } from '../common/ids.ts'

/** The three log kinds of `/api/ysjs-log/<kind>` and their menu codes (seeded `log_usual`, ...). */
export const LOG_KINDS = ['usual', 'api', 'error'] as const
export type TLogKind = (typeof LOG_KINDS)[number]

/** The system parameter that sets how many days log rows are kept (the worker's retention job). */
export const LOG_RETENTION_PARAM = 'log.retentionDays'
export const LOG_RETENTION_MIN_DAYS = 1
export const LOG_RETENTION_MAX_DAYS = 3650

const common = {
  id: ZWireIdSchema,
  tenantId: z.string(),
  serviceId: z.string().nullable(),
  serverHost: z.string().nullable(),
  serverIp: z.string().nullable(),
  env: z.string().nullable(),
  method: z.string().nullable(),
  requestUri: z.string().nullable(),
  userAgent: z.string().nullable(),
  remoteIp: z.string().nullable(),
  methodClass: z.string().nullable(),
  methodName: z.string().nullable(),
  params: z.string().nullable(),
  createBy: z.string().nullable(),
  createTime: ZWireDateTimeSchema,
}

export const ZLogUsualRecordSchema = z.object({
  ...common,
  logLevel: z.string().nullable(),
  logId: z.string().nullable(),
  logData: z.string().nullable(),
})
export const ZLogApiRecordSchema = z.object({
  ...common,
  type: z.string(),
  title: z.string().nullable(),
  time: z.string().nullable(),
  status: z.number().nullable(),
})
export const ZLogErrorRecordSchema = z.object({
  ...common,
  stackTrace: z.string().nullable(),
  exceptionName: z.string().nullable(),
  message: z.string().nullable(),
  lineNumber: z.number().nullable(),
  fileName: z.string().nullable(),
})
export type TLogUsual = z.infer<typeof ZLogUsualRecordSchema>
export type TLogApi = z.infer<typeof ZLogApiRecordSchema>
export type TLogError = z.infer<typeof ZLogErrorRecordSchema>

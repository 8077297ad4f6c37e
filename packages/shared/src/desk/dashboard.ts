import { z } from 'zod'
import { ZWireDateSchema } from '../common/dates.ts'

/** Figures of the home page and console, for the caller's tenant. */
export const ZDashboardStatsSchema = z.object({
  /** null until the workflow engine holds tasks: no number is better than a made-up one. */
  todoCount: z.number().nullable(),
  noticeCount: z.number(),
  userCount: z.number(),
  deptCount: z.number(),
  records: z.array(z.object({ name: z.string(), value: z.number() })),
  trend: z.array(z.object({ date: ZWireDateSchema, count: z.number() })),
})
export type TDashboardStats = z.infer<typeof ZDashboardStatsSchema>

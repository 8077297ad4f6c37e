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

/**
 * A member's home page (issue 24): what concerns the caller — their achievement applications (by
 * status), their unit's questionnaire fillings, their meeting registrations and the notices they read.
 */
export const ZMyDashboardSchema = z.object({
  applicationCount: z.number(),
  /** Submitted and not yet archived nor returned (待审核 … 已出具报告). */
  applicationInProgress: z.number(),
  /** 已退回: waiting for the applicant. */
  applicationReturned: z.number(),
  surveyCount: z.number(),
  /** Fillings not submitted yet (draft or returned to fill). */
  surveyToFill: z.number(),
  registrationCount: z.number(),
  noticeCount: z.number(),
  /** The caller's applications per status, every status named (zero included). */
  applications: z.array(z.object({ status: z.number(), name: z.string(), value: z.number() })),
})
export type TMyDashboard = z.infer<typeof ZMyDashboardSchema>

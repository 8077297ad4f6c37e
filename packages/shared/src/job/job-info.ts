import { z } from 'zod'
import { ExecuteType, ProcessorType, TimeExpressionType } from '../common/constants.ts'
import { DATE_TIME_PATTERN, parseDateTime, TIME_ZONE, ZWireDateTimeSchema } from '../common/dates.ts'
import { ZIdSchema, ZWireIdSchema } from '../common/ids.ts'
import { zOptionalInt, zOptionalText, zRequired } from '../common/validators.ts'
import { CRON_YEAR_MAX, CRON_YEAR_MIN } from './cron-expression.ts'
import {
  JobInfoMsg,
  type TLifecycle,
  zAmount,
  zChoice,
  zClearableText,
  zCount,
  zLifecycle,
  zLifecycleRange,
  zNotifyUserIds,
  zOptionalChoice,
} from './job-info-fields.ts'
import {
  isBuiltInProcessor,
  isMapReduceProcessor,
  JOB_LABELS,
  parseBuiltInParams,
  parseExternalProcessor,
} from './job-processors.ts'
import { NEXT_FIRE_TIMES_MAX, parseTimeExpression } from './schedule.ts'
import { ZJobExtraSchema } from './work-calendar.ts'

export {
  JOB_INFO_DEFAULTS,
  JobInfoMsg,
  NOTIFY_USERS_MAX,
  type TLifecycle,
} from './job-info-fields.ts'

const ZJobInfoFields = z.object({
  id: ZIdSchema.optional(),
  jobServerId: z.preprocess((v) => (v === '' || v === null ? undefined : v), ZIdSchema.optional()),
  jobName: zRequired(JobInfoMsg.JOB_NAME, 100),
  jobDescription: zClearableText(500),
  enable: zChoice(JOB_LABELS.enable, JobInfoMsg.ENABLE),
  timeExpressionType: zChoice(JOB_LABELS.timeExpressionType, JobInfoMsg.TIME_EXPRESSION_TYPE),
  timeExpression: zClearableText(255),
  executeType: zChoice(JOB_LABELS.executeType, JobInfoMsg.EXECUTE_TYPE),
  processorType: zChoice(JOB_LABELS.processorType, JobInfoMsg.PROCESSOR_TYPE),
  processorInfo: zRequired(JobInfoMsg.PROCESSOR_INFO, 500),
  /** 运行时配置 (spec section 5): how sub-tasks are dispatched (decision 012). */
  dispatchStrategy: zChoice(JOB_LABELS.dispatchStrategy, JobInfoMsg.DISPATCH_STRATEGY),
  lifecycleStart: zLifecycle,
  lifecycleEnd: zLifecycle,
  /** The same range as one field (spec section 3); when given it decides both ends. */
  lifecycle: zLifecycleRange,
  jobParams: zClearableText(4000),
  maxInstanceNum: zCount('maxInstanceNum', 1000),
  concurrency: zCount('concurrency', 1000),
  /** Milliseconds; 0 = no limit. */
  instanceTimeLimit: zCount('instanceTimeLimit', 86_400_000),
  instanceRetryNum: zCount('instanceRetryNum', 100),
  taskRetryNum: zCount('taskRetryNum', 100),
  minCpuCores: zAmount('minCpuCores'),
  minMemorySpace: zAmount('minMemorySpace'),
  minDiskSpace: zAmount('minDiskSpace'),
  designatedWorkers: zClearableText(500),
  maxWorkerCount: zCount('maxWorkerCount', 1000),
  notifyUserIds: zNotifyUserIds,
  alertThreshold: zCount('alertThreshold'),
  statisticWindowLen: zCount('statisticWindowLen'),
  silenceWindowLen: zCount('silenceWindowLen'),
  logType: zOptionalChoice('logType', JOB_LABELS.logType),
  logLevel: zOptionalChoice('logLevel', JOB_LABELS.logLevel),
  extra: zClearableText(1000),
})

/**
 * The lifecycle a submit asks for: `lifecycle` when given (it decides both ends), else the two
 * separate ends. An end that is undefined keeps its stored value; null clears it.
 */
export const lifecycleOf = (v: {
  lifecycle?: TLifecycle | null | undefined
  lifecycleStart?: string | null | undefined
  lifecycleEnd?: string | null | undefined
}): { start?: string | null | undefined; end?: string | null | undefined } =>
  v.lifecycle !== undefined
    ? (v.lifecycle ?? { start: null, end: null })
    : { start: v.lifecycleStart, end: v.lifecycleEnd }

/**
 * A job definition as submit and the job form take it. The job server (任务应用) is required; the time
 * expression (时间表达式) is required and parsed for CRON, fixed rate and fixed delay only, so an
 * expression that cannot run is refused here with the reason.
 */
export const ZJobInfoSubmitSchema = ZJobInfoFields.superRefine((v, ctx) => {
  if (!v.jobServerId) {
    ctx.addIssue({ code: 'custom', path: ['jobServerId'], message: JobInfoMsg.JOB_SERVER })
  }
  const scheduled = [TimeExpressionType.CRON, TimeExpressionType.FIXED_RATE, TimeExpressionType.FIXED_DELAY]
  if ((scheduled as readonly number[]).includes(v.timeExpressionType)) {
    if (!v.timeExpression) {
      ctx.addIssue({ code: 'custom', path: ['timeExpression'], message: JobInfoMsg.TIME_EXPRESSION })
    } else {
      const parsed = parseTimeExpression(v.timeExpressionType, v.timeExpression ?? undefined, TIME_ZONE)
      if (!parsed.ok) {
        ctx.addIssue({ code: 'custom', path: ['timeExpression'], message: parsed.message })
      }
    }
  }
  if (v.processorType === ProcessorType.BUILT_IN && !isBuiltInProcessor(v.processorInfo)) {
    ctx.addIssue({ code: 'custom', path: ['processorInfo'], message: JobInfoMsg.BUILT_IN_UNKNOWN })
  }
  if (v.processorType === ProcessorType.EXTERNAL && !parseExternalProcessor(v.processorInfo)) {
    ctx.addIssue({ code: 'custom', path: ['processorInfo'], message: JobInfoMsg.EXTERNAL_URL })
  }
  const mapReduceProcessor =
    v.processorType === ProcessorType.BUILT_IN && isMapReduceProcessor(v.processorInfo)
  if (v.executeType === ExecuteType.MAP_REDUCE && !mapReduceProcessor) {
    ctx.addIssue({ code: 'custom', path: ['processorInfo'], message: JobInfoMsg.MAP_REDUCE_PROCESSOR })
  }
  if (v.executeType !== ExecuteType.MAP_REDUCE && mapReduceProcessor) {
    ctx.addIssue({ code: 'custom', path: ['executeType'], message: JobInfoMsg.MAP_REDUCE_ONLY })
  }
  if (v.extra?.trim().startsWith('{')) {
    try {
      if (!ZJobExtraSchema.safeParse(JSON.parse(v.extra)).success) {
        ctx.addIssue({ code: 'custom', path: ['extra'], message: JobInfoMsg.EXTRA_JSON })
      }
    } catch {
      ctx.addIssue({ code: 'custom', path: ['extra'], message: JobInfoMsg.EXTRA_JSON })
    }
  }
  let params: unknown = null
  if (v.jobParams) {
    try {
      params = JSON.parse(v.jobParams)
    } catch {
      ctx.addIssue({ code: 'custom', path: ['jobParams'], message: JobInfoMsg.JOB_PARAMS_JSON })
      params = undefined
    }
  }
  // A field left out of an edit keeps its stored value: checked on creation, and on edit when sent.
  if (
    params !== undefined &&
    (v.jobParams !== undefined || v.id === undefined) &&
    v.processorType === ProcessorType.BUILT_IN &&
    isBuiltInProcessor(v.processorInfo)
  ) {
    const checked = parseBuiltInParams(v.processorInfo, params)
    if (!checked.ok) {
      ctx.addIssue({ code: 'custom', path: ['jobParams'], message: checked.message })
    }
  }
  const range = lifecycleOf(v)
  if (range.start && range.end) {
    const start = parseDateTime(range.start)
    const end = parseDateTime(range.end)
    if (start && end && end <= start) {
      ctx.addIssue({
        code: 'custom',
        path: [v.lifecycle === undefined ? 'lifecycleEnd' : 'lifecycle'],
        message: JobInfoMsg.LIFECYCLE_ORDER,
      })
    }
  }
})
export type TJobInfoSubmit = z.infer<typeof ZJobInfoSubmitSchema>

/** A job definition as list and detail answer it (wire format). */
export const ZJobInfoRecordSchema = z.object({
  id: ZWireIdSchema,
  jobServerId: ZWireIdSchema.nullable(),
  jobServerName: z.string(),
  jobId: ZWireIdSchema.nullable(),
  jobName: z.string(),
  jobDescription: z.string().nullable(),
  enable: z.number(),
  timeExpressionType: z.number(),
  timeExpression: z.string().nullable(),
  executeType: z.number(),
  processorType: z.number(),
  processorInfo: z.string(),
  dispatchStrategy: z.number(),
  lifecycleStart: ZWireDateTimeSchema.nullable(),
  lifecycleEnd: ZWireDateTimeSchema.nullable(),
  /** The same two ends as the platform's range picker reads them; null when neither is set. */
  lifecycle: z.array(ZWireDateTimeSchema.nullable()).nullable(),
  jobParams: z.string().nullable(),
  maxInstanceNum: z.number(),
  concurrency: z.number(),
  instanceTimeLimit: z.number(),
  instanceRetryNum: z.number(),
  taskRetryNum: z.number(),
  minCpuCores: z.number(),
  minMemorySpace: z.number(),
  minDiskSpace: z.number(),
  designatedWorkers: z.string().nullable(),
  maxWorkerCount: z.number(),
  notifyUserIds: z.string().nullable(),
  alertThreshold: z.number(),
  statisticWindowLen: z.number(),
  silenceWindowLen: z.number(),
  logType: z.number(),
  logLevel: z.number(),
  extra: z.string().nullable(),
  createUser: ZWireIdSchema.nullable(),
  createTime: ZWireDateTimeSchema,
  updateTime: ZWireDateTimeSchema.nullable(),
  status: z.number(),
  isDeleted: z.number(),
})
export type TJobInfo = z.infer<typeof ZJobInfoRecordSchema>

/** `POST change`: 0 pauses (and unschedules), 1 enables. */
export const ZJobChangeSchema = z.object({
  id: ZIdSchema,
  enable: zChoice(JOB_LABELS.enable, JobInfoMsg.ENABLE),
})
/** `POST run`: one run now, enabled or not. */
export const ZJobRunSchema = z.object({ id: ZIdSchema })
/**
 * `POST sync`: reconcile one job (id) or every job (no id) with the scheduler. The platform's front end
 * posts it with no body at all: that is "every job".
 */
export const ZJobSyncSchema = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? {} : v),
  z.object({ id: ZIdSchema.optional() }),
)

/**
 * `from` of `next-fire-times`: the moment the preview starts after, `yyyy-MM-dd HH:mm:ss` China time
 * (`yyyy-MM-dd HH:mm` too: seconds 00), within the years CRON expressions reach. Absent or empty: now.
 */
const zFireFrom = z.preprocess(
  (v) => {
    if (v === '' || v === null) {
      return undefined
    }
    return typeof v === 'string' && /^\s*\d{4}-\d{2}-\d{2} \d{2}:\d{2}\s*$/.test(v) ? `${v.trim()}:00` : v
  },
  z
    .string()
    .trim()
    .regex(DATE_TIME_PATTERN, JobInfoMsg.FIRE_FROM_FORMAT)
    .refine((v) => parseDateTime(v) !== null, { message: JobInfoMsg.FIRE_FROM_FORMAT })
    .refine((v) => Number(v.slice(0, 4)) >= CRON_YEAR_MIN && Number(v.slice(0, 4)) <= CRON_YEAR_MAX, {
      message: JobInfoMsg.FIRE_FROM_RANGE,
    })
    .meta({ pattern: DATE_TIME_PATTERN.source, example: '2026-08-01 00:00:00' })
    .optional(),
)

/**
 * `GET next-fire-times`: preview of a time expression (Asia/Shanghai, the zone schedules use by
 * default), after `from` (default now).
 */
export const ZNextFireTimesQuerySchema = z.object({
  timeExpressionType: zChoice(JOB_LABELS.timeExpressionType, JobInfoMsg.TIME_EXPRESSION_TYPE),
  timeExpression: zOptionalText(255),
  count: zOptionalInt({ min: 1, max: NEXT_FIRE_TIMES_MAX, message: `数量应为 1 到 ${NEXT_FIRE_TIMES_MAX}` }),
  lifecycleStart: zLifecycle,
  lifecycleEnd: zLifecycle,
  from: zFireFrom,
})
export const ZNextFireTimesSchema = z.array(ZWireDateTimeSchema)

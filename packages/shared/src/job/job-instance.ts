import { z } from 'zod'
import { formatDateTime, ZWireDateTimeSchema } from '../common/dates.ts'
import { ZIdSchema, ZWireIdSchema } from '../common/ids.ts'

/** A run's status. */
export const JobInstanceStatus = {
  WAITING: 'waiting',
  RUNNING: 'running',
  SUCCEEDED: 'succeeded',
  FAILED: 'failed',
  STOPPED: 'stopped',
  MISSED: 'missed',
} as const
export type TJobInstanceStatus = (typeof JobInstanceStatus)[keyof typeof JobInstanceStatus]
export const JOB_INSTANCE_STATUSES = Object.values(JobInstanceStatus)
export const FINAL_INSTANCE_STATUSES: readonly TJobInstanceStatus[] = ['succeeded', 'failed', 'stopped']

export const JOB_INSTANCE_STATUS_LABELS: Record<TJobInstanceStatus, string> = {
  waiting: '等待',
  running: '运行中',
  succeeded: '成功',
  failed: '失败',
  stopped: '已停止',
  missed: '已错过',
}

/** Log levels as a run's log lines name them (spec section 9: 1 debug … 4 error). */
export const JOB_LOG_LEVEL_NAMES: Record<1 | 2 | 3 | 4, string> = {
  1: 'DEBUG',
  2: 'INFO',
  3: 'WARN',
  4: 'ERROR',
}
/** One line of a run's online log: China time to the millisecond, the level, the message. */
export const jobLogLine = (level: 1 | 2 | 3 | 4, message: string, at: Date = new Date()): string =>
  `${formatDateTime(at)}.${String(at.getTime() % 1000).padStart(3, '0')} ${JOB_LOG_LEVEL_NAMES[level]} ${message}`

/** What started a run. */
export const JobTrigger = { SCHEDULE: 1, MANUAL: 2, CATCH_UP: 3, WORKFLOW: 4 } as const
export const JOB_TRIGGER_LABELS: Record<number, string> = { 1: '定时', 2: '手动', 3: '补跑', 4: '工作流' }

/** One run of a job (wire format). */
export const ZJobInstanceRecordSchema = z.object({
  id: ZWireIdSchema,
  jobInfoId: ZWireIdSchema,
  trigger: z.number(),
  plannedTime: ZWireDateTimeSchema,
  startTime: ZWireDateTimeSchema.nullable(),
  endTime: ZWireDateTimeSchema.nullable(),
  /** Milliseconds between start and end (null while not ended). */
  duration: z.number().nullable(),
  status: z.enum(JOB_INSTANCE_STATUSES as [TJobInstanceStatus, ...TJobInstanceStatus[]]),
  attempt: z.number(),
  result: z.string().nullable(),
  log: z.string().nullable(),
  workerId: z.string().nullable(),
  createTime: ZWireDateTimeSchema,
})
export type TJobInstance = z.infer<typeof ZJobInstanceRecordSchema>

/** `GET job-instance/list`: the runs of one job, newest planned first, optionally by status. */
export const ZJobInstanceQuerySchema = z.object({
  jobInfoId: ZIdSchema,
  status: z.enum(JOB_INSTANCE_STATUSES as [TJobInstanceStatus, ...TJobInstanceStatus[]]).optional(),
})
/** `POST job-instance/stop` and `POST job-instance/catch-up`. */
export const ZJobInstanceIdSchema = z.object({ id: ZIdSchema })

/** The Redis pub/sub channel (after the key prefix) on which stop requests reach the worker running a run. */
export const JOB_STOP_CHANNEL = 'job:stop'
/** The BullMQ queues of scheduled jobs: runs, and control messages (reconcile) from the API. */
export const JOB_RUN_QUEUE = 'job-run'
export const JOB_CONTROL_QUEUE = 'job-control'
/** Scheduler id of a job definition: deterministic, so reconciling twice never schedules twice. */
export const jobSchedulerId = (jobInfoId: string) => `job-${jobInfoId}`
/**
 * BullMQ job id of one run: job id + planned time (ms), so a duplicate add is the same job (BullMQ
 * refuses `:` in custom ids). `suffix` tells a catch-up apart from the scheduler's original delivery.
 */
export const jobRunKey = (jobInfoId: string, plannedMs: number, suffix = '') =>
  `run-${jobInfoId}-${plannedMs}${suffix ? `-${suffix}` : ''}`
/** The scheduler's job ids are `repeat:<scheduler id>:<planned ms>`: the planned time of a delivery. */
export const plannedMsOfSchedulerJob = (bullJobId: string | undefined): number | null => {
  const m = /^repeat:job-\d+:(\d+)$/.exec(bullJobId ?? '')
  return m ? Number(m[1]) : null
}

/** Payload of a run on the run queue: the worker reads the definition from PostgreSQL at run time. */
export const ZJobRunPayloadSchema = z.object({
  jobInfoId: z.string().regex(/^\d{1,19}$/),
  /** Planned time (ms since the epoch): with the job id, the run key. */
  plannedMs: z.number().int().nonnegative(),
  trigger: z.number().int().min(1).max(4),
  /** Times this delivery was put back to wait (concurrency, a flow step not yet committed): not attempts. */
  waits: z.number().int().nonnegative().optional(),
})
export type TJobRunPayload = z.infer<typeof ZJobRunPayloadSchema>

/** Payload of a control message: reconcile these jobs' schedules (null: every job). */
export const ZJobControlPayloadSchema = z.object({ ids: z.array(z.string().regex(/^\d{1,19}$/)).nullable() })
export type TJobControlPayload = z.infer<typeof ZJobControlPayloadSchema>
/** Run retries wait this long between attempts. */
export const JOB_RETRY_BACKOFF_MS = 1_000

/** A sub-task of a broadcast (one per worker) or MapReduce run (wire format), `GET job-instance/tasks`. */
export const ZJobTaskRecordSchema = z.object({
  id: ZWireIdSchema,
  instanceId: ZWireIdSchema,
  taskKey: z.string(),
  workerId: z.string().nullable(),
  status: z.enum(JOB_INSTANCE_STATUSES as [TJobInstanceStatus, ...TJobInstanceStatus[]]),
  attempt: z.number(),
  result: z.string().nullable(),
  startTime: ZWireDateTimeSchema.nullable(),
  endTime: ZWireDateTimeSchema.nullable(),
})
export type TJobTask = z.infer<typeof ZJobTaskRecordSchema>

import type { PrismaClient } from '@ysjs/db'
import { ExecuteType, ProcessorType, TimeExpressionType } from '@ysjs/shared'
import {
  chinaDateOf,
  isBuiltInProcessor,
  isMapReduceProcessor,
  isWorkingDay,
  JobInstanceStatus,
  JobTrigger,
  nextWorkingDay,
  parseExternalProcessor,
  plannedMsOfSchedulerJob,
  type TJobRunPayload,
  WorkingDayPolicy,
  workingDayPolicyOf,
  ZJobRunPayloadSchema,
} from '@ysjs/shared/job'
import { type Job, UnrecoverableError } from 'bullmq'
import type { Redis } from 'ioredis'
import type { Logger } from 'pino'
import type { TWorkerEnv } from '../env.ts'
import type { TAlerts } from './alerts.ts'
import { httpCall } from './http-call.ts'
import { BUILT_IN, type TProcessor } from './processors.ts'
import { claimRun, type TRunKey, waitAgain } from './run-claim.ts'
import { createRunLog, RESULT_MAX, summary } from './run-log.ts'
import type { TTasks } from './tasks.ts'
import type { TCalendarCache } from './work-calendar.ts'

const DAY_MS = 86_400_000
/** A scheduler's delivery handed out later than this after its planned time may have skipped fires. */
const LATE_HAND_OUT_MS = 1000
/** The result of a run BullMQ gave up on because its workers kept dying while running it. */
export const STALLED_RESULT = '执行节点多次中断, 运行已放弃'

type TJobRow = NonNullable<Awaited<ReturnType<PrismaClient['jobInfo']['findFirst']>>>

export type TRunnerDeps = {
  prisma: PrismaClient
  redis: Redis
  env: TWorkerEnv
  log: Logger
  workerId: string
  /** Starts a fixed-delay job's next run unless one is already waiting or running (scheduler.ts). */
  ensureChain: (jobInfoId: bigint) => Promise<boolean>
  /** Records the fires of `job` strictly inside (afterMs, beforeMs) as missed (BullMQ skipped them). */
  recordSkipped: (job: TJobRow, afterMs: number, beforeMs: number) => Promise<number>
  /** Enqueues a scheduled run of `job` planned at `plannedMs` (a waiting row, then the delayed run). */
  enqueueAt: (job: TJobRow, plannedMs: number) => Promise<void>
  /** Sub-tasks of broadcast and MapReduce runs. */
  tasks: () => TTasks
  alerts: TAlerts
  calendar: TCalendarCache
}

/** Why a run's abort signal fired. */
type TAbortReason = 'stopped' | 'time-limit'

/** Lifecycle range: a scheduled run planned outside it does not run. */
const inLifecycle = (job: TJobRow, at: Date) =>
  (!job.lifecycleStart || at >= job.lifecycleStart) && (!job.lifecycleEnd || at <= job.lifecycleEnd)

/** The processor a single or broadcast job names (run once, or once on every worker), or the reason it has none. */
export const processorOf = (job: TJobRow, env: TWorkerEnv): TProcessor | string => {
  if (job.processorType === ProcessorType.BUILT_IN) {
    if (isMapReduceProcessor(job.processorInfo)) {
      return 'MapReduce 处理器只能以 MapReduce 方式执行'
    }
    return isBuiltInProcessor(job.processorInfo)
      ? BUILT_IN[job.processorInfo as keyof typeof BUILT_IN]
      : `内建处理器不存在: ${job.processorInfo}`
  }
  if (job.processorType === ProcessorType.EXTERNAL) {
    const target = parseExternalProcessor(job.processorInfo)
    if (!target) {
      return `外部处理器地址不正确: ${job.processorInfo}`
    }
    return ({ signal }) =>
      httpCall(
        { method: target.method, url: target.url.href, body: job.jobParams },
        env.JOB_HTTP_ALLOWED_HOSTS,
        signal,
      )
  }
  return `处理器类型不支持: ${job.processorType}`
}

/**
 * Executes the runs of the run queue. Every run is a row keyed by job id + planned time: the row is
 * created (or found) first, then claimed in a transaction holding the job's advisory lock, so a
 * duplicate delivery finds it taken or finished and does nothing, and `maxInstanceNum` is counted
 * exactly. Stop (from the API) and the time limit abort the processor through its signal.
 */
export const createRunner = (deps: TRunnerDeps) => {
  const { prisma, env, log, workerId } = deps
  const running = new Map<string, AbortController>()
  const perJob = new Map<string, number>()

  /** A run ended failed: the job's alert rule decides whether anyone is told. */
  const alert = (job: TJobRow, result: string | null) =>
    deps.alerts.onFailure(job, result).catch((e: unknown) => log.error({ err: e }, 'job alert failed'))

  /** The run a BullMQ job delivers: a scheduler's job carries its planned time in its id. */
  const payloadOf = (bullJob: Job): TJobRunPayload => {
    const plannedFromScheduler = plannedMsOfSchedulerJob(bullJob.id)
    return ZJobRunPayloadSchema.parse(
      plannedFromScheduler === null
        ? bullJob.data
        : { trigger: JobTrigger.SCHEDULE, ...bullJob.data, plannedMs: plannedFromScheduler },
    )
  }

  /**
   * A fixed-delay job's next run is chained from the end of its scheduled runs, and equally when a
   * scheduled delivery does not run (outside the lifecycle, stopped while waiting, refused by
   * `maxInstanceNum`, a duplicate): otherwise the schedule would silently end there.
   */
  const chainNext = async (job: TJobRow | null, payload: TJobRunPayload) => {
    if (
      job?.timeExpressionType === TimeExpressionType.FIXED_DELAY &&
      payload.trigger === JobTrigger.SCHEDULE
    ) {
      await deps
        .ensureChain(job.id)
        .catch((e: unknown) => log.error({ err: e }, 'chaining a fixed-delay run failed'))
    }
  }

  const handle = async (bullJob: Job, token?: string) => {
    const payload = payloadOf(bullJob)
    const jobInfoId = BigInt(payload.jobInfoId)
    const plannedTime = new Date(payload.plannedMs)
    const job = await prisma.jobInfo.findFirst({ where: { id: jobInfoId, isDeleted: 0 } })
    const key = { jobInfoId_plannedTime: { jobInfoId, plannedTime } }
    const chain = () => chainNext(job, payload)
    if (
      !job ||
      (payload.trigger === JobTrigger.SCHEDULE && (job.enable !== 1 || !inLifecycle(job, plannedTime)))
    ) {
      // A delivery that raced a pause, a delete or the lifecycle's end: nothing runs.
      await prisma.jobInstance.updateMany({
        where: { jobInfoId, plannedTime, status: JobInstanceStatus.WAITING },
        data: {
          status: JobInstanceStatus.STOPPED,
          result: '任务已停用或不在生命周期内',
          updateTime: new Date(),
        },
      })
      await chain()
      return { skipped: true }
    }

    // A scheduler's delivery handed out late (first hand-out only): BullMQ planned the next fire from
    // that moment, so the fires in between will never come. They are recorded missed, never lost.
    const handedOut = bullJob.processedOn ?? 0
    if (
      plannedMsOfSchedulerJob(bullJob.id) !== null &&
      bullJob.attemptsStarted <= 1 &&
      handedOut - payload.plannedMs > LATE_HAND_OUT_MS
    ) {
      await deps
        .recordSkipped(job, payload.plannedMs, handedOut)
        .catch((e: unknown) => log.error({ err: e }, 'recording skipped fires failed'))
    }

    // Working-day calendar (CRON jobs opting in through `extra`): a fire on a non-working day does
    // not run; with `shift` it runs at the same time on the next working day instead (a run key
    // shared with that day's own fire at that time, so the two run once).
    const policy = workingDayPolicyOf(job.extra)
    if (
      policy &&
      payload.trigger === JobTrigger.SCHEDULE &&
      job.timeExpressionType === TimeExpressionType.CRON
    ) {
      const calendar = await deps.calendar.get()
      const day = chinaDateOf(plannedTime)
      if (!isWorkingDay(calendar, day)) {
        if (policy === WorkingDayPolicy.SHIFT) {
          const next = nextWorkingDay(calendar, day)
          const days = Math.round((Date.parse(next) - Date.parse(day)) / DAY_MS)
          await deps.enqueueAt(job, payload.plannedMs + days * DAY_MS)
        }
        return { skipped: 'non-working-day', policy }
      }
    }

    // Concurrency: at most `concurrency` runs of this job at once in this process.
    const local = perJob.get(payload.jobInfoId) ?? 0
    if (job.concurrency > 0 && local >= job.concurrency && token) {
      await waitAgain(bullJob, payload, token)
    }

    // The slot is taken before the first await, so parallel deliveries of one job cannot all pass
    // the check; it is given back however this delivery ends.
    perJob.set(payload.jobInfoId, local + 1)
    try {
      return await execute({ bullJob, token, payload, job, key, chain })
    } finally {
      perJob.set(payload.jobInfoId, Math.max(0, (perJob.get(payload.jobInfoId) ?? 1) - 1))
    }
  }

  /** One delivery that holds a concurrency slot of its job: the row, the claim, the run. */
  const execute = async (d: {
    bullJob: Job
    token: string | undefined
    payload: TJobRunPayload
    job: TJobRow
    key: TRunKey
    chain: () => Promise<void>
  }) => {
    const { bullJob, token, payload, job, key, chain } = d
    const { attempt, claim } = await claimRun(prisma, workerId, { bullJob, token, payload, job, key })
    if (claim.kind !== 'claimed') {
      if (claim.kind === 'refused') {
        await alert(job, `超过最大实例数 ${job.maxInstanceNum}`)
      }
      await chain()
      return { skipped: claim.kind }
    }

    const instanceId = claim.row.id
    const runLog = createRunLog({ prisma, log }, job, { instanceId, attempt, previous: claim.row.log })
    const { jobLog } = runLog
    const controller = new AbortController()
    running.set(String(instanceId), controller)
    const limit =
      job.instanceTimeLimit > 0
        ? setTimeout(() => controller.abort('time-limit' satisfies TAbortReason), job.instanceTimeLimit)
        : null
    const maxAttempts = bullJob.opts.attempts ?? 1
    let final = true
    try {
      // Broadcast and MapReduce runs are coordinated here; their sub-tasks run the processor.
      const processor =
        job.executeType === ExecuteType.MAP_REDUCE
          ? isMapReduceProcessor(job.processorInfo)
            ? null
            : 'MapReduce 执行需要 MapReduce 内建处理器'
          : processorOf(job, env)
      if (typeof processor === 'string') {
        throw new UnrecoverableError(processor)
      }
      let params: unknown = null
      if (job.jobParams) {
        try {
          params = JSON.parse(job.jobParams)
        } catch {
          throw new UnrecoverableError('任务参数应为 JSON')
        }
      }
      jobLog(2, `第 ${attempt} 次尝试, 执行节点 ${workerId}`)
      const aborted = new Promise<never>((_resolve, reject) => {
        controller.signal.addEventListener(
          'abort',
          () => reject(new Error(String(controller.signal.reason))),
          {
            once: true,
          },
        )
      })
      // The processor gets the signal; a processor that ignores it is still abandoned at the limit.
      const result = await Promise.race([
        job.executeType === ExecuteType.STANDALONE && processor
          ? processor({ prisma, redis: deps.redis, env, params, signal: controller.signal, log: jobLog })
          : deps
              .tasks()
              .coordinate({ job, instanceId, attempt, params, signal: controller.signal, log: jobLog }),
        aborted,
      ])
      await runLog.end()
      jobLog(2, '执行成功')
      await runLog.finish(JobInstanceStatus.SUCCEEDED, summary(result))
      return { instanceId: String(instanceId), status: JobInstanceStatus.SUCCEEDED }
    } catch (err) {
      await runLog.end()
      const reason = controller.signal.aborted ? (controller.signal.reason as TAbortReason) : null
      if (reason === 'stopped') {
        jobLog(3, '已手动停止')
        await runLog.finish(JobInstanceStatus.STOPPED, '已手动停止')
        return { instanceId: String(instanceId), status: JobInstanceStatus.STOPPED }
      }
      if (reason === 'time-limit') {
        jobLog(4, `超过运行时限 ${job.instanceTimeLimit} ms, 已停止`)
        await runLog.finish(JobInstanceStatus.STOPPED, `超过运行时限 ${job.instanceTimeLimit} ms`)
        return { instanceId: String(instanceId), status: JobInstanceStatus.STOPPED }
      }
      const message = err instanceof Error ? err.message : String(err)
      jobLog(4, `执行失败: ${message}`)
      const retrying = !(err instanceof UnrecoverableError) && attempt < maxAttempts
      if (retrying) {
        final = false
        await runLog.retry(message)
      } else {
        await runLog.finish(JobInstanceStatus.FAILED, summary(message))
        await alert(job, summary(message))
      }
      throw err
    } finally {
      if (limit) {
        clearTimeout(limit)
      }
      running.delete(String(instanceId))
      if (final) {
        await chain()
      }
    }
  }

  return {
    process: handle,
    /**
     * BullMQ failed a run without handing it to the processor: it stalled more often than allowed
     * (its workers kept dying mid-run). Its row would stay running for ever; it ends failed, the
     * job's alert rule counts it and a fixed-delay chain goes on.
     */
    async abandoned(bullJob: Job, reason: string) {
      const payload = payloadOf(bullJob)
      const jobInfoId = BigInt(payload.jobInfoId)
      const result = `${STALLED_RESULT} (${reason})`.slice(0, RESULT_MAX)
      const ended = await prisma.jobInstance.updateMany({
        where: {
          jobInfoId,
          plannedTime: new Date(payload.plannedMs),
          status: { in: [JobInstanceStatus.WAITING, JobInstanceStatus.RUNNING] },
        },
        data: { status: JobInstanceStatus.FAILED, result, endTime: new Date(), updateTime: new Date() },
      })
      if (ended.count === 0) {
        return false
      }
      const job = await prisma.jobInfo.findFirst({ where: { id: jobInfoId, isDeleted: 0 } })
      if (job) {
        await alert(job, result)
        await chainNext(job, payload)
      }
      return true
    },
    /** Aborts a run of this process (stop from the API); false when it does not run here. */
    stop(instanceId: string): boolean {
      const controller = running.get(instanceId)
      controller?.abort('stopped' satisfies TAbortReason)
      const tasks = deps.tasks().stop(instanceId)
      return controller !== undefined || tasks
    },
    get runningCount() {
      return running.size
    },
  }
}
export type TRunner = ReturnType<typeof createRunner>

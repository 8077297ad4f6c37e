import { nextId, type PrismaClient } from '@ysjs/db'
import { TimeExpressionType } from '@ysjs/shared'
import {
  fireTimesBetween,
  JOB_RETRY_BACKOFF_MS,
  JobInstanceStatus,
  JobTrigger,
  jobRunKey,
  jobSchedulerId,
  parseTimeExpression,
  type TJobRunPayload,
} from '@ysjs/shared/job'
import type { Queue } from 'bullmq'
import type { Logger } from 'pino'

type TJobRow = NonNullable<Awaited<ReturnType<PrismaClient['jobInfo']['findFirst']>>>

/** At most this many missed runs are recorded per job after one downtime. */
export const MISSED_MAX_PER_JOB = 100
export const MISSED_RESULT = {
  DOWN: '调度停机期间错过',
  SKIPPED: '调度繁忙, 未能按时触发',
} as const

/** BullMQ options of a run of `job`: `instanceRetryNum` retries, 1 s apart. */
export const runOpts = (job: TJobRow) => ({
  attempts: job.instanceRetryNum + 1,
  backoff: { type: 'fixed' as const, delay: JOB_RETRY_BACKOFF_MS },
  removeOnComplete: 1000,
  removeOnFail: 1000,
})

/**
 * Keeps BullMQ's job schedulers equal to the job definitions in PostgreSQL. Scheduler ids are
 * derived from the job id, so reconciling twice (or from two processes) never schedules twice.
 */
export const createScheduler = (deps: { prisma: PrismaClient; runs: Queue; log: Logger; tz: string }) => {
  const { prisma, runs, log, tz } = deps

  /** Enqueues a scheduled run planned at `plannedMs` (a waiting row, then the run, delayed until then). */
  const enqueueAt = async (job: TJobRow, plannedMs: number) => {
    const delayMs = Math.max(0, plannedMs - Date.now())
    await prisma.jobInstance.createMany({
      data: [
        {
          id: nextId(),
          jobInfoId: job.id,
          plannedTime: new Date(plannedMs),
          trigger: JobTrigger.SCHEDULE,
          status: JobInstanceStatus.WAITING,
        },
      ],
      skipDuplicates: true,
    })
    const payload: TJobRunPayload = { jobInfoId: String(job.id), plannedMs, trigger: JobTrigger.SCHEDULE }
    await runs.add('run', payload, {
      ...runOpts(job),
      jobId: jobRunKey(String(job.id), plannedMs),
      delay: delayMs,
    })
  }

  /**
   * Starts the chain of a fixed-delay job unless a scheduled run of it is already waiting or running:
   * the next run is planned `delay` from now, not before the lifecycle start, and not at all after
   * its end. Checked and written under the job's advisory lock (the one runs are claimed under), so
   * the end of a run, a skipped or refused delivery, reconcile and the leader's sweep can all call
   * it and the job still has exactly one chain.
   */
  const ensureChain = async (jobInfoId: bigint): Promise<boolean> => {
    const job = await prisma.jobInfo.findFirst({ where: { id: jobInfoId, isDeleted: 0, enable: 1 } })
    if (!job || job.timeExpressionType !== TimeExpressionType.FIXED_DELAY) {
      return false
    }
    const parsed = parseTimeExpression(job.timeExpressionType, job.timeExpression, tz)
    if (!parsed.ok || parsed.schedule.kind !== 'delay') {
      return false
    }
    const plannedMs = Math.max(Date.now() + parsed.schedule.delayMs, job.lifecycleStart?.getTime() ?? 0)
    if (job.lifecycleEnd && plannedMs > job.lifecycleEnd.getTime()) {
      return false
    }
    const created = await prisma.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${job.id})`
      const chained = await tx.jobInstance.count({
        where: {
          jobInfoId: job.id,
          trigger: JobTrigger.SCHEDULE,
          status: { in: [JobInstanceStatus.WAITING, JobInstanceStatus.RUNNING] },
        },
      })
      if (chained > 0) {
        return false
      }
      const row = await tx.jobInstance.createMany({
        data: [
          {
            id: nextId(),
            jobInfoId: job.id,
            plannedTime: new Date(plannedMs),
            trigger: JobTrigger.SCHEDULE,
            status: JobInstanceStatus.WAITING,
          },
        ],
        skipDuplicates: true,
      })
      return row.count === 1
    })
    if (created) {
      const payload: TJobRunPayload = { jobInfoId: String(job.id), plannedMs, trigger: JobTrigger.SCHEDULE }
      await runs.add('run', payload, {
        ...runOpts(job),
        jobId: jobRunKey(String(job.id), plannedMs),
        delay: Math.max(0, plannedMs - Date.now()),
      })
    }
    return created
  }

  /** Pending fixed-delay runs of a job that should no longer run: removed and recorded stopped. */
  const cancelPending = async (job: TJobRow) => {
    const pending = await prisma.jobInstance.findMany({
      where: { jobInfoId: job.id, status: JobInstanceStatus.WAITING, trigger: JobTrigger.SCHEDULE },
    })
    for (const row of pending) {
      await runs.remove(jobRunKey(String(job.id), row.plannedTime.getTime()))
    }
    if (pending.length) {
      await prisma.jobInstance.updateMany({
        where: { id: { in: pending.map((r) => r.id) }, status: JobInstanceStatus.WAITING },
        data: { status: JobInstanceStatus.STOPPED, result: '任务已停用', updateTime: new Date() },
      })
    }
  }

  const reconcileOne = async (job: TJobRow): Promise<string> => {
    const id = jobSchedulerId(String(job.id))
    const now = new Date()
    const live = job.isDeleted === 0 && job.enable === 1 && !(job.lifecycleEnd && job.lifecycleEnd < now)
    const parsed = live ? parseTimeExpression(job.timeExpressionType, job.timeExpression, tz) : null
    if (parsed && !parsed.ok) {
      log.warn(
        { jobInfoId: String(job.id), reason: parsed.message },
        'job has an invalid time expression: not scheduled',
      )
    }
    const schedule = parsed?.ok ? parsed.schedule : { kind: 'none' as const }
    const template = { name: 'run', data: { jobInfoId: String(job.id) }, opts: runOpts(job) }
    const range = {
      ...(job.lifecycleStart ? { startDate: job.lifecycleStart } : {}),
      ...(job.lifecycleEnd ? { endDate: job.lifecycleEnd } : {}),
    }
    switch (schedule.kind) {
      case 'cron':
      case 'rate': {
        const repeat =
          schedule.kind === 'cron'
            ? { pattern: schedule.pattern, tz: schedule.tz, ...range }
            : { every: schedule.everyMs, ...range }
        // An upsert replaces the scheduler's pending job with one planned from now: a fire already due
        // but not yet taken (a busy worker) would vanish. A scheduler that already matches is left as
        // it is, so reconciling (every change, each new leader) never drops a fire.
        const current = await runs.getJobScheduler(id)
        const same =
          current &&
          current.pattern === ('pattern' in repeat ? repeat.pattern : undefined) &&
          current.every === ('every' in repeat ? repeat.every : undefined) &&
          (current.tz ?? undefined) === ('tz' in repeat ? repeat.tz : undefined) &&
          current.startDate === job.lifecycleStart?.getTime() &&
          current.endDate === job.lifecycleEnd?.getTime() &&
          current.template?.opts?.attempts === template.opts.attempts &&
          // …and it still has its pending job (one lost with Redis data would leave it dead).
          !['completed', 'failed', 'unknown'].includes(await runs.getJobState(`repeat:${id}:${current.next}`))
        if (!same) {
          await runs.upsertJobScheduler(id, repeat, template)
        }
        return schedule.kind
      }
      case 'delay':
        await runs.removeJobScheduler(id)
        await ensureChain(job.id)
        return 'delay'
      default:
        await runs.removeJobScheduler(id)
        await cancelPending(job)
        return 'none'
    }
  }

  /** Records a job's fire times in (since, until] as missed rows; answers how many were new. */
  const missedOf = async (job: TJobRow, since: Date, until: Date, result: string) => {
    if (
      job.enable !== 1 ||
      (job.timeExpressionType !== TimeExpressionType.CRON &&
        job.timeExpressionType !== TimeExpressionType.FIXED_RATE)
    ) {
      return 0
    }
    const parsed = parseTimeExpression(job.timeExpressionType, job.timeExpression, tz)
    if (!parsed.ok) {
      return 0
    }
    // Not before the job was last changed (enabled), nor before its lifecycle starts.
    const changed = job.updateTime ?? job.createTime
    const from = [since, changed, job.lifecycleStart].reduce<Date>((a, b) => (b && b > a ? b : a), since)
    const end = job.lifecycleEnd && job.lifecycleEnd < until ? job.lifecycleEnd : until
    if (end <= from) {
      return 0
    }
    const times = fireTimesBetween(parsed.schedule, from, end, MISSED_MAX_PER_JOB)
    if (!times.length) {
      return 0
    }
    const created = await prisma.jobInstance.createMany({
      data: times.map((plannedTime) => ({
        id: nextId(),
        jobInfoId: job.id,
        plannedTime,
        trigger: JobTrigger.SCHEDULE,
        status: JobInstanceStatus.MISSED,
        result,
      })),
      skipDuplicates: true,
    })
    return created.count
  }

  return {
    enqueueAt,
    ensureChain,
    /** Reconciles these jobs (null: every job, and removes schedulers no job owns any more). */
    async reconcile(ids: string[] | null) {
      const jobs = await prisma.jobInfo.findMany({ where: ids ? { id: { in: ids.map(BigInt) } } : {} })
      const counts: Record<string, number> = {}
      for (const job of jobs) {
        const kind = await reconcileOne(job)
        counts[kind] = (counts[kind] ?? 0) + 1
      }
      if (ids === null) {
        const known = new Set(jobs.map((j) => jobSchedulerId(String(j.id))))
        for (const s of await runs.getJobSchedulers(0, -1)) {
          if (s.key && !known.has(s.key)) {
            await runs.removeJobScheduler(s.key)
          }
        }
      }
      log.info({ jobs: jobs.length, ...counts }, 'job schedules reconciled')
      return counts
    },
    /**
     * Records the fire times of enabled CRON and fixed-rate jobs that fell in (since, until] as missed
     * runs (no worker was up). Existing rows (a run that did happen) are left alone.
     */
    async recordMissed(since: Date, until: Date) {
      const jobs = await prisma.jobInfo.findMany({
        where: {
          isDeleted: 0,
          enable: 1,
          timeExpressionType: { in: [TimeExpressionType.CRON, TimeExpressionType.FIXED_RATE] },
        },
      })
      let recorded = 0
      for (const job of jobs) {
        recorded += await missedOf(job, since, until, MISSED_RESULT.DOWN)
      }
      if (recorded) {
        log.warn(
          { recorded, since: since.toISOString(), until: until.toISOString() },
          'missed job runs recorded',
        )
      }
      return recorded
    },
    /**
     * BullMQ plans a schedule's next fire from the moment it hands out the current one, so the fires
     * between a late delivery's planned time and that moment are never delivered (a worker busy or
     * just started): they are recorded missed, strictly inside (afterMs, beforeMs).
     */
    async recordSkipped(job: TJobRow, afterMs: number, beforeMs: number) {
      const recorded = await missedOf(job, new Date(afterMs), new Date(beforeMs - 1), MISSED_RESULT.SKIPPED)
      if (recorded) {
        log.warn(
          { jobInfoId: String(job.id), recorded },
          'job fires skipped by a late delivery recorded missed',
        )
      }
      return recorded
    },
  }
}
export type TScheduler = ReturnType<typeof createScheduler>

import { createHash } from 'node:crypto'
import { nextId, type PrismaClient } from '@ysjs/db'
import { DispatchStrategy, ExecuteType } from '@ysjs/shared'
import {
  isMapReduceProcessor,
  JOB_INSTANCE_STATUS_LABELS,
  JOB_RETRY_BACKOFF_MS,
  JOB_STOP_CHANNEL,
  JobInstanceStatus,
  type TJobInstanceStatus,
} from '@ysjs/shared/job'
import { type Job, Queue, UnrecoverableError } from 'bullmq'
import type { Redis } from 'ioredis'
import type { Logger } from 'pino'
import { z } from 'zod'
import type { TWorkerEnv } from '../env.ts'
import { MAP_REDUCE, type TJobLog, type TProcessor, type TTaskOutcome } from './processors.ts'

type TJobRow = NonNullable<Awaited<ReturnType<PrismaClient['jobInfo']['findFirst']>>>

/** Sub-tasks any worker takes (MapReduce, health first), and the queue of one worker (broadcast, random). */
export const JOB_TASK_QUEUE = 'job-task'
export const workerTaskQueue = (workerId: string) =>
  `${JOB_TASK_QUEUE}-${createHash('sha256').update(workerId).digest('hex').slice(0, 16)}`
/** At most this many sub-tasks per run. */
export const TASKS_MAX = 10_000
/** How often a coordinator looks at its sub-tasks. */
const POLL_MS = 200
const RESULT_MAX = 2000
const FINAL = [JobInstanceStatus.SUCCEEDED, JobInstanceStatus.FAILED, JobInstanceStatus.STOPPED] as string[]

export const ZJobTaskPayloadSchema = z.object({ taskId: z.string().regex(/^\d{1,19}$/) })

const summary = (value: unknown): string | null =>
  value === undefined || value === null
    ? null
    : (typeof value === 'string' ? value : JSON.stringify(value)).slice(0, RESULT_MAX)
const parsed = (text: string | null): unknown => {
  if (text === null) {
    return null
  }
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}
const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms)
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(t)
        resolve()
      },
      { once: true },
    )
  })

/**
 * Broadcast (execute type 2) and MapReduce (3) runs. The worker that claims the run coordinates it:
 * it writes one `blade_job_task` row per sub-task — one per live worker for broadcast, one per item
 * the processor's `map` returns for MapReduce — queues them, waits for every row to end, then
 * reduces. Live workers are a Redis sorted set of heartbeats; each worker consumes the shared task
 * queue and its own. A sub-task row is claimed like a run (waiting, or running under an earlier
 * BullMQ attempt), so a duplicate delivery is a no-op; `taskRetryNum` is its BullMQ retries.
 */
export const createTasks = (deps: {
  prisma: PrismaClient
  redis: Redis
  env: TWorkerEnv
  log: Logger
  workerId: string
  /** The single processor a broadcast runs on every worker (null with the reason). */
  processorOf: (job: TJobRow) => TProcessor | string
}) => {
  const { prisma, redis, env, log, workerId } = deps
  const prefix = env.QUEUE_PREFIX
  const liveKey = `${prefix}:job:workers`
  const queues = new Map<string, Queue>()
  const queueOf = (name: string) => {
    let q = queues.get(name)
    if (!q) {
      q = new Queue(name, { connection: redis, prefix })
      q.on('error', (err) => log.debug({ err: err.message }, 'job task queue error'))
      queues.set(name, q)
    }
    return q
  }
  /** Sub-tasks running in this process, by run (instance) id. */
  const running = new Map<string, Set<AbortController>>()

  /**
   * Live: a heartbeat within two leader TTLs (at least 5 s). Heartbeats come every third of a TTL, so
   * a worker slowed down by a loaded machine is not dropped from a broadcast; one that died is
   * dropped that long after (its pinned tasks then fail).
   */
  const liveWindowMs = Math.max(2 * env.JOB_LEADER_TTL_MS, 5_000)
  const liveWorkers = async (): Promise<string[]> =>
    redis.zrangebyscore(liveKey, Date.now() - liveWindowMs, '+inf')

  const enqueue = async (job: TJobRow, task: { id: bigint; workerId: string | null }, suffix = '') => {
    await queueOf(task.workerId ? workerTaskQueue(task.workerId) : JOB_TASK_QUEUE).add(
      'task',
      { taskId: String(task.id) },
      {
        jobId: `task-${task.id}${suffix}`,
        attempts: job.taskRetryNum + 1,
        backoff: { type: 'fixed', delay: JOB_RETRY_BACKOFF_MS },
        removeOnComplete: 1000,
        removeOnFail: 1000,
      },
    )
  }

  /** Writes the sub-task rows of a run (once: a coordinator's retry finds them) and queues the open ones. */
  const dispatch = async (
    job: TJobRow,
    instanceId: bigint,
    attempt: number,
    split: () => Promise<{ taskKey: string; payload: string | null; workerId: string | null }[]>,
    jobLog: TJobLog,
  ) => {
    let rows = await prisma.jobTask.findMany({ where: { instanceId }, orderBy: { taskKey: 'asc' } })
    const fresh = rows.length === 0
    if (fresh) {
      const specs = await split()
      if (specs.length > TASKS_MAX) {
        throw new UnrecoverableError(`子任务过多: ${specs.length} > ${TASKS_MAX}`)
      }
      await prisma.jobTask.createMany({
        data: specs.map((s) => ({
          id: nextId(),
          instanceId,
          jobInfoId: job.id,
          taskKey: s.taskKey,
          workerId: s.workerId,
          payload: s.payload,
        })),
        skipDuplicates: true,
      })
      rows = await prisma.jobTask.findMany({ where: { instanceId }, orderBy: { taskKey: 'asc' } })
      jobLog(2, `已分发 ${rows.length} 个子任务`)
    } else if (attempt > 1) {
      // The run is retried: its failed sub-tasks run again (those that succeeded are kept).
      await prisma.jobTask.updateMany({
        where: { instanceId, status: { in: [JobInstanceStatus.FAILED, JobInstanceStatus.STOPPED] } },
        data: { status: JobInstanceStatus.WAITING, updateTime: new Date() },
      })
      rows = await prisma.jobTask.findMany({ where: { instanceId }, orderBy: { taskKey: 'asc' } })
      jobLog(
        2,
        `第 ${attempt} 次尝试: 重新执行 ${rows.filter((r) => !FINAL.includes(r.status)).length} 个子任务`,
      )
    }
    for (const row of rows) {
      if (!FINAL.includes(row.status)) {
        // Broadcast: the worker named by the task key. MapReduce: the worker drawn at dispatch
        // (random), else, and on any later attempt, the shared queue.
        const target = job.executeType === ExecuteType.BROADCAST ? row.taskKey : fresh ? row.workerId : null
        await enqueue(job, { id: row.id, workerId: target }, attempt > 1 ? `-a${attempt}` : '')
      }
    }
  }

  /**
   * Waits until every sub-task of the run has ended. Tasks pinned to a worker (broadcast, random
   * dispatch) fail when that worker leaves the live set; the shared queue's come back to another
   * worker through BullMQ's stalled-job check.
   */
  const awaitTasks = async (instanceId: bigint, pinned: boolean, signal: AbortSignal) => {
    let lastLiveCheck = 0
    for (;;) {
      const rows = await prisma.jobTask.findMany({ where: { instanceId }, orderBy: { taskKey: 'asc' } })
      const open = rows.filter((r) => !FINAL.includes(r.status))
      if (open.length === 0) {
        return rows
      }
      signal.throwIfAborted()
      if (pinned && Date.now() - lastLiveCheck > liveWindowMs / 3) {
        lastLiveCheck = Date.now()
        const live = new Set(await liveWorkers())
        const lost = open.filter((r) => r.workerId && !live.has(r.workerId))
        if (lost.length) {
          await prisma.jobTask.updateMany({
            where: { id: { in: lost.map((r) => r.id) }, status: { in: ['waiting', 'running'] } },
            data: {
              status: JobInstanceStatus.FAILED,
              result: '执行节点已离线',
              endTime: new Date(),
              updateTime: new Date(),
            },
          })
        }
      }
      await sleep(POLL_MS, signal)
    }
  }

  return {
    liveWorkers,
    /** Records this process as live (every third of the leader TTL, on its own timer). */
    async heartbeat() {
      const now = Date.now()
      await redis
        .multi()
        .zadd(liveKey, now, workerId)
        .zremrangebyscore(liveKey, '-inf', now - 10 * env.JOB_LEADER_TTL_MS)
        .exec()
    },
    /** The last heartbeat of any other worker (0: none known): runs were consumed until then. */
    async lastSeenOthers(): Promise<number> {
      const top = await redis.zrevrangebyscore(liveKey, '+inf', '-inf', 'WITHSCORES', 'LIMIT', 0, 2)
      for (let i = 0; i + 1 < top.length; i += 2) {
        if (top[i] !== workerId) {
          return Number(top[i + 1])
        }
      }
      return 0
    },
    async leave() {
      await redis.zrem(liveKey, workerId)
    },

    /**
     * Coordinates a broadcast or MapReduce run claimed by this process and answers its result.
     * Stop and the time limit abort `signal`: the open sub-tasks are marked stopped and every worker
     * is told to abort its own.
     */
    async coordinate(args: {
      job: TJobRow
      instanceId: bigint
      attempt: number
      params: unknown
      signal: AbortSignal
      log: TJobLog
    }): Promise<unknown> {
      const { job, instanceId, attempt, params, signal, log: jobLog } = args
      const ctx = { prisma, redis, env, params, signal, log: jobLog }
      try {
        if (job.executeType === ExecuteType.BROADCAST) {
          await dispatch(
            job,
            instanceId,
            attempt,
            async () => {
              const live = await liveWorkers()
              jobLog(2, `广播到 ${live.length} 个在线执行节点: ${live.join(', ')}`)
              return live.map((w) => ({ taskKey: w, payload: null, workerId: w }))
            },
            jobLog,
          )
          const rows = await awaitTasks(instanceId, true, signal)
          const failed = rows.filter((r) => r.status !== JobInstanceStatus.SUCCEEDED)
          for (const r of failed) {
            jobLog(
              4,
              `执行节点 ${r.taskKey}: ${JOB_INSTANCE_STATUS_LABELS[r.status as TJobInstanceStatus] ?? r.status} ${r.result ?? ''}`,
            )
          }
          if (failed.length) {
            throw new Error(`广播执行: ${failed.length}/${rows.length} 个节点失败`)
          }
          return { workers: rows.length, succeeded: rows.length }
        }
        if (job.executeType !== ExecuteType.MAP_REDUCE || !isMapReduceProcessor(job.processorInfo)) {
          throw new UnrecoverableError('MapReduce 执行需要 MapReduce 内建处理器')
        }
        const mr = MAP_REDUCE[job.processorInfo]
        await dispatch(
          job,
          instanceId,
          attempt,
          async () => {
            const items = await mr.map(ctx)
            // Random: each sub-task pinned to a live worker drawn at random. Health first: the shared
            // queue, taken by whichever worker has a free slot first (the least busy).
            const live = job.dispatchStrategy === DispatchStrategy.RANDOM ? await liveWorkers() : []
            return items.map((item, i) => ({
              taskKey: `map-${String(i).padStart(5, '0')}`,
              payload: JSON.stringify(item ?? null),
              workerId: live.length ? (live[Math.floor(Math.random() * live.length)] ?? null) : null,
            }))
          },
          jobLog,
        )
        const rows = await awaitTasks(instanceId, job.dispatchStrategy === DispatchStrategy.RANDOM, signal)
        const outcomes: TTaskOutcome[] = rows.map((r) => ({
          taskKey: r.taskKey,
          status: r.status,
          result: parsed(r.result),
        }))
        return await mr.reduce({ ...ctx, outcomes })
      } catch (err) {
        if (signal.aborted) {
          await prisma.jobTask.updateMany({
            where: { instanceId, status: { in: [JobInstanceStatus.WAITING, JobInstanceStatus.RUNNING] } },
            data: { status: JobInstanceStatus.STOPPED, endTime: new Date(), updateTime: new Date() },
          })
          await redis.publish(`${prefix}:${JOB_STOP_CHANNEL}`, String(instanceId)).catch(() => 0)
        }
        throw err
      }
    },

    /** Runs one sub-task delivered by a task queue. */
    async process(bullJob: Job) {
      const { taskId } = ZJobTaskPayloadSchema.parse(bullJob.data)
      const id = BigInt(taskId)
      const attempt = Math.max(1, bullJob.attemptsStarted)
      const claimed = await prisma.jobTask.updateMany({
        where: {
          id,
          OR: [
            { status: JobInstanceStatus.WAITING },
            { status: JobInstanceStatus.RUNNING, attempt: { lt: attempt } },
          ],
        },
        data: {
          status: JobInstanceStatus.RUNNING,
          attempt,
          workerId,
          startTime: new Date(),
          endTime: null,
          updateTime: new Date(),
        },
      })
      if (claimed.count === 0) {
        return { skipped: 'duplicate' }
      }
      const task = await prisma.jobTask.findUniqueOrThrow({ where: { id } })
      const [instance, job] = await Promise.all([
        prisma.jobInstance.findUnique({ where: { id: task.instanceId } }),
        prisma.jobInfo.findFirst({ where: { id: task.jobInfoId } }),
      ])
      const end = (status: string, result: string | null) =>
        prisma.jobTask.updateMany({
          where: { id, status: JobInstanceStatus.RUNNING, attempt },
          data: { status, result, endTime: new Date(), updateTime: new Date() },
        })
      if (!job || instance?.status !== JobInstanceStatus.RUNNING) {
        await end(JobInstanceStatus.STOPPED, '任务实例已结束')
        return { skipped: 'run-ended' }
      }
      const key = String(task.instanceId)
      const controller = new AbortController()
      const mine = running.get(key) ?? new Set()
      mine.add(controller)
      running.set(key, mine)
      const taskLog: TJobLog = (level, message) => {
        if (level >= job.logLevel) {
          log.info({ jobInfoId: String(job.id), taskId, level }, message)
        }
      }
      try {
        const params = job.jobParams ? JSON.parse(job.jobParams) : null
        const ctx = { prisma, redis, env, params, signal: controller.signal, log: taskLog }
        let run: () => Promise<unknown>
        if (job.executeType === ExecuteType.MAP_REDUCE && isMapReduceProcessor(job.processorInfo)) {
          const mr = MAP_REDUCE[job.processorInfo]
          run = () => mr.task({ ...ctx, task: parsed(task.payload) })
        } else {
          const processor = deps.processorOf(job)
          if (typeof processor === 'string') {
            throw new UnrecoverableError(processor)
          }
          run = () => processor(ctx)
        }
        const aborted = new Promise<never>((_resolve, reject) => {
          controller.signal.addEventListener('abort', () => reject(new Error('stopped')), { once: true })
        })
        const result = await Promise.race([run(), aborted])
        await end(JobInstanceStatus.SUCCEEDED, summary(result))
        return { status: JobInstanceStatus.SUCCEEDED }
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err)
        if (controller.signal.aborted) {
          await end(JobInstanceStatus.STOPPED, '已停止')
          return { status: JobInstanceStatus.STOPPED }
        }
        const retrying = !(err instanceof UnrecoverableError) && attempt < (bullJob.opts.attempts ?? 1)
        if (retrying) {
          await prisma.jobTask.updateMany({
            where: { id, status: JobInstanceStatus.RUNNING, attempt },
            data: { status: JobInstanceStatus.WAITING, result: summary(message), updateTime: new Date() },
          })
        } else {
          await end(JobInstanceStatus.FAILED, summary(message))
        }
        throw err
      } finally {
        mine.delete(controller)
        if (mine.size === 0) {
          running.delete(key)
        }
      }
    },

    /** Aborts this process's sub-tasks of a run; true when there were any. */
    stop(instanceId: string): boolean {
      const mine = running.get(instanceId)
      for (const c of mine ?? []) {
        c.abort('stopped')
      }
      return (mine?.size ?? 0) > 0
    },
    async close() {
      await Promise.all([...queues.values()].map((q) => q.close()))
    },
  }
}
export type TTasks = ReturnType<typeof createTasks>

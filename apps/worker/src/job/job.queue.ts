import { hostname } from 'node:os'
import type { PrismaClient } from '@ysjs/db'
import { createSecretBox } from '@ysjs/server-core'
import {
  JOB_CONTROL_QUEUE,
  JOB_RUN_QUEUE,
  JOB_STOP_CHANNEL,
  ZJobControlPayloadSchema,
} from '@ysjs/shared/job'
import { Queue, Worker } from 'bullmq'
import type { Redis } from 'ioredis'
import type { Logger } from 'pino'
import type { TWorkerEnv } from '../env.ts'
import { createAlerts } from './alerts.ts'
import { cronRepeatStrategy } from './repeat-strategy.ts'
import { createRunner, processorOf } from './runner.ts'
import { createScheduler } from './scheduler.ts'
import { createSweep } from './sweep.ts'
import { createTasks, JOB_TASK_QUEUE, workerTaskQueue } from './tasks.ts'
import { createCalendarCache } from './work-calendar.ts'

/** The schedule the system queue declared before log retention became a job definition. */
const LEGACY_SYSTEM_QUEUE = 'system'
const LEGACY_LOG_RETENTION = 'log-retention'

const RENEW_LOCK = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`
const RELEASE_LOCK = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`

/**
 * Scheduled jobs: every process runs the runs (run queue) and listens for stop requests; one leader,
 * elected by a Redis lock, consumes the control queue (reconcile on every change), reconciles every
 * scheduler when it takes over and records the runs missed while no worker was up.
 */
export const startJobQueues = async (deps: {
  env: TWorkerEnv
  prisma: PrismaClient
  connection: Redis
  log: Logger
}) => {
  const { env, prisma, connection, log } = deps
  const prefix = env.QUEUE_PREFIX
  const workerId = env.WORKER_ID ?? `${hostname()}:${process.pid}`
  const keys = { leader: `${prefix}:job:leader`, alive: `${prefix}:job:alive` }
  // Both sides of a CRON scheduler compute its next fire (the upsert, and the worker that hands out a
  // fire): both use our Quartz reading.
  const settings = { repeatStrategy: cronRepeatStrategy }
  const runs = new Queue(JOB_RUN_QUEUE, { connection, prefix, settings })
  runs.on('error', (err) => log.debug({ err: err.message }, 'job run queue error'))
  const scheduler = createScheduler({ prisma, runs, log, tz: env.TZ_SCHEDULE })
  const tasks = createTasks({
    prisma,
    redis: connection,
    env,
    log,
    workerId,
    processorOf: (job) => processorOf(job, env),
  })
  const runner = createRunner({
    prisma,
    redis: connection,
    env,
    log,
    workerId,
    ensureChain: scheduler.ensureChain,
    recordSkipped: scheduler.recordSkipped,
    enqueueAt: scheduler.enqueueAt,
    tasks: () => tasks,
    alerts: createAlerts({
      prisma,
      redis: connection,
      prefix,
      log,
      smsAllowedHosts: env.SMS_ALLOWED_HOSTS,
      secrets: createSecretBox(env.DATA_KEYS.key, env.DATA_KEYS.previous),
    }),
    calendar: createCalendarCache(prisma),
  })
  // Live before the first run is taken, so a broadcast counts this worker.
  await tasks.heartbeat()

  const subscriber = connection.duplicate()
  subscriber.on('error', () => {})
  const stopChannel = `${prefix}:${JOB_STOP_CHANNEL}`
  subscriber.on('message', (channel, instanceId) => {
    if (channel === stopChannel && runner.stop(instanceId)) {
      log.info({ instanceId }, 'job run stopped on request')
    }
  })
  await subscriber.subscribe(stopChannel)

  const startedAt = Date.now()
  const worker = new Worker(JOB_RUN_QUEUE, (job, token) => runner.process(job, token), {
    connection,
    prefix,
    settings,
    concurrency: env.JOB_WORKER_CONCURRENCY,
    // Every worker uses the same, short stalled interval so a killed worker's run comes back quickly.
    stalledInterval: env.JOB_STALLED_INTERVAL_MS,
    lockDuration: env.JOB_LOCK_DURATION_MS,
  })
  worker.on('error', (err) => log.debug({ err: err.message }, 'job run worker error'))
  worker.on('failed', (job, err) => {
    log.warn({ err: err.message, job: job?.id }, 'job run failed')
    // Failed by BullMQ itself (stalled more than `maxStalledCount`), not by the runner: the processor
    // never ran this delivery, so nothing ended its row.
    if (job?.deferredFailure) {
      runner
        .abandoned(job, err.message)
        .catch((e: unknown) => log.error({ err: e, job: job.id }, 'ending an abandoned job run failed'))
    }
  })
  // Sub-tasks: the shared queue (MapReduce) and this worker's own (broadcast, random dispatch).
  const taskWorkers = [JOB_TASK_QUEUE, workerTaskQueue(workerId)].map((name) => {
    const w = new Worker(name, (job) => tasks.process(job), {
      connection,
      prefix,
      concurrency: env.JOB_WORKER_CONCURRENCY,
      stalledInterval: env.JOB_STALLED_INTERVAL_MS,
      lockDuration: env.JOB_LOCK_DURATION_MS,
    })
    w.on('error', (err) => log.debug({ err: err.message }, 'job task worker error'))
    return w
  })

  // Leadership.
  let control: Worker | null = null
  let leader = false
  let closing = false
  // Runs are missed only while no worker consumed them, and this process has consumed them since it
  // started: the gap it may record ends there. At boot that is now; a process that takes over from
  // a dead leader has been running runs all along, so the window is empty and the runs it is still
  // working through are never written missed. Its start begins the gap measured from the later of
  // the last leader heartbeat and the last heartbeat of any other worker.
  const becomeLeader = async () => {
    log.info({ workerId }, 'job scheduler leader')
    const lastAlive = Math.max(Number(await connection.get(keys.alive)) || 0, await tasks.lastSeenOthers())
    const until = Math.min(Date.now(), startedAt)
    await connection.set(keys.alive, String(Date.now()))
    const legacy = new Queue(LEGACY_SYSTEM_QUEUE, { connection, prefix })
    await legacy.removeJobScheduler(LEGACY_LOG_RETENTION).finally(() => legacy.close())
    await scheduler.reconcile(null)
    if (lastAlive > 0 && until - lastAlive > env.JOB_LEADER_TTL_MS) {
      await scheduler.recordMissed(new Date(lastAlive), new Date(until))
    }
    control = new Worker(
      JOB_CONTROL_QUEUE,
      async (job) => {
        const { ids } = ZJobControlPayloadSchema.parse(job.data)
        return scheduler.reconcile(ids)
      },
      { connection, prefix, concurrency: 1, stalledInterval: env.JOB_STALLED_INTERVAL_MS },
    )
    control.on('error', (err) => log.debug({ err: err.message }, 'job control worker error'))
  }
  const loseLeadership = async () => {
    leader = false
    const c = control
    control = null
    await c?.close()
  }
  const tick = async () => {
    if (leader) {
      const renewed = await connection.eval(
        RENEW_LOCK,
        1,
        keys.leader,
        workerId,
        String(env.JOB_LEADER_TTL_MS),
      )
      if (renewed === 1) {
        await connection.set(keys.alive, String(Date.now()))
        return
      }
      log.warn({ workerId }, 'job scheduler leadership lost')
      await loseLeadership()
    }
    const got = await connection.set(keys.leader, workerId, 'PX', env.JOB_LEADER_TTL_MS, 'NX')
    if (got === 'OK') {
      leader = true
      try {
        await becomeLeader()
      } catch (err) {
        log.error({ err }, 'taking the job scheduler leadership failed; releasing it')
        await loseLeadership()
        await connection.eval(RELEASE_LOCK, 1, keys.leader, workerId)
      }
    }
  }
  const sweeper = createSweep({
    prisma,
    runs,
    log,
    graceMs: env.JOB_SWEEP_INTERVAL_MS,
    liveWorkers: () => tasks.liveWorkers(),
    ensureChain: scheduler.ensureChain,
  })
  let sweeping: Promise<unknown> = Promise.resolve()
  const sweepTimer = setInterval(() => {
    sweeping = sweeping
      .then(() => (leader && !closing ? sweeper.sweep() : undefined))
      .catch((err: unknown) => log.warn({ err }, 'job sweep failed'))
  }, env.JOB_SWEEP_INTERVAL_MS)
  // Liveness on its own timer: a slow leader tick (reconciling) never delays it.
  const beat = setInterval(
    () => void tasks.heartbeat().catch((err: unknown) => log.debug({ err }, 'job worker heartbeat failed')),
    Math.floor(env.JOB_LEADER_TTL_MS / 3),
  )
  let ticking: Promise<void> = tick()
  await ticking
  const timer = setInterval(
    () => {
      ticking = ticking
        .then(() => (closing ? undefined : tick()))
        .catch((err: unknown) => log.warn({ err }, 'job leader tick failed'))
    },
    Math.floor(env.JOB_LEADER_TTL_MS / 3),
  )

  return {
    worker,
    runs,
    scheduler,
    runner,
    tasks,
    sweeper,
    workerId,
    isLeader: () => leader,
    async close() {
      closing = true
      clearInterval(timer)
      clearInterval(beat)
      clearInterval(sweepTimer)
      await ticking.catch(() => {})
      await sweeping
      await loseLeadership()
      await connection.eval(RELEASE_LOCK, 1, keys.leader, workerId).catch(() => {})
      await tasks.leave().catch(() => {})
      await worker.close()
      await Promise.all(taskWorkers.map((w) => w.close()))
      await tasks.close()
      await runs.close()
      await subscriber.quit().catch(() => subscriber.disconnect())
    },
  }
}
export type TJobQueues = Awaited<ReturnType<typeof startJobQueues>>

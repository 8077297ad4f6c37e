import type { PrismaClient } from '@ysjs/db'
import {
  FLOW_COMMAND_QUEUE,
  FLOW_TIMER_QUEUE,
  ZFlowCommandSchema,
  ZFlowTimerPayloadSchema,
} from '@ysjs/shared'
import { Queue, Worker } from 'bullmq'
import type { Redis } from 'ioredis'
import type { Logger } from 'pino'
import type { TWorkerEnv } from '../env.ts'
import { createFlowJobTrigger } from '../job/flow-trigger.ts'
import { createFlowService } from './flow.service.ts'

const RESCHEDULE_BATCH = 1000

/**
 * The BPMN engine's queues: instance commands from the API (start, claim, complete, delete; the
 * API waits for each answer) and timer wake-ups (delayed jobs, one per instance and due time). At
 * boot every instance waiting on a timer gets its wake-up again (same job id: a duplicate is ignored),
 * so timers survive restarts however long they are.
 */
export const startFlowQueues = async (deps: {
  env: TWorkerEnv
  prisma: PrismaClient
  connection: Redis
  log: Logger
}) => {
  const { env, prisma, connection, log } = deps
  const prefix = env.QUEUE_PREFIX
  const timers = new Queue(FLOW_TIMER_QUEUE, { connection, prefix })
  timers.on('error', (err) => log.debug({ err: err.message }, 'flow timer queue error'))
  const wakeJob = (instanceId: bigint, due: Date) => ({
    name: 'wake',
    data: { instanceId: String(instanceId) },
    opts: {
      jobId: `timer-${instanceId}-${due.getTime()}`,
      delay: Math.max(0, due.getTime() - Date.now()),
      attempts: 5,
      backoff: { type: 'exponential' as const, delay: 1000 },
      removeOnComplete: true,
      removeOnFail: 1000,
    },
  })
  const scheduleTimer = async (instanceId: bigint, due: Date) => {
    const job = wakeJob(instanceId, due)
    await timers.add(job.name, job.data, job.opts)
  }
  const jobTrigger = createFlowJobTrigger({ connection, prefix, log })
  const service = createFlowService({ prisma, log, scheduleTimer, onStep: jobTrigger.onStep })

  const commands = new Worker(
    FLOW_COMMAND_QUEUE,
    async (job) => service.run(ZFlowCommandSchema.parse(job.data)),
    {
      connection,
      prefix,
      concurrency: env.FLOW_WORKER_CONCURRENCY,
      stalledInterval: env.JOB_STALLED_INTERVAL_MS,
      lockDuration: env.JOB_LOCK_DURATION_MS,
    },
  )
  commands.on('error', (err) => log.debug({ err: err.message }, 'flow command worker error'))
  const wakes = new Worker(
    FLOW_TIMER_QUEUE,
    async (job) => service.wake(BigInt(ZFlowTimerPayloadSchema.parse(job.data).instanceId)),
    {
      connection,
      prefix,
      concurrency: env.FLOW_WORKER_CONCURRENCY,
      stalledInterval: env.JOB_STALLED_INTERVAL_MS,
      lockDuration: env.JOB_LOCK_DURATION_MS,
    },
  )
  wakes.on('error', (err) => log.debug({ err: err.message }, 'flow timer worker error'))
  wakes.on('failed', (job, err) => log.warn({ err: err.message, job: job?.id }, 'flow timer failed'))

  const reschedule = async () => {
    const began = Date.now()
    let after = 0n
    let count = 0
    for (;;) {
      const rows = await service.pendingTimers(after, RESCHEDULE_BATCH)
      // One round trip per batch: one by one, 10,000 wake-ups took minutes on a busy machine.
      if (rows.length) {
        await timers.addBulk(rows.map((row) => wakeJob(row.id, row.timerDue as Date)))
      }
      count += rows.length
      if (rows.length < RESCHEDULE_BATCH) {
        break
      }
      after = rows[rows.length - 1]!.id
    }
    log.info({ count, ms: Date.now() - began }, 'flow timers rescheduled')
  }
  await reschedule().catch((err: unknown) => log.warn({ err }, 'rescheduling flow timers failed'))

  return {
    service,
    worker: commands,
    async close() {
      await commands.close()
      await wakes.close()
      await timers.close()
      await jobTrigger.close()
    },
  }
}
export type TFlowQueues = Awaited<ReturnType<typeof startFlowQueues>>

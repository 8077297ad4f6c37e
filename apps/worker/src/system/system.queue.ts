import type { PrismaClient } from '@ysjs/db'
import { type ConnectionOptions, Queue, Worker } from 'bullmq'
import type { Logger } from 'pino'
import type { TWorkerEnv } from '../env.ts'
import { LOG_RETENTION_JOB, runLogRetention } from './log-retention.ts'

export const SYSTEM_QUEUE = 'system'
/** Every worker uses the same, short stalled interval so a killed worker's job comes back quickly. */
export const STALLED_INTERVAL_MS = 15_000

/** The platform's housekeeping queue: its schedules are (re)declared at boot, idempotently. */
export const startSystemQueue = async (deps: {
  env: TWorkerEnv
  prisma: PrismaClient
  connection: ConnectionOptions
  log: Logger
}) => {
  const { env, prisma, connection, log } = deps
  const queue = new Queue(SYSTEM_QUEUE, { connection, prefix: env.QUEUE_PREFIX })
  // Connection trouble is logged by the connection itself (worker's redis.ts); without a listener
  // an 'error' event would throw.
  queue.on('error', (err) => log.debug({ err: err.message }, 'system queue error'))
  try {
    await queue.upsertJobScheduler(
      LOG_RETENTION_JOB,
      { pattern: '0 30 3 * * *', tz: env.TZ_SCHEDULE },
      { name: LOG_RETENTION_JOB, data: {}, opts: { removeOnComplete: 50, removeOnFail: 100 } },
    )
  } catch (err) {
    await queue.close()
    throw err
  }
  const worker = new Worker(
    SYSTEM_QUEUE,
    async (job) => {
      switch (job.name) {
        case LOG_RETENTION_JOB: {
          const result = await runLogRetention(prisma, env.LOG_RETENTION_DAYS)
          log.info(result, 'log retention done')
          return result
        }
        default:
          throw new Error(`unknown job ${job.name} on queue ${SYSTEM_QUEUE}`)
      }
    },
    { connection, prefix: env.QUEUE_PREFIX, concurrency: 1, stalledInterval: STALLED_INTERVAL_MS },
  )
  worker.on('failed', (job, err) => log.error({ err, job: job?.name }, 'job failed'))
  worker.on('error', (err) => log.debug({ err: err.message }, 'system worker error'))
  return {
    queue,
    worker,
    async close() {
      await worker.close()
      await queue.close()
    },
  }
}

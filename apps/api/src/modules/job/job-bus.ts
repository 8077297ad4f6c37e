import {
  JOB_CONTROL_QUEUE,
  JOB_RETRY_BACKOFF_MS,
  JOB_RUN_QUEUE,
  JOB_STOP_CHANNEL,
  type TJobControlPayload,
  type TJobRunPayload,
  ZJobControlPayloadSchema,
  ZJobRunPayloadSchema,
} from '@ysjs/shared/job'
import { Queue } from 'bullmq'
import type { Redis } from 'ioredis'
import { producerConnection } from '../../lib/redis.ts'

/**
 * The API's side of the job transport: it never schedules anything itself. It tells the worker to
 * reconcile (control queue), enqueues a run (run queue, job id = run key) and publishes stop requests.
 * PostgreSQL was written first; a message lost here is repaired by the next reconcile or `sync`.
 */
export const createJobBus = (opts: {
  redisUrl: string
  prefix: string
  connectTimeoutMs: number
  commandTimeoutMs: number
}) => {
  let connection: Redis | null = null
  let control: Queue | null = null
  let runs: Queue | null = null
  const open = () => {
    if (!connection) {
      // Opened on first use, so commands wait for that first connection.
      connection = producerConnection(opts)
      control = new Queue(JOB_CONTROL_QUEUE, { connection, prefix: opts.prefix })
      runs = new Queue(JOB_RUN_QUEUE, { connection, prefix: opts.prefix })
      control.on('error', () => {})
      runs.on('error', () => {})
    }
    return { connection, control: control as Queue, runs: runs as Queue }
  }
  return {
    /** Asks the leader to reconcile these jobs' schedulers with the database (null: every job). */
    async reconcile(ids: string[] | null) {
      const data: TJobControlPayload = ZJobControlPayloadSchema.parse({ ids })
      await open().control.add('reconcile', data, { removeOnComplete: 100, removeOnFail: 100 })
    },
    /** Enqueues one run now; `key` is its BullMQ job id (a duplicate add is ignored by BullMQ). */
    async run(payload: TJobRunPayload, key: string, retries: number) {
      await open().runs.add('run', ZJobRunPayloadSchema.parse(payload), {
        jobId: key,
        attempts: retries + 1,
        backoff: { type: 'fixed', delay: JOB_RETRY_BACKOFF_MS },
        removeOnComplete: 1000,
        removeOnFail: 1000,
      })
    },
    /** Tells the worker running this instance to abort it. */
    async stop(instanceId: string) {
      await open().connection.publish(`${opts.prefix}:${JOB_STOP_CHANNEL}`, instanceId)
    },
    async close() {
      await control?.close()
      await runs?.close()
      connection?.disconnect()
    },
  }
}
export type TJobBus = ReturnType<typeof createJobBus>

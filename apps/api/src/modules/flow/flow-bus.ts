import {
  FLOW_COMMAND_QUEUE,
  FLOW_COMMAND_TIMEOUT_MS,
  FlowMsg,
  type TFlowCommand,
  type TFlowResult,
  ZFlowCommandSchema,
  ZFlowResultSchema,
} from '@ysjs/shared'
import { Job, Queue, QueueEvents } from 'bullmq'
import type { Redis } from 'ioredis'
import { AppError } from '../../lib/errors.ts'
import { producerConnection } from '../../lib/redis.ts'

/** No answer in time: the command may still run. Carries its job so the caller can withdraw it. */
export class FlowCommandPending extends AppError {
  constructor(readonly job: Job) {
    super(503, FlowMsg.BUSY)
  }
}

/** A command's fate once the API stopped waiting: not run (withdrawn), still running, or its answer. */
export type TFlowFate = { kind: 'withdrawn' } | { kind: 'running' } | { kind: 'done'; result: TFlowResult }

/** How long a command the API stopped waiting for is followed before it is left to run unobserved. */
const SETTLE_MS = 10 * 60_000

/**
 * The API's side of the flow engine: every command on an instance goes to the worker through BullMQ
 * and the request waits for its answer (decision 015). A refusal answers 400 with its message; no
 * answer in time answers 503 (the command may still run: the client sees the outcome in its lists).
 */
export const createFlowBus = (opts: {
  redisUrl: string
  prefix: string
  connectTimeoutMs: number
  commandTimeoutMs: number
  answerTimeoutMs?: number
}) => {
  let connection: Redis | null = null
  let queue: Queue | null = null
  let events: QueueEvents | null = null
  let ready: Promise<unknown> | null = null
  const open = () => {
    if (!connection) {
      connection = producerConnection(opts)
      queue = new Queue(FLOW_COMMAND_QUEUE, { connection, prefix: opts.prefix })
      queue.on('error', () => {})
      // QueueEvents blocks on its own connection.
      events = new QueueEvents(FLOW_COMMAND_QUEUE, {
        connection: { url: opts.redisUrl, connectTimeout: opts.connectTimeoutMs },
        prefix: opts.prefix,
      })
      events.on('error', () => {})
      ready = events.waitUntilReady()
    }
    return { queue: queue as Queue, events: events as QueueEvents, ready: ready as Promise<unknown> }
  }
  return {
    async send(command: TFlowCommand): Promise<Extract<TFlowResult, { ok: true }>> {
      const { queue, events, ready } = open()
      await ready
      const job = await queue.add(command.kind, ZFlowCommandSchema.parse(command), {
        attempts: 3,
        backoff: { type: 'fixed', delay: 200 },
        removeOnComplete: 1000,
        removeOnFail: 1000,
      })
      let answer: unknown
      try {
        answer = await job.waitUntilFinished(events, opts.answerTimeoutMs ?? FLOW_COMMAND_TIMEOUT_MS)
      } catch {
        throw new FlowCommandPending(job)
      }
      const result = ZFlowResultSchema.parse(answer)
      if (!result.ok) {
        throw AppError.badRequest(result.msg)
      }
      return result
    },
    /**
     * Takes a command back if no worker has picked it up yet; otherwise tells what became of it. A
     * job that failed for good never changed anything (each attempt is one transaction).
     */
    async withdraw(job: Job): Promise<TFlowFate> {
      const state = await job.getState()
      if (state === 'completed') {
        const fresh = await Job.fromId(open().queue, job.id ?? '')
        const parsed = ZFlowResultSchema.safeParse(fresh?.returnvalue)
        return parsed.success ? { kind: 'done', result: parsed.data } : { kind: 'running' }
      }
      if (state === 'failed') {
        // Every attempt failed outside the process (a refusal is an answer, not a failure): said so.
        return {
          kind: 'done',
          result: { ok: false, msg: `${FlowMsg.START_FAILED}: ${FlowMsg.ENGINE_RETRIED}` },
        }
      }
      if (state === 'active' || state === 'unknown') {
        return { kind: 'running' }
      }
      try {
        await job.remove()
        return { kind: 'withdrawn' }
      } catch {
        // Taken by a worker between the two calls.
        return { kind: 'running' }
      }
    },
    /** Waits (in the background) for a running command's answer; null when it did not come. */
    async settle(job: Job): Promise<TFlowResult | null> {
      const { events } = open()
      try {
        return ZFlowResultSchema.parse(await job.waitUntilFinished(events, SETTLE_MS))
      } catch {
        const fate = await this.withdraw(job).catch(() => null)
        return fate?.kind === 'done' ? fate.result : null
      }
    },
    async close() {
      await events?.close()
      await queue?.close()
      connection?.disconnect()
    },
  }
}
export type TFlowBus = ReturnType<typeof createFlowBus>

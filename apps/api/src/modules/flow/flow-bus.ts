import {
  FLOW_COMMAND_QUEUE,
  FLOW_COMMAND_TIMEOUT_MS,
  FlowMsg,
  type TFlowCommand,
  type TFlowResult,
  ZFlowCommandSchema,
  ZFlowResultSchema,
} from '@ysjs/shared'
import { Queue, QueueEvents } from 'bullmq'
import { Redis } from 'ioredis'
import { AppError } from '../../lib/errors.ts'

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
      connection = new Redis(opts.redisUrl, {
        maxRetriesPerRequest: 1,
        connectTimeout: opts.connectTimeoutMs,
        commandTimeout: opts.commandTimeoutMs,
      })
      connection.on('error', () => {})
      queue = new Queue(FLOW_COMMAND_QUEUE, { connection, prefix: opts.prefix })
      queue.on('error', () => {})
      // QueueEvents blocks on its own connection.
      events = new QueueEvents(FLOW_COMMAND_QUEUE, {
        connection: { url: opts.redisUrl, connectTimeout: opts.connectTimeoutMs } as never,
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
        throw new AppError(503, FlowMsg.BUSY)
      }
      const result = ZFlowResultSchema.parse(answer)
      if (!result.ok) {
        throw AppError.badRequest(result.msg)
      }
      return result
    },
    async close() {
      await events?.close()
      await queue?.close()
      connection?.disconnect()
    },
  }
}
export type TFlowBus = ReturnType<typeof createFlowBus>

import type { PrismaClient } from '@ysjs/db'
import type { TBuiltInProcessor, TMapReduceProcessor } from '@ysjs/shared/job'
import type { Redis } from 'ioredis'
import { z } from 'zod'
import type { TWorkerEnv } from '../env.ts'
import { purgeOldLogs, retentionDays } from '../system/log-retention.ts'
import { httpCall } from './http-call.ts'

export type TJobLog = (level: 1 | 2 | 3 | 4, message: string) => void

/** What a processor gets: the job's parsed `jobParams`, an abort signal (stop, time limit) and a log. */
export type TProcessorCtx = {
  prisma: PrismaClient
  redis: Redis
  env: TWorkerEnv
  params: unknown
  signal: AbortSignal
  log: TJobLog
}
export type TProcessor = (ctx: TProcessorCtx) => Promise<unknown>

const ZPruneLogsParams = z.object({ days: z.coerce.number().int().min(1).max(3650).optional() }).nullish()
const ZHttpCallParams = z.object({
  url: z.string(),
  method: z
    .string()
    .regex(/^(GET|POST|PUT|PATCH|DELETE)$/i)
    .default('POST'),
  body: z.unknown().optional(),
})

/** Scans keys matching `pattern` (the connection has no key prefix) in batches. */
const scanKeys = async (
  redis: Redis,
  pattern: string,
  signal: AbortSignal,
  each: (keys: string[]) => Promise<void>,
) => {
  let cursor = '0'
  do {
    signal.throwIfAborted()
    const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500)
    cursor = next
    if (keys.length) {
      await each(keys)
    }
  } while (cursor !== '0')
}

/** The built-in processors, selected by `processorInfo`; each is idempotent. */
export const BUILT_IN: Record<Exclude<TBuiltInProcessor, TMapReduceProcessor>, TProcessor> = {
  'prune-logs': async ({ prisma, env, params, log }) => {
    // The job's own `days`, else the system parameter log.retentionDays, else the environment's.
    const days = ZPruneLogsParams.parse(params)?.days ?? (await retentionDays(prisma, env.LOG_RETENTION_DAYS))
    const result = await purgeOldLogs(prisma, days)
    log(
      2,
      `removed ${result.api} api, ${result.error} error, ${result.usual} usual log rows before ${result.before.toISOString()}`,
    )
    return result
  },
  'prune-auth': async ({ redis, env, signal, log }) => {
    const now = Date.now()
    let tokens = 0
    let captchas = 0
    // Expired token ids linger in each user's index until that user's next login: prune them.
    await scanKeys(redis, `${env.REDIS_PREFIX}auth:user-tokens:*`, signal, async (keys) => {
      const tx = redis.multi()
      for (const key of keys) {
        tx.zremrangebyscore(key, '-inf', now)
      }
      for (const [, n] of (await tx.exec()) ?? []) {
        tokens += Number(n ?? 0)
      }
    })
    // Captchas are written with a TTL; one without (written by hand or an old version) never expires.
    await scanKeys(redis, `${env.REDIS_PREFIX}auth:captcha:*`, signal, async (keys) => {
      for (const key of keys) {
        if ((await redis.ttl(key)) === -1) {
          captchas += await redis.del(key)
        }
      }
    })
    log(2, `pruned ${tokens} expired token ids and ${captchas} captchas without expiry`)
    return { tokens, captchas }
  },
  'publish-notices': async ({ prisma, log }) => {
    const now = new Date()
    const published = await prisma.notice.updateMany({
      where: { status: 0, isDeleted: 0, releaseTime: { lte: now } },
      data: { status: 1, updateTime: now },
    })
    log(2, `published ${published.count} notices`)
    return { published: published.count }
  },
  'http-call': async ({ env, params, signal, log }) => {
    const p = ZHttpCallParams.parse(params)
    const body = p.body === undefined ? null : typeof p.body === 'string' ? p.body : JSON.stringify(p.body)
    log(2, `${p.method.toUpperCase()} ${p.url}`)
    return httpCall({ method: p.method, url: p.url, body }, env.JOB_HTTP_ALLOWED_HOSTS, signal)
  },
}

/** A sub-task's outcome as the reduce step sees it. */
export type TTaskOutcome = { taskKey: string; status: string; result: unknown }

/**
 * A MapReduce processor (execute type 3): `map` splits the run into sub-task payloads (run on any
 * live worker, each retried `taskRetryNum` times), `task` runs one, `reduce` turns every outcome
 * into the run's result (throwing fails the run).
 */
export type TMapReduce = {
  map: (ctx: TProcessorCtx) => Promise<unknown[]>
  task: (ctx: TProcessorCtx & { task: unknown }) => Promise<unknown>
  reduce: (ctx: TProcessorCtx & { outcomes: TTaskOutcome[] }) => Promise<unknown>
}

const ZHttpMapParams = z.object({
  urls: z.array(z.string()).min(1).max(1000),
  method: z
    .string()
    .regex(/^(GET|POST|PUT|PATCH|DELETE)$/i)
    .default('GET'),
  body: z.unknown().optional(),
})

export const MAP_REDUCE: Record<TMapReduceProcessor, TMapReduce> = {
  'http-map': {
    map: async ({ params, log }) => {
      const p = ZHttpMapParams.parse(params)
      log(2, `split into ${p.urls.length} sub-tasks`)
      return p.urls.map((url) => ({ url, method: p.method, body: p.body }))
    },
    task: async ({ env, task, signal }) => {
      const t = ZHttpCallParams.parse(task)
      const body = t.body === undefined ? null : typeof t.body === 'string' ? t.body : JSON.stringify(t.body)
      return httpCall({ method: t.method, url: t.url, body }, env.JOB_HTTP_ALLOWED_HOSTS, signal)
    },
    reduce: async ({ outcomes, log }) => {
      const succeeded = outcomes.filter((o) => o.status === 'succeeded').length
      log(2, `${succeeded}/${outcomes.length} sub-tasks succeeded`)
      if (succeeded < outcomes.length) {
        throw new Error(`${outcomes.length - succeeded}/${outcomes.length} 个子任务失败`)
      }
      return { total: outcomes.length, succeeded }
    },
  },
}

import type { PrismaClient } from '@ysjs/db'
import { formatDateTime } from '@ysjs/shared'
import { parseBuiltInParams, type TBuiltInProcessor, type TMapReduceProcessor } from '@ysjs/shared/job'
import { UnrecoverableError } from 'bullmq'
import type { Redis } from 'ioredis'
import type { TWorkerEnv } from '../env.ts'
import { purgeOldLogs, retentionDays } from '../system/log-retention.ts'
import { pruneUploads } from '../system/prune-uploads.ts'
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

/**
 * A processor's `jobParams`, checked with the schema submit checks them with (a row written before that
 * check, or by hand, can still hold others): wrong parameters fail the run at once, never retried.
 */
const paramsOf = <K extends TBuiltInProcessor>(name: K, params: unknown) => {
  const parsed = parseBuiltInParams(name, params)
  if (!parsed.ok) {
    throw new UnrecoverableError(parsed.message)
  }
  return parsed.value
}
const bodyOf = (body: unknown) =>
  body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body)

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
  'prune-logs': async ({ prisma, env, params, signal, log }) => {
    // The job's own `days`, else the system parameter log.retentionDays, else the environment's.
    const days = paramsOf('prune-logs', params)?.days ?? (await retentionDays(prisma, env.LOG_RETENTION_DAYS))
    const result = await purgeOldLogs(prisma, days, new Date(), signal)
    log(
      2,
      `已删除 ${formatDateTime(result.before)} 之前的接口日志 ${result.api} 条、错误日志 ${result.error} 条、通用日志 ${result.usual} 条、已结束的任务运行记录 ${result.jobRuns} 条`,
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
    log(2, `已清理过期令牌 ${tokens} 个、无过期时间的验证码 ${captchas} 个`)
    return { tokens, captchas }
  },
  'publish-notices': async ({ prisma, log }) => {
    const now = new Date()
    const published = await prisma.notice.updateMany({
      where: { status: 0, isDeleted: 0, releaseTime: { lte: now } },
      data: { status: 1, updateTime: now },
    })
    log(2, `已发布通知 ${published.count} 条`)
    return { published: published.count }
  },
  'prune-uploads': async ({ prisma, env, params, signal, log }) =>
    pruneUploads({ prisma, env, params: paramsOf('prune-uploads', params) ?? {}, signal, log }),
  'http-call': async ({ env, params, signal, log }) => {
    const p = paramsOf('http-call', params)
    log(2, `${p.method.toUpperCase()} ${p.url}`)
    return httpCall(
      { method: p.method, url: p.url, body: bodyOf(p.body) },
      env.JOB_HTTP_ALLOWED_HOSTS,
      signal,
    )
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

export const MAP_REDUCE: Record<TMapReduceProcessor, TMapReduce> = {
  'http-map': {
    map: async ({ params, log }) => {
      const p = paramsOf('http-map', params)
      log(2, `拆分为 ${p.urls.length} 个子任务`)
      return p.urls.map((url) => ({ url, method: p.method, body: p.body }))
    },
    task: async ({ env, task, signal }) => {
      const t = paramsOf('http-call', task)
      return httpCall(
        { method: t.method, url: t.url, body: bodyOf(t.body) },
        env.JOB_HTTP_ALLOWED_HOSTS,
        signal,
      )
    },
    reduce: async ({ outcomes, log }) => {
      const succeeded = outcomes.filter((o) => o.status === 'succeeded').length
      log(2, `${succeeded}/${outcomes.length} 个子任务成功`)
      if (succeeded < outcomes.length) {
        throw new Error(`${outcomes.length - succeeded}/${outcomes.length} 个子任务失败`)
      }
      return { total: outcomes.length, succeeded }
    },
  },
}

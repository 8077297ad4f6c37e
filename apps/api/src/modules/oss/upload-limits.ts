import type { PrismaClient } from '@ysjs/db'
import { formatDate, ResultCode, UploadMsg } from '@ysjs/shared'
import type { Redis } from 'ioredis'
import type { TCtx } from '../../lib/context.ts'
import { AppError } from '../../lib/errors.ts'
import { RedisKeys } from '../../lib/redis-keys.ts'
import type { TParamService } from '../param/param.service.ts'

/** The parameters that bound uploads, with the value used when one is missing or unreadable. */
export const UPLOAD_PARAMS = {
  userPerMinute: { key: 'upload.userPerMinute', fallback: 30 },
  userDailyMb: { key: 'upload.userDailyMb', fallback: 500 },
  tenantQuotaMb: { key: 'upload.tenantQuotaMb', fallback: 10_240 },
} as const

export type TUploadLimits = { perMinute: number; dailyBytes: number; quotaBytes: number }

const MB = 1024 * 1024
// A rate window's key outlives its minute a little so a clock step never revives an old count.
const RATE_KEY_TTL_S = 120
// Daily counters are only read on their own day; two days covers any clock skew between instances.
const DAILY_KEY_TTL_S = 2 * 24 * 3600

/**
 * A limit parameter: a positive number, else the fallback. An administrator's typo (empty, `abc`,
 * `0`, `-1`) must neither lift a limit nor block every upload.
 */
export const limitOf = (value: string | null, fallback: number): number => {
  const n = value === null || value.trim() === '' ? Number.NaN : Number(value)
  return Number.isFinite(n) && n > 0 ? n : fallback
}

export const mbToBytes = (mb: number): number => Math.floor(mb * MB)

/** Whether `size` more bytes fit under `limit` when `used` are taken (a limit is inclusive). */
export const fits = (used: number, size: number, limit: number): boolean => used + size <= limit

/** Whether nothing more can be taken: refused before a byte of the file is read. */
export const isUsedUp = (used: number, limit: number): boolean => used >= limit

/** The limits from the raw parameter values. */
export const limitsOf = (raw: {
  perMinute: string | null
  dailyMb: string | null
  quotaMb: string | null
}): TUploadLimits => ({
  // A count: `0.5` per minute means one, not none.
  perMinute: Math.max(1, Math.floor(limitOf(raw.perMinute, UPLOAD_PARAMS.userPerMinute.fallback))),
  dailyBytes: mbToBytes(limitOf(raw.dailyMb, UPLOAD_PARAMS.userDailyMb.fallback)),
  quotaBytes: mbToBytes(limitOf(raw.quotaMb, UPLOAD_PARAMS.tenantQuotaMb.fallback)),
})

/** The per-minute window an instant falls in. */
export const minuteOf = (now: Date): number => Math.floor(now.getTime() / 60_000)

/** The Asia/Shanghai day an instant falls in, `yyyyMMdd`: daily volumes restart at Shanghai midnight. */
export const dayOf = (now: Date): string => formatDate(now).replaceAll('-', '')

/** Who the per-user counters belong to; guests (user id -1) are told apart by their third-party id. */
export const uploaderOf = (ctx: TCtx): string => {
  const user = ctx.user
  if (!user) {
    return 'anonymous'
  }
  return user.userId > 0n ? String(user.userId) : `guest-${user.oauthId}`
}

type TDeps = { prisma: PrismaClient; redis: Redis; params: TParamService; now?: () => Date }

/** The replies of a MULTI, or its first error: a failed counter must not pass as zero. */
const replies = (results: [Error | null, unknown][] | null): unknown[] =>
  (results ?? []).map(([err, value]) => {
    if (err) {
      throw err
    }
    return value
  })

/**
 * Per-user rate and daily volume (Redis, expiring: they only need to be right for a day) and the
 * per-tenant storage quota (PostgreSQL `blade_storage_usage`, durable; charged by the OSS service in
 * the transaction that records the upload).
 */
export const createUploadLimits = ({ prisma, redis, params, now = () => new Date() }: TDeps) => {
  const read = async (): Promise<TUploadLimits> => {
    const [perMinute, dailyMb, quotaMb] = await Promise.all([
      params.value(UPLOAD_PARAMS.userPerMinute.key),
      params.value(UPLOAD_PARAMS.userDailyMb.key),
      params.value(UPLOAD_PARAMS.tenantQuotaMb.key),
    ])
    return limitsOf({ perMinute, dailyMb, quotaMb })
  }
  const dailyKey = (ctx: TCtx) => RedisKeys.uploadDaily(ctx.tenantId, uploaderOf(ctx), dayOf(now()))

  return {
    /**
     * Counts this attempt and refuses it when it is over the per-minute rate (429), or when today's
     * volume or the tenant's storage is already used up: nothing is read or stored then.
     */
    async admit(ctx: TCtx): Promise<TUploadLimits> {
      const limits = await read()
      const rateKey = RedisKeys.uploadRate(ctx.tenantId, uploaderOf(ctx), minuteOf(now()))
      const [count, , daily] = replies(
        await redis.multi().incr(rateKey).expire(rateKey, RATE_KEY_TTL_S).get(dailyKey(ctx)).exec(),
      )
      if (Number(count) > limits.perMinute) {
        throw new AppError(ResultCode.TOO_MANY_REQUESTS, UploadMsg.TOO_FREQUENT)
      }
      if (isUsedUp(Number(daily ?? 0), limits.dailyBytes)) {
        throw AppError.badRequest(UploadMsg.DAILY_LIMIT)
      }
      const usage = await prisma.storageUsage.findUnique({ where: { tenantId: ctx.tenantId } })
      if (isUsedUp(Number(usage?.usedBytes ?? 0n), limits.quotaBytes)) {
        throw AppError.badRequest(UploadMsg.QUOTA_FULL)
      }
      return limits
    },

    /**
     * Takes `size` bytes of today's volume, or refuses (taking nothing) when they do not fit. Answers
     * how to give them back if the upload fails after all.
     */
    async takeDaily(ctx: TCtx, size: number, limits: TUploadLimits): Promise<() => Promise<void>> {
      const key = dailyKey(ctx)
      // Counting first and giving back on refusal keeps two concurrent uploads from both fitting.
      const [total] = replies(await redis.multi().incrby(key, size).expire(key, DAILY_KEY_TTL_S).exec())
      const giveBack = async () => {
        await redis.decrby(key, size)
      }
      if (!fits(Number(total) - size, size, limits.dailyBytes)) {
        await giveBack()
        throw AppError.badRequest(UploadMsg.DAILY_LIMIT)
      }
      return giveBack
    },
  }
}
export type TUploadLimitService = ReturnType<typeof createUploadLimits>

import type { PrismaClient } from '@ysjs/db'
import { LOG_RETENTION_MAX_DAYS, LOG_RETENTION_MIN_DAYS, LOG_RETENTION_PARAM } from '@ysjs/shared'

export const LOG_RETENTION_JOB = 'log-retention'

/**
 * Days to keep: the system parameter `log.retentionDays` when it holds a whole number in range (an
 * administrator changes it on the parameter screen, read at every run), else the environment's value.
 */
export const retentionDays = async (prisma: PrismaClient, fallback: number): Promise<number> => {
  const row = await prisma.param.findFirst({
    where: { paramKey: LOG_RETENTION_PARAM, isDeleted: 0 },
    orderBy: { id: 'asc' },
    select: { paramValue: true },
  })
  const n = Number(row?.paramValue?.trim())
  return Number.isInteger(n) && n >= LOG_RETENTION_MIN_DAYS && n <= LOG_RETENTION_MAX_DAYS ? n : fallback
}

/** Deletes API-access, error and usual log rows older than `days`. Idempotent. */
export const purgeOldLogs = async (prisma: PrismaClient, days: number, now = new Date()) => {
  const before = new Date(now.getTime() - days * 86_400_000)
  const where = { createTime: { lt: before } }
  const [api, error, usual] = await prisma.$transaction([
    prisma.logApi.deleteMany({ where }),
    prisma.logError.deleteMany({ where }),
    prisma.logUsual.deleteMany({ where }),
  ])
  return { days, before, api: api.count, error: error.count, usual: usual.count }
}

/** One run of the job: the parameter's window, else the environment's. */
export const runLogRetention = async (prisma: PrismaClient, fallbackDays: number, now = new Date()) =>
  purgeOldLogs(prisma, await retentionDays(prisma, fallbackDays), now)

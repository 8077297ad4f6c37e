import type { PrismaClient } from '@ysjs/db'

export const LOG_RETENTION_JOB = 'log-retention'

/** Deletes API-access, error and usual log rows older than `days`. Idempotent. */
export const purgeOldLogs = async (prisma: PrismaClient, days: number, now = new Date()) => {
  const before = new Date(now.getTime() - days * 86_400_000)
  const where = { createTime: { lt: before } }
  const [api, error, usual] = await prisma.$transaction([
    prisma.logApi.deleteMany({ where }),
    prisma.logError.deleteMany({ where }),
    prisma.logUsual.deleteMany({ where }),
  ])
  return { before, api: api.count, error: error.count, usual: usual.count }
}

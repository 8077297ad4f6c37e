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

/** Rows deleted per statement: a few tens of milliseconds each, so writers never wait behind a prune. */
export const PRUNE_BATCH = 5_000

/** Tables pruned by time, and the condition a row must also meet (job runs: only finished ones). */
const PRUNED = {
  api: { table: 'blade_log_api', also: '' },
  error: { table: 'blade_log_error', also: '' },
  usual: { table: 'blade_log_usual', also: '' },
  jobRuns: {
    table: 'blade_job_instance',
    also: `AND status IN ('succeeded', 'failed', 'stopped', 'missed')`,
  },
} as const

/**
 * Deletes rows older than `before` from one table in batches of `PRUNE_BATCH`, oldest first through
 * the `create_time` index, each batch its own short statement (row locks on the deleted rows only,
 * no table lock), until none is left. Answers how many went.
 */
const pruneTable = async (
  prisma: PrismaClient,
  which: (typeof PRUNED)[keyof typeof PRUNED],
  before: Date,
  signal?: AbortSignal,
): Promise<number> => {
  let total = 0
  for (;;) {
    signal?.throwIfAborted()
    const n = await prisma.$executeRawUnsafe(
      `DELETE FROM ${which.table} WHERE id IN (SELECT id FROM ${which.table}
       WHERE create_time < $1 ${which.also} ORDER BY create_time LIMIT ${PRUNE_BATCH})`,
      before,
    )
    total += n
    if (n < PRUNE_BATCH) {
      return total
    }
    // Let queued writers and readers in between batches.
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

/**
 * Deletes API-access, error and usual log rows, and finished job runs, older than `days` (decision
 * 011b): in batches, never one long transaction. Idempotent.
 */
export const purgeOldLogs = async (
  prisma: PrismaClient,
  days: number,
  now = new Date(),
  signal?: AbortSignal,
) => {
  const before = new Date(now.getTime() - days * 86_400_000)
  const api = await pruneTable(prisma, PRUNED.api, before, signal)
  const error = await pruneTable(prisma, PRUNED.error, before, signal)
  const usual = await pruneTable(prisma, PRUNED.usual, before, signal)
  const jobRuns = await pruneTable(prisma, PRUNED.jobRuns, before, signal)
  return { days, before, api, error, usual, jobRuns }
}

/** One run of the job: the parameter's window, else the environment's. */
export const runLogRetention = async (prisma: PrismaClient, fallbackDays: number, now = new Date()) =>
  purgeOldLogs(prisma, await retentionDays(prisma, fallbackDays), now)

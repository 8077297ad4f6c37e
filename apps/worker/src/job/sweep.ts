import type { PrismaClient } from '@ysjs/db'
import { TimeExpressionType } from '@ysjs/shared'
import { JobInstanceStatus, jobRunKey, jobSchedulerId } from '@ysjs/shared/job'
import type { Queue } from 'bullmq'
import type { Logger } from 'pino'

/** At most this many stale-looking rows are examined per sweep (the oldest first). */
const SWEEP_BATCH = 500
/** BullMQ states in which a run will still be delivered (or is being run). */
const FINISHED_STATES = new Set(['completed', 'failed', 'unknown'])

export const STALE_RESULT = {
  LOST: '运行消息已丢失, 未能执行',
  WORKER_GONE: (workerId: string | null) => `执行节点 ${workerId ?? '?'} 已离线, 运行未能恢复`,
} as const

/**
 * The leader's periodic repair (decision 012). PostgreSQL is the record, but a run is only delivered
 * through BullMQ: a row can be left `waiting` (its BullMQ job lost: Redis flushed, or the enqueue failed
 * after the row was written) or `running` (its worker died and BullMQ will not bring it back). Such
 * rows would count against `maxInstanceNum` and hold a fixed-delay chain forever. A row is stale when
 * it has not changed for `graceMs`, no BullMQ job that can still deliver it exists, and — for a
 * running row — its worker is no longer live; it ends failed. Then every enabled fixed-delay job
 * without a pending run has its chain started again.
 */
export const createSweep = (deps: {
  prisma: PrismaClient
  runs: Queue
  log: Logger
  graceMs: number
  liveWorkers: () => Promise<string[]>
  ensureChain: (jobInfoId: bigint) => Promise<boolean>
}) => {
  const { prisma, runs, log } = deps

  /** Whether a BullMQ job that may still run this row exists, under any id a run is enqueued with. */
  const deliverable = async (jobInfoId: bigint, plannedMs: number) => {
    const job = String(jobInfoId)
    for (const id of [
      jobRunKey(job, plannedMs),
      jobRunKey(job, plannedMs, 'catch-up'),
      `repeat:${jobSchedulerId(job)}:${plannedMs}`,
    ]) {
      if (!FINISHED_STATES.has(await runs.getJobState(id))) {
        return true
      }
    }
    return false
  }

  return {
    async sweep(): Promise<{ failed: number; chained: number }> {
      const before = new Date(Date.now() - deps.graceMs)
      const rows = await prisma.jobInstance.findMany({
        where: {
          OR: [
            { status: JobInstanceStatus.RUNNING },
            { status: JobInstanceStatus.WAITING, plannedTime: { lt: before } },
          ],
          AND: [{ OR: [{ updateTime: { lt: before } }, { updateTime: null, createTime: { lt: before } }] }],
        },
        select: { id: true, jobInfoId: true, plannedTime: true, status: true, attempt: true, workerId: true },
        orderBy: { plannedTime: 'asc' },
        take: SWEEP_BATCH,
      })
      let failed = 0
      if (rows.length) {
        const live = new Set(await deps.liveWorkers())
        for (const row of rows) {
          const running = row.status === JobInstanceStatus.RUNNING
          if (running && row.workerId && live.has(row.workerId)) {
            continue
          }
          if (await deliverable(row.jobInfoId, row.plannedTime.getTime())) {
            continue
          }
          // Conditional: a run claimed or ended meanwhile is left as it is.
          const ended = await prisma.jobInstance.updateMany({
            where: { id: row.id, status: row.status, attempt: row.attempt },
            data: {
              status: JobInstanceStatus.FAILED,
              result: running ? STALE_RESULT.WORKER_GONE(row.workerId) : STALE_RESULT.LOST,
              endTime: new Date(),
              updateTime: new Date(),
            },
          })
          failed += ended.count
        }
      }
      let chained = 0
      const delayed = await prisma.jobInfo.findMany({
        where: { isDeleted: 0, enable: 1, timeExpressionType: TimeExpressionType.FIXED_DELAY },
        select: { id: true },
      })
      for (const job of delayed) {
        if (await deps.ensureChain(job.id)) {
          chained++
        }
      }
      if (failed || chained) {
        log.warn({ failed, chained }, 'job sweep repaired stale runs')
      }
      return { failed, chained }
    },
  }
}
export type TSweep = ReturnType<typeof createSweep>

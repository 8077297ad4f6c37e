import { type JobInfo, nextId, type PrismaClient } from '@ysjs/db'
import { JobInstanceStatus, JobTrigger, type TJobRunPayload } from '@ysjs/shared/job'
import { DelayedError, type Job } from 'bullmq'

/** A run that hits its job's concurrency in this process waits this long and tries again. */
const CONCURRENCY_RETRY_MS = 500
/** A flow step's transaction ends within 30 s (its timeout): a workflow run's row comes by then or never. */
const FLOW_COMMIT_WAIT_MS = 60_000

/** Puts a delivery back to wait a moment, counting the wait so the run's attempt number stays true. */
export const waitAgain = async (bullJob: Job, payload: TJobRunPayload, token: string): Promise<never> => {
  await bullJob.updateData({ ...bullJob.data, waits: (payload.waits ?? 0) + 1 })
  await bullJob.moveToDelayed(Date.now() + CONCURRENCY_RETRY_MS, token)
  throw new DelayedError()
}

/** A run's row: its job and its planned time. */
export type TRunKey = { jobInfoId_plannedTime: { jobInfoId: bigint; plannedTime: Date } }

/**
 * Claims the run a delivery carries: its row is created (or found) first, then claimed in a
 * transaction holding the job's advisory lock, so a duplicate delivery finds it taken or finished, and
 * `maxInstanceNum` is counted exactly. Answers the row claimed, or why there is none.
 */
export const claimRun = async (
  prisma: PrismaClient,
  workerId: string,
  d: { bullJob: Job; token: string | undefined; payload: TJobRunPayload; job: JobInfo; key: TRunKey },
) => {
  const { bullJob, token, payload, job, key } = d
  const { jobInfoId, plannedTime } = key.jobInfoId_plannedTime
  if (payload.trigger !== JobTrigger.WORKFLOW) {
    await prisma.jobInstance.createMany({
      data: [
        {
          id: nextId(),
          jobInfoId,
          plannedTime,
          trigger: payload.trigger,
          status: JobInstanceStatus.WAITING,
        },
      ],
      skipDuplicates: true,
    })
  } else if (
    token &&
    Date.now() - bullJob.timestamp < FLOW_COMMIT_WAIT_MS &&
    !(await prisma.jobInstance.findUnique({ where: key, select: { id: true } }))
  ) {
    // A workflow run's row is written by the flow step's transaction, which enqueued this before
    // committing: wait for the commit. A row that never comes was rolled back: nothing runs.
    await waitAgain(bullJob, payload, token)
  }
  // BullMQ counts every start, the ones put back to wait too: those are not attempts of the run.
  const attempt = Math.max(1, bullJob.attemptsStarted - (payload.waits ?? 0))
  const claim = await prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${jobInfoId})`
    const row = await tx.jobInstance.findUnique({ where: key })
    if (!row) {
      return { kind: 'gone' as const }
    }
    // Waiting, or running under an earlier attempt of this same BullMQ job (its worker died).
    const claimable =
      row.status === JobInstanceStatus.WAITING ||
      (row.status === JobInstanceStatus.RUNNING && row.attempt < attempt)
    if (!claimable) {
      return { kind: 'duplicate' as const, row }
    }
    if (job.maxInstanceNum > 0) {
      const others = await tx.jobInstance.count({
        where: { jobInfoId, status: JobInstanceStatus.RUNNING, NOT: { id: row.id } },
      })
      if (others >= job.maxInstanceNum) {
        await tx.jobInstance.update({
          where: { id: row.id },
          data: {
            status: JobInstanceStatus.FAILED,
            attempt,
            result: `超过最大实例数 ${job.maxInstanceNum}`,
            endTime: new Date(),
            updateTime: new Date(),
          },
        })
        return { kind: 'refused' as const, row }
      }
    }
    await tx.jobInstance.update({
      where: { id: row.id },
      data: {
        status: JobInstanceStatus.RUNNING,
        attempt,
        startTime: new Date(),
        endTime: null,
        workerId,
        updateTime: new Date(),
      },
    })
    return { kind: 'claimed' as const, row }
  })
  return { attempt, claim }
}

import { nextId, type PrismaClient } from '@ysjs/db'
import { isAllowedUrl, type TAllowEntry } from '@ysjs/server-core'
import { isMaskedSecret, maskSecret, parseDateTime, TIME_ZONE, type TPageQuery } from '@ysjs/shared'
import {
  JobInfoMsg,
  JobInstanceStatus,
  JobServerMsg,
  JobTrigger,
  jobHostRefused,
  jobRunKey,
  jobUrls,
  lifecycleOf,
  nextFireTimes,
  parseTimeExpression,
  type TJobInstanceStatus,
  ZJobInfoRecordSchema,
  ZJobInfoSubmitSchema,
  ZJobServerRecordSchema,
  ZJobServerSubmitSchema,
} from '@ysjs/shared/job'
import type { TCtx } from '../../lib/context.ts'
import { createCrudService, crudCodes, withAudit } from '../../lib/crud.ts'
import { AppError } from '../../lib/errors.ts'
import { listPage } from '../../lib/list-sql.ts'
import { namesByKey } from '../../lib/names.ts'
import { skipTake, toPage, wantsCount } from '../../lib/paging.ts'
import { lockForRemoval } from '../../lib/row-locks.ts'
import type { TJobBus } from './job-bus.ts'

const LIVE = { isDeleted: 0 }

/**
 * Job servers and job definitions (spec sections 3, 4, 7). The database is the record: every write
 * lands in PostgreSQL first, then the worker is told to reconcile its schedulers with it.
 *
 * Servers, jobs and their runs belong to the deployment (one worker runs every tenant's housekeeping,
 * and run results carry what internal hosts answered): every job route is declared `platform` (the
 * platform's administrator alone, whatever menu codes another tenant's roles hold).
 */
export const createJobService = (
  prisma: PrismaClient,
  bus: TJobBus,
  log: { warn: (o: object, m: string) => void },
  /** `JOB_HTTP_ALLOWED_HOSTS`: the hosts and ports the worker will call. */
  allowedHosts: readonly TAllowEntry[],
) => {
  /** Tells the worker; a Redis that is away does not undo the write: `sync` repairs it later. */
  const notify = (ids: bigint[] | null) => {
    bus.reconcile(ids ? ids.map(String) : null).catch((err: unknown) => {
      log.warn({ err, ids: ids?.map(String) }, 'job reconcile message not sent; run sync when Redis is back')
    })
  }

  const serverCrud = createCrudService(prisma, {
    prefix: '/api/ysjs-job/job-server',
    model: (db) => db.jobServer,
    submit: ZJobServerSubmitSchema,
    record: ZJobServerRecordSchema,
    filters: { jobServerName: 'string', jobAppName: 'string', jobServerUrl: 'string' },
    sortable: ['jobServerName', 'jobAppName', 'createTime'],
    permissions: crudCodes('job_server'),
    unique: [{ fields: ['jobServerName'], message: JobServerMsg.NAME_EXISTS }],
    platformOnly: true,
    // Answered masked; an edit that sends the mask back keeps the stored password.
    toData: ({ jobAppPassword, ...rest }) =>
      isMaskedSecret(jobAppPassword) ? rest : { ...rest, jobAppPassword },
    enrich: async (_ctx, rows) =>
      rows.map((r) => ({ ...r, jobAppPassword: maskSecret(r.jobAppPassword as string | null) ?? '' })),
  })
  const servers: typeof serverCrud = {
    ...serverCrud,
    /** A server whose jobs are still defined is not removed: they would keep firing with no server. */
    async remove(ctx, ids) {
      // Locked before counting: a job defined meanwhile (it locks its server) is counted, or waits and
      // finds its server gone (decision 030).
      return prisma.$transaction(async (tx) => {
        await lockForRemoval(tx, 'blade_job_server', ids)
        const inUse = await tx.jobInfo.count({ where: { jobServerId: { in: ids }, ...LIVE } })
        if (inUse > 0) {
          throw AppError.badRequest(JobServerMsg.IN_USE)
        }
        return serverCrud.remove(ctx, ids, tx)
      })
    },
  }

  const jobCrud = createCrudService(prisma, {
    prefix: '/api/ysjs-job/job-info',
    model: (db) => db.jobInfo,
    submit: ZJobInfoSubmitSchema,
    record: ZJobInfoRecordSchema,
    filters: {
      jobName: 'string',
      jobServerId: 'id?',
      enable: 'int',
      timeExpressionType: 'int',
      processorType: 'int',
      processorInfo: 'string',
    },
    sortable: ['jobName', 'enable', 'timeExpressionType', 'createTime'],
    permissions: crudCodes('job_info'),
    platformOnly: true,
    refersTo: [{ field: 'jobServerId', table: 'blade_job_server', message: JobInfoMsg.SERVER_MISSING }],
    validate: async (_ctx, data) => {
      const server = await prisma.jobServer.findFirst({
        where: { id: data.jobServerId as bigint, ...LIVE },
        select: { id: true },
      })
      if (!server) {
        throw AppError.badRequest(JobInfoMsg.SERVER_MISSING)
      }
      // A host the worker would refuse is refused here, before the job exists (the worker checks again).
      const refused = jobUrls({
        processorType: data.processorType as number,
        processorInfo: data.processorInfo as string,
        jobParams: data.jobParams as string | null | undefined,
      }).find((url) => !isAllowedUrl({ allow: allowedHosts }, url))
      if (refused) {
        throw AppError.badRequest(jobHostRefused(refused.host))
      }
      if (typeof data.notifyUserIds === 'string') {
        const ids = data.notifyUserIds.split(',').map(BigInt)
        const found = await prisma.user.count({ where: { id: { in: ids }, isDeleted: 0 } })
        if (found !== ids.length) {
          throw AppError.badRequest(JobInfoMsg.NOTIFY_USER_MISSING)
        }
      }
    },
    toData: ({ jobServerId, lifecycleStart, lifecycleEnd, lifecycle, ...rest }) => {
      // Fields left out are undefined: Prisma keeps their stored values; null clears them.
      const range = lifecycleOf({ lifecycle, lifecycleStart, lifecycleEnd })
      const dateOf = (v: string | null | undefined) =>
        v === undefined ? undefined : v ? parseDateTime(v) : null
      return {
        ...rest,
        jobServerId: BigInt(jobServerId as string),
        lifecycleStart: dateOf(range.start),
        lifecycleEnd: dateOf(range.end),
      }
    },
    enrich: async (_ctx, rows) => {
      const names = await namesByKey(
        rows.map((r) => r.jobServerId),
        (ids) =>
          prisma.jobServer.findMany({
            where: { id: { in: ids } },
            select: { id: true, jobServerName: true },
          }),
        (s) => [s.id, s.jobServerName],
      )
      return rows.map((r) => ({
        ...r,
        jobServerName: names.get(r.jobServerId as bigint) ?? '',
        // Rows created before `jobId` was set (the seeded jobs) answer their own id too.
        jobId: r.jobId ?? r.id,
        lifecycle:
          r.lifecycleStart || r.lifecycleEnd ? [r.lifecycleStart ?? null, r.lifecycleEnd ?? null] : null,
      }))
    },
    afterChange: (ids) => notify(ids),
  })
  const jobs: typeof jobCrud = {
    ...jobCrud,
    /** `jobId` (spec section 3: the scheduler's id of the job) is the job's own id: we are the scheduler. */
    async create(ctx, input) {
      const row = await jobCrud.create(ctx, input)
      await prisma.jobInfo.update({ where: { id: row.id as bigint }, data: { jobId: row.id as bigint } })
      return { ...row, jobId: row.id }
    },
  }

  const jobOf = async (id: bigint) => {
    const job = await prisma.jobInfo.findFirst({ where: { id, ...LIVE } })
    if (!job) {
      throw AppError.badRequest(JobInfoMsg.JOB_MISSING)
    }
    return job
  }

  const instanceOf = async (id: bigint) => {
    const row = await prisma.jobInstance.findUnique({ where: { id } })
    if (!row) {
      throw AppError.badRequest(JobInfoMsg.INSTANCE_MISSING)
    }
    return row
  }

  const instanceRecord = (row: Awaited<ReturnType<typeof instanceOf>>) => ({
    ...row,
    status: row.status as TJobInstanceStatus,
    duration: row.startTime && row.endTime ? row.endTime.getTime() - row.startTime.getTime() : null,
  })

  return {
    servers,
    jobs,
    /** Reconciles every job of one server. */
    async syncServer(id: bigint): Promise<number> {
      if (!(await prisma.jobServer.findFirst({ where: { id, ...LIVE }, select: { id: true } }))) {
        throw AppError.badRequest(JobInfoMsg.SERVER_MISSING)
      }
      const rows = await prisma.jobInfo.findMany({
        where: { jobServerId: id, ...LIVE },
        select: { id: true },
      })
      await bus.reconcile(rows.map((r) => String(r.id)))
      return rows.length
    },
    /** `enable` 0 pauses (the scheduler is removed), 1 enables (it is (re)created). */
    async change(ctx: TCtx, id: bigint, enable: number) {
      await jobOf(id)
      await prisma.jobInfo.update({
        where: { id },
        data: { enable, ...withAudit(ctx).updated },
      })
      await bus.reconcile([String(id)])
    },
    /** One run now, enabled or not: recorded as waiting, then enqueued under its run key. */
    async run(id: bigint): Promise<string> {
      const job = await jobOf(id)
      const plannedMs = Date.now()
      const instanceId = nextId()
      await prisma.jobInstance.create({
        data: {
          id: instanceId,
          jobInfoId: id,
          trigger: JobTrigger.MANUAL,
          plannedTime: new Date(plannedMs),
          status: JobInstanceStatus.WAITING,
        },
      })
      await bus.run(
        { jobInfoId: String(id), plannedMs, trigger: JobTrigger.MANUAL },
        jobRunKey(String(id), plannedMs),
        job.instanceRetryNum,
      )
      return String(instanceId)
    },
    /** Reconcile one job, or every job. */
    async sync(id: bigint | null) {
      if (id !== null) {
        await jobOf(id)
      }
      await bus.reconcile(id === null ? null : [String(id)])
    },
    /**
     * Preview of a time expression's next fire times (Asia/Shanghai) after `from` (China time, default
     * now): an expression whose fires are all before `from` is refused as at submit.
     */
    nextFireTimes(input: {
      timeExpressionType: number
      timeExpression?: string | undefined
      count?: number | undefined
      lifecycleStart?: string | null | undefined
      lifecycleEnd?: string | null | undefined
      from?: string | undefined
    }): Date[] {
      const from = (input.from ? parseDateTime(input.from) : null) ?? new Date()
      const parsed = parseTimeExpression(input.timeExpressionType, input.timeExpression, TIME_ZONE, from)
      if (!parsed.ok) {
        throw AppError.badRequest(parsed.message)
      }
      return nextFireTimes(parsed.schedule, input.count ?? 10, {
        from,
        start: input.lifecycleStart ? parseDateTime(input.lifecycleStart) : null,
        end: input.lifecycleEnd ? parseDateTime(input.lifecycleEnd) : null,
      })
    },
    async instances(query: TPageQuery & { jobInfoId: string; status?: TJobInstanceStatus | undefined }) {
      const where = { jobInfoId: BigInt(query.jobInfoId), ...(query.status ? { status: query.status } : {}) }
      const count = wantsCount(query)
      const page = await listPage(prisma, 'JobInstance', prisma.jobInstance, {
        tenantId: null,
        where,
        orderBy: [{ plannedTime: 'desc' }, { id: 'desc' }],
        ...skipTake(query),
        count,
      })
      return toPage(page.rows.map(instanceRecord), page.total, query, [], { exact: page.exact, count })
    },
    async instance(id: bigint) {
      return instanceRecord(await instanceOf(id))
    },
    /** The sub-tasks of a broadcast or MapReduce run, in task order (at most 1,000). */
    async tasks(id: bigint) {
      await instanceOf(id)
      const rows = await prisma.jobTask.findMany({
        where: { instanceId: id },
        orderBy: { taskKey: 'asc' },
        take: 1000,
      })
      return rows.map(({ payload: _payload, jobInfoId: _job, createTime: _c, updateTime: _u, ...r }) => ({
        ...r,
        status: r.status as TJobInstanceStatus,
      }))
    },
    /**
     * Stops a run. Waiting: it will not start. Running: marked stopped in the record at once (the
     * worker's own end of the run never overwrites a final status) and the worker aborts the work.
     */
    async stop(id: bigint) {
      await instanceOf(id)
      const stopped = await prisma.jobInstance.updateMany({
        where: { id, status: { in: [JobInstanceStatus.WAITING, JobInstanceStatus.RUNNING] } },
        data: {
          status: JobInstanceStatus.STOPPED,
          endTime: new Date(),
          result: '已手动停止',
          ...withAudit().updated,
        },
      })
      if (stopped.count === 0) {
        throw AppError.badRequest(JobInfoMsg.INSTANCE_NOT_RUNNING)
      }
      // Always told: a run read as waiting may have started in between (a worker not running it ignores it).
      await bus.stop(String(id))
    },
    /** Runs a missed instance once: missed → waiting, enqueued under its own catch-up key. */
    async catchUp(id: bigint) {
      const row = await instanceOf(id)
      const job = await jobOf(row.jobInfoId)
      const claimed = await prisma.jobInstance.updateMany({
        where: { id, status: JobInstanceStatus.MISSED },
        data: { status: JobInstanceStatus.WAITING, trigger: JobTrigger.CATCH_UP, ...withAudit().updated },
      })
      if (claimed.count === 0) {
        throw AppError.badRequest(JobInfoMsg.INSTANCE_NOT_MISSED)
      }
      const plannedMs = row.plannedTime.getTime()
      await bus.run(
        { jobInfoId: String(row.jobInfoId), plannedMs, trigger: JobTrigger.CATCH_UP },
        jobRunKey(String(row.jobInfoId), plannedMs, 'catch-up'),
        job.instanceRetryNum,
      )
    },
  }
}
export type TJobService = ReturnType<typeof createJobService>

import { ZPageQuerySchema, ZWireIdSchema } from '@ysjs/shared'
import {
  ZJobChangeSchema,
  ZJobInstanceIdSchema,
  ZJobInstanceQuerySchema,
  ZJobInstanceRecordSchema,
  ZJobRunSchema,
  ZJobServerSyncSchema,
  ZJobSyncSchema,
  ZJobTaskRecordSchema,
  ZNextFireTimesQuerySchema,
  ZNextFireTimesSchema,
} from '@ysjs/shared/job'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { registerCrudRoutes } from '../../lib/crud.ts'
import { zPage } from '../../lib/envelope.ts'
import { routeKit, ZIdQuery } from '../../lib/route-kit.ts'
import type { TJobService } from './job.service.ts'

const JOB_INFO = '/api/ysjs-job/job-info'
const JOB_SERVER = '/api/ysjs-job/job-server'
const JOB_INSTANCE = '/api/ysjs-job/job-instance'

export const jobRoutes = (app: FastifyInstance, jobs: TJobService) => {
  registerCrudRoutes(app, jobs.servers)
  registerCrudRoutes(app, jobs.jobs)
  // Every call of the scheduler is the platform's (tenant 000000's) own.
  const platform = (permission: string) => ({ permission, platform: true }) as const

  routeKit(app, { tags: ['job-server'], prefix: JOB_SERVER }).read(
    'POST',
    '/sync',
    platform('job_server_sync'),
    {
      summary: '同步任务应用: 按数据库重新调度该应用下的全部任务',
      body: ZJobServerSyncSchema,
      response: z.number(),
    },
    (_ctx, request) => jobs.syncServer(BigInt(request.body.id)),
  )

  const info = routeKit(app, { tags: ['job-info'], prefix: JOB_INFO })
  info.command(
    'POST',
    '/change',
    platform('job_info_change'),
    { summary: '启停任务 (0 暂停并取消调度, 1 启用)', body: ZJobChangeSchema },
    (ctx, request) => jobs.change(ctx, BigInt(request.body.id), request.body.enable),
  )
  info.read(
    'POST',
    '/run',
    platform('job_info_run'),
    { summary: '立即执行一次 (无论是否启用), 答复实例 id', body: ZJobRunSchema, response: ZWireIdSchema },
    (_ctx, request) => jobs.run(BigInt(request.body.id)),
  )
  info.command(
    'POST',
    '/sync',
    platform('job_info_sync'),
    { summary: '按数据库重新调度一个任务 (id) 或全部任务', body: ZJobSyncSchema },
    (_ctx, request) => jobs.sync(request.body.id ? BigInt(request.body.id) : null),
  )
  info.read(
    'GET',
    '/next-fire-times',
    platform('job_info'),
    {
      summary: '预览时间表达式在开始时间 from (默认现在) 之后的触发时间 (Asia/Shanghai, 最多 20 个)',
      querystring: ZNextFireTimesQuerySchema,
      response: ZNextFireTimesSchema,
    },
    async (_ctx, request) => jobs.nextFireTimes(request.query),
  )

  const instance = routeKit(app, { tags: ['job-instance'], prefix: JOB_INSTANCE })
  instance.read(
    'GET',
    '/list',
    platform('job_info'),
    {
      summary: '任务实例 (每次运行) 分页, 计划时间倒序',
      querystring: ZPageQuerySchema.extend(ZJobInstanceQuerySchema.shape),
      response: zPage(ZJobInstanceRecordSchema),
    },
    (_ctx, request) => jobs.instances(request.query),
  )
  instance.read(
    'GET',
    '/detail',
    platform('job_info'),
    { summary: '任务实例详情 (含日志)', querystring: ZIdQuery, response: ZJobInstanceRecordSchema },
    (_ctx, request) => jobs.instance(BigInt(request.query.id)),
  )
  instance.read(
    'GET',
    '/tasks',
    platform('job_info'),
    {
      summary: '广播或 MapReduce 实例的子任务 (每个执行节点或每个分片一个)',
      querystring: ZIdQuery,
      response: z.array(ZJobTaskRecordSchema),
    },
    (_ctx, request) => jobs.tasks(BigInt(request.query.id)),
  )
  instance.command(
    'POST',
    '/stop',
    platform('job_info_change'),
    { summary: '停止等待中或运行中的实例', body: ZJobInstanceIdSchema },
    (_ctx, request) => jobs.stop(BigInt(request.body.id)),
  )
  instance.command(
    'POST',
    '/catch-up',
    platform('job_info_run'),
    { summary: '补跑一个错过的实例 (只运行一次)', body: ZJobInstanceIdSchema },
    (_ctx, request) => jobs.catchUp(BigInt(request.body.id)),
  )
}

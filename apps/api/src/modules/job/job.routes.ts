import { ZIdSchema, ZPageQuerySchema, ZWireIdSchema } from '@ysjs/shared'
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
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ctxOf } from '../../lib/context.ts'
import { registerCrudRoutes } from '../../lib/crud.ts'
import { done, ok, zDone, zEnvelope, zPage } from '../../lib/envelope.ts'
import type { TJobService } from './job.service.ts'

const JOB_INFO = '/api/ysjs-job/job-info'
const JOB_SERVER = '/api/ysjs-job/job-server'
const JOB_INSTANCE = '/api/ysjs-job/job-instance'

export const jobRoutes = (app: FastifyInstance, jobs: TJobService) => {
  registerCrudRoutes(app, jobs.servers)
  registerCrudRoutes(app, jobs.jobs)
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.post(`${JOB_SERVER}/sync`, {
    config: { access: { permission: 'job_server_sync', platform: true } },
    schema: {
      tags: ['job-server'],
      summary: '同步任务应用: 按数据库重新调度该应用下的全部任务',
      body: ZJobServerSyncSchema,
      response: { 200: zEnvelope(z.number()) },
    },
    handler: async (request) => ok(await jobs.syncServer(BigInt(request.body.id))),
  })

  const tags = ['job-info']
  r.post(`${JOB_INFO}/change`, {
    config: { access: { permission: 'job_info_change', platform: true } },
    schema: {
      tags,
      summary: '启停任务 (0 暂停并取消调度, 1 启用)',
      body: ZJobChangeSchema,
      response: { 200: zDone },
    },
    handler: async (request) => {
      await jobs.change(ctxOf(request), BigInt(request.body.id), request.body.enable)
      return done()
    },
  })
  r.post(`${JOB_INFO}/run`, {
    config: { access: { permission: 'job_info_run', platform: true } },
    schema: {
      tags,
      summary: '立即执行一次 (无论是否启用), 答复实例 id',
      body: ZJobRunSchema,
      response: { 200: zEnvelope(ZWireIdSchema) },
    },
    handler: async (request) => ok(await jobs.run(BigInt(request.body.id))),
  })
  r.post(`${JOB_INFO}/sync`, {
    config: { access: { permission: 'job_info_sync', platform: true } },
    schema: {
      tags,
      summary: '按数据库重新调度一个任务 (id) 或全部任务',
      body: ZJobSyncSchema,
      response: { 200: zDone },
    },
    handler: async (request) => {
      await jobs.sync(request.body.id ? BigInt(request.body.id) : null)
      return done()
    },
  })
  r.get(`${JOB_INFO}/next-fire-times`, {
    config: { access: { permission: 'job_info', platform: true } },
    schema: {
      tags,
      summary: '预览时间表达式在开始时间 from (默认现在) 之后的触发时间 (Asia/Shanghai, 最多 20 个)',
      querystring: ZNextFireTimesQuerySchema,
      response: { 200: zEnvelope(ZNextFireTimesSchema) },
    },
    handler: async (request) => ok(jobs.nextFireTimes(request.query)),
  })

  const instanceTags = ['job-instance']
  r.get(`${JOB_INSTANCE}/list`, {
    config: { access: { permission: 'job_info', platform: true } },
    schema: {
      tags: instanceTags,
      summary: '任务实例 (每次运行) 分页, 计划时间倒序',
      querystring: ZPageQuerySchema.extend(ZJobInstanceQuerySchema.shape),
      response: { 200: zEnvelope(zPage(ZJobInstanceRecordSchema)) },
    },
    handler: async (request) => ok(await jobs.instances(request.query)),
  })
  r.get(`${JOB_INSTANCE}/detail`, {
    config: { access: { permission: 'job_info', platform: true } },
    schema: {
      tags: instanceTags,
      summary: '任务实例详情 (含日志)',
      querystring: z.object({ id: ZIdSchema }),
      response: { 200: zEnvelope(ZJobInstanceRecordSchema) },
    },
    handler: async (request) => ok(await jobs.instance(BigInt(request.query.id))),
  })
  r.get(`${JOB_INSTANCE}/tasks`, {
    config: { access: { permission: 'job_info', platform: true } },
    schema: {
      tags: instanceTags,
      summary: '广播或 MapReduce 实例的子任务 (每个执行节点或每个分片一个)',
      querystring: z.object({ id: ZIdSchema }),
      response: { 200: zEnvelope(z.array(ZJobTaskRecordSchema)) },
    },
    handler: async (request) => ok(await jobs.tasks(BigInt(request.query.id))),
  })
  r.post(`${JOB_INSTANCE}/stop`, {
    config: { access: { permission: 'job_info_change', platform: true } },
    schema: {
      tags: instanceTags,
      summary: '停止等待中或运行中的实例',
      body: ZJobInstanceIdSchema,
      response: { 200: zDone },
    },
    handler: async (request) => {
      await jobs.stop(BigInt(request.body.id))
      return done()
    },
  })
  r.post(`${JOB_INSTANCE}/catch-up`, {
    config: { access: { permission: 'job_info_run', platform: true } },
    schema: {
      tags: instanceTags,
      summary: '补跑一个错过的实例 (只运行一次)',
      body: ZJobInstanceIdSchema,
      response: { 200: zDone },
    },
    handler: async (request) => {
      await jobs.catchUp(BigInt(request.body.id))
      return done()
    },
  })
}

import {
  FlowMsg,
  ZBladeFlowSchema,
  ZCompleteTaskSchema,
  ZDeleteInstanceSchema,
  ZFlowHistorySchema,
  ZFlowModeQuerySchema,
  ZFlowProcessSchema,
  ZFlowStartFormSchema,
  ZFlowStartResultSchema,
  ZFlowStartSchema,
  ZLeaveDetailQuerySchema,
  ZLeaveRecordSchema,
  ZLeaveStartSchema,
  ZModelViewQuerySchema,
  ZModelViewSchema,
  ZProcessInstanceQuerySchema,
  ZStartFormQuerySchema,
  ZTaskIdSchema,
  ZWireIdSchema,
  ZWorkListQuerySchema,
} from '@ysjs/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ctxOf } from '../../lib/context.ts'
import { done, ok, zDone, zEnvelope, zPage } from '../../lib/envelope.ts'
import type { TFlowStartService } from './flow-start.service.ts'
import type { TFlowWorkService } from './flow-work.service.ts'
import type { TLeaveService } from './leave.service.ts'

const FLOW = '/api/ysjs-flow'
const LEAVE = '/api/ysjs-desk/process/leave'
/** Whoever sees any of the work lists may read an instance of their tenant (its history, its diagram). */
const WORK_ANY = [
  'work_start',
  'work_claim',
  'work_todo',
  'work_send',
  'work_done',
  'flow_follow',
  'flow_manager',
]

export const flowRoutes = (
  app: FastifyInstance,
  work: TFlowWorkService,
  leave: TLeaveService,
  starter: TFlowStartService,
) => {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['flow-work']
  // No contract call starts an arbitrary process (10.4 starts the leave alone): these two are ours.
  r.get(`${FLOW}/work/start-form`, {
    config: { access: { permission: 'work_start_flow' } },
    schema: {
      tags,
      summary: '流程的发起表单 (BPMN 中开始事件的 formProperty / formField)',
      querystring: ZStartFormQuerySchema,
      response: { 200: zEnvelope(ZFlowStartFormSchema) },
    },
    handler: async (request) =>
      ok(await starter.startForm(ctxOf(request), request.query.processDefinitionId)),
  })
  r.post(`${FLOW}/work/start-process`, {
    config: { access: { permission: 'work_start_flow' } },
    schema: {
      tags,
      summary: '发起任一已部署的流程 (发起表单的变量; 发起人写入 initiator 变量)',
      body: ZFlowStartSchema,
      response: { 200: zEnvelope(ZFlowStartResultSchema) },
    },
    handler: async (request) => ok(await starter.start(ctxOf(request), request.body)),
  })
  const lists = [
    ['claim-list', 'work_claim', '待签事务', work.claimList],
    ['todo-list', 'work_todo', '待办事务', work.todoList],
    ['send-list', 'work_send', '已发事务', work.sendList],
    ['done-list', 'work_done', '办结事务', work.doneList],
  ] as const
  for (const [path, permission, summary, list] of lists) {
    r.get(`${FLOW}/work/${path}`, {
      config: { access: { permission } },
      schema: {
        tags,
        summary,
        querystring: ZWorkListQuerySchema,
        response: { 200: zEnvelope(zPage(ZBladeFlowSchema)) },
      },
      handler: async (request) => ok(await list(ctxOf(request), request.query)),
    })
  }
  r.get(`${FLOW}/work/start-list`, {
    config: { access: { permission: 'work_start' } },
    schema: {
      tags,
      summary: '可发起的流程 (各流程的最新版本, 已激活)',
      querystring: ZFlowModeQuerySchema,
      response: { 200: zEnvelope(zPage(ZFlowProcessSchema)) },
    },
    handler: async (request) => ok(await work.startList(ctxOf(request), request.query)),
  })
  // The platform's user-list (contract 10.4): whom the leave form may name as its approver.
  r.get(`${FLOW}/work/user-list`, {
    config: { access: { permission: 'work_start_flow' } },
    schema: {
      tags,
      summary: '本租户的用户 (请假单的审批用户)',
      response: {
        200: zEnvelope(
          z.array(z.object({ id: ZWireIdSchema, account: z.string(), realName: z.string().nullable() })),
        ),
      },
    },
    handler: async (request) => ok(await work.userList(ctxOf(request))),
  })
  r.post(`${FLOW}/work/claim-task`, {
    config: { access: { permission: 'work_claim_sign' } },
    schema: { tags, summary: '签收事务', body: ZTaskIdSchema, response: { 200: zDone } },
    handler: async (request) => {
      await leave.claim(ctxOf(request), request.body.taskId)
      return done(FlowMsg.CLAIM_OK)
    },
  })
  r.post(`${FLOW}/work/complete-task`, {
    config: { access: { permission: 'work_todo_handle' } },
    schema: {
      tags,
      summary: '办理事务 (flag=ok 同意, 否则驳回; 意见记入历史; 变量 pass)',
      body: ZCompleteTaskSchema,
      response: { 200: zDone },
    },
    handler: async (request) => {
      await leave.complete(ctxOf(request), request.body)
      return done()
    },
  })

  r.get(`${FLOW}/process/history-flow-list`, {
    config: { access: { permission: WORK_ANY } },
    schema: {
      tags: ['flow-process'],
      summary: '流程实例的历史 (开始、结束事件与有办理人的任务)',
      querystring: ZProcessInstanceQuerySchema,
      response: { 200: zEnvelope(z.array(ZFlowHistorySchema)) },
    },
    handler: async (request) =>
      ok(await work.history(ctxOf(request), BigInt(request.query.processInstanceId))),
  })
  r.get(`${FLOW}/process/model-view`, {
    config: { access: { permission: WORK_ANY } },
    schema: {
      tags: ['flow-process'],
      summary: '流程图: BPMN XML 与实例的历史 (sequenceFlow 走过的连线, candidate 当前节点, 其余已完成)',
      querystring: ZModelViewQuerySchema,
      response: { 200: zEnvelope(ZModelViewSchema) },
    },
    handler: async (request) => ok(await work.modelView(ctxOf(request), request.query)),
  })

  r.post(`${FLOW}/follow/delete-process-instance`, {
    config: { access: { permission: 'flow_follow_delete', platform: true } },
    schema: {
      tags: ['flow-follow'],
      summary: '删除流程实例',
      body: ZDeleteInstanceSchema,
      response: { 200: zDone },
    },
    handler: async (request) => {
      await leave.deleteInstance(ctxOf(request), request.body.processInstanceId, request.body.deleteReason)
      return done()
    },
  })

  r.post(`${LEAVE}/start-process`, {
    config: { access: { permission: 'work_start_flow' } },
    schema: {
      tags: ['leave'],
      summary: '请假: 保存请假单并发起请假流程 (有 id 时只修改请假单)',
      body: ZLeaveStartSchema,
      response: { 200: zDone },
    },
    handler: async (request) => {
      await leave.start(ctxOf(request), request.body)
      return done()
    },
  })
  r.get(`${LEAVE}/detail`, {
    config: { access: { permission: WORK_ANY } },
    schema: {
      tags: ['leave'],
      summary: '请假单详情',
      querystring: ZLeaveDetailQuerySchema,
      response: { 200: zEnvelope(ZLeaveRecordSchema) },
    },
    handler: async (request) => ok(await leave.detail(ctxOf(request), BigInt(request.query.businessId))),
  })
}

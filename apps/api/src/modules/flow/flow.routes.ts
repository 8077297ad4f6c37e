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
import { z } from 'zod'
import { ctxOf } from '../../lib/context.ts'
import { done, zDone, zPage } from '../../lib/envelope.ts'
import { routeKit } from '../../lib/route-kit.ts'
import type { TFlowStartService } from './flow-start.service.ts'
import type { TFlowWorkService } from './flow-work.service.ts'
import type { TLeaveService } from './leave.service.ts'

const FLOW = '/api/ysjs-flow'
/** Whoever sees any of the work lists may read an instance of their tenant (its history, its diagram). */
const WORK_ANY = {
  permission: [
    'work_start',
    'work_claim',
    'work_todo',
    'work_send',
    'work_done',
    'flow_follow',
    'flow_manager',
  ],
}

export const flowRoutes = (
  app: FastifyInstance,
  work: TFlowWorkService,
  leave: TLeaveService,
  starter: TFlowStartService,
) => {
  const w = routeKit(app, { tags: ['flow-work'], prefix: `${FLOW}/work` })
  // No contract call starts an arbitrary process (10.4 starts the leave alone): these two are ours.
  w.read(
    'GET',
    '/start-form',
    { permission: 'work_start_flow' },
    {
      summary: '流程的发起表单 (BPMN 中开始事件的 formProperty / formField)',
      querystring: ZStartFormQuerySchema,
      response: ZFlowStartFormSchema,
    },
    (ctx, { query }) => starter.startForm(ctx, query.processDefinitionId),
  )
  w.read(
    'POST',
    '/start-process',
    { permission: 'work_start_flow' },
    {
      summary: '发起任一已部署的流程 (发起表单的变量; 发起人写入 initiator 变量)',
      body: ZFlowStartSchema,
      response: ZFlowStartResultSchema,
    },
    (ctx, { body }) => starter.start(ctx, body),
  )
  const lists = [
    ['claim-list', 'work_claim', '待签事务', work.claimList],
    ['todo-list', 'work_todo', '待办事务', work.todoList],
    ['send-list', 'work_send', '已发事务', work.sendList],
    ['done-list', 'work_done', '办结事务', work.doneList],
  ] as const
  for (const [path, permission, summary, list] of lists) {
    w.read(
      'GET',
      `/${path}`,
      { permission },
      { summary, querystring: ZWorkListQuerySchema, response: zPage(ZBladeFlowSchema) },
      (ctx, { query }) => list(ctx, query),
    )
  }
  w.read(
    'GET',
    '/start-list',
    { permission: 'work_start' },
    {
      summary: '可发起的流程 (各流程的最新版本, 已激活)',
      querystring: ZFlowModeQuerySchema,
      response: zPage(ZFlowProcessSchema),
    },
    (ctx, { query }) => work.startList(ctx, query),
  )
  // The platform's user-list (contract 10.4): whom the leave form may name as its approver.
  w.read(
    'GET',
    '/user-list',
    { permission: 'work_start_flow' },
    {
      summary: '本租户的用户 (请假单的审批用户)',
      response: z.array(
        z.object({ id: ZWireIdSchema, account: z.string(), realName: z.string().nullable() }),
      ),
    },
    (ctx) => work.userList(ctx),
  )
  w.raw(
    'POST',
    '/claim-task',
    { access: { permission: 'work_claim_sign' } },
    { summary: '签收事务', body: ZTaskIdSchema, response: { 200: zDone } },
    async (request) => {
      await leave.claim(ctxOf(request), request.body.taskId)
      return done(FlowMsg.CLAIM_OK)
    },
  )
  w.command(
    'POST',
    '/complete-task',
    { permission: 'work_todo_handle' },
    { summary: '办理事务 (flag=ok 同意, 否则驳回; 意见记入历史; 变量 pass)', body: ZCompleteTaskSchema },
    (ctx, { body }) => leave.complete(ctx, body),
  )

  const p = routeKit(app, { tags: ['flow-process'], prefix: `${FLOW}/process` })
  p.read(
    'GET',
    '/history-flow-list',
    WORK_ANY,
    {
      summary: '流程实例的历史 (开始、结束事件与有办理人的任务)',
      querystring: ZProcessInstanceQuerySchema,
      response: z.array(ZFlowHistorySchema),
    },
    (ctx, { query }) => work.history(ctx, BigInt(query.processInstanceId)),
  )
  p.read(
    'GET',
    '/model-view',
    WORK_ANY,
    {
      summary: '流程图: BPMN XML 与实例的历史 (sequenceFlow 走过的连线, candidate 当前节点, 其余已完成)',
      querystring: ZModelViewQuerySchema,
      response: ZModelViewSchema,
    },
    (ctx, { query }) => work.modelView(ctx, query),
  )

  routeKit(app, { tags: ['flow-follow'], prefix: `${FLOW}/follow` }).command(
    'POST',
    '/delete-process-instance',
    { permission: 'flow_follow_delete', platform: true },
    { summary: '删除流程实例', body: ZDeleteInstanceSchema },
    (ctx, { body }) => leave.deleteInstance(ctx, body.processInstanceId, body.deleteReason),
  )

  const l = routeKit(app, { tags: ['leave'], prefix: '/api/ysjs-desk/process/leave' })
  l.command(
    'POST',
    '/start-process',
    { permission: 'work_start_flow' },
    { summary: '请假: 保存请假单并发起请假流程 (有 id 时只修改请假单)', body: ZLeaveStartSchema },
    (ctx, { body }) => leave.start(ctx, body),
  )
  l.read(
    'GET',
    '/detail',
    WORK_ANY,
    { summary: '请假单详情', querystring: ZLeaveDetailQuerySchema, response: ZLeaveRecordSchema },
    (ctx, { query }) => leave.detail(ctx, BigInt(query.businessId)),
  )
}

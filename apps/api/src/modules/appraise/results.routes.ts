import {
  ZResultsAuditSchema,
  ZResultsEventRecordSchema,
  ZResultsIdQuerySchema,
  ZResultsListQuerySchema,
  ZResultsMessageSchema,
  ZResultsPageQuerySchema,
  ZResultsPeopleRecordSchema,
  ZResultsPrincipalRecordSchema,
  ZResultsRecordSchema,
  ZResultsStageCountsSchema,
  ZResultsStatusSchema,
  ZResultsUnitRecordSchema,
  ZResultsVORecordSchema,
  ZResultsVOSubmitSchema,
} from '@ysjs/shared'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { zPage } from '../../lib/envelope.ts'
import type { TAnswerOf } from '../../lib/route-kit.ts'
import { APPRAISE_CODES as C } from './appraise-access.ts'
import { anyOf, appraiseKit, idsOf, ZIdQuery, ZIdsQuery } from './appraise-kit.ts'
import type { TResultsService } from './results.service.ts'

/** Applications: the list, the editor's save, the status machine, messages and the dossier (issue 12). */
export const resultsRoutes = (app: FastifyInstance, results: TResultsService) => {
  const k = appraiseKit(app)
  const byResults = { querystring: ZResultsIdQuerySchema }

  k.read(
    'GET',
    '/results/list',
    anyOf(C.list),
    {
      summary: '成果评价申请列表 (申请人只看自己的；stage 为评价环节的待办/已办及其计数)',
      querystring: ZResultsListQuerySchema,
      response: zPage(ZResultsRecordSchema).extend({ stageCounts: ZResultsStageCountsSchema.optional() }),
    },
    (ctx, { query }) => results.page(ctx, query),
  )
  k.read(
    'GET',
    '/results/auditPage',
    anyOf(C.staff),
    { summary: '待审核的成果', querystring: ZResultsPageQuerySchema, response: zPage(ZResultsRecordSchema) },
    (ctx, { query }) => results.auditPage(ctx, query),
  )
  k.read(
    'GET',
    '/results/detail',
    anyOf(C.list),
    { summary: '成果详情 (含总分与等级)', querystring: ZIdQuery, response: ZResultsRecordSchema },
    (ctx, { query }) => results.detail(ctx, BigInt(query.id)),
  )
  k.read(
    'GET',
    '/results/detailResultsVO',
    anyOf(C.list),
    {
      summary: '成果与协议 (含完成单位、人员、委托方)',
      querystring: ZIdQuery,
      response: ZResultsVORecordSchema,
    },
    (ctx, { query }) => results.detailVO(ctx, BigInt(query.id)),
  )
  // With an id, a partial update (decision 030): the fields, the unit and person lists and the
  // principal it does not carry keep their stored values (an absent list used to remove every row).
  k.submit(
    '/results/saveResultsVO',
    anyOf([C.add, C.edit]),
    { summary: '暂存成果与协议 (一个事务)', body: ZResultsVOSubmitSchema, response: ZResultsVORecordSchema },
    { stored: results.detailVO, save: results.saveVO },
  )
  k.command(
    'POST',
    '/results/remove',
    anyOf(C.remove),
    { summary: '删除草稿', querystring: ZIdsQuery },
    (ctx, { query }) => results.remove(ctx, idsOf(query)),
  )
  k.command(
    'POST',
    '/results/submit',
    anyOf([C.submit, C.staff]),
    { summary: '变更状态 (按状态机)', body: ZResultsStatusSchema },
    (ctx, { body }) => results.changeStatus(ctx, BigInt(body.id), body.status, body.opinion),
  )
  k.command(
    'POST',
    '/results/audit',
    anyOf(C.staff),
    { summary: '审核 (通过或退回)', body: ZResultsAuditSchema },
    (ctx, { body }) => results.audit(ctx, body),
  )
  k.read(
    'GET',
    '/results/message',
    anyOf(C.list),
    { summary: '成果留言', ...byResults, response: z.array(ZResultsEventRecordSchema) },
    (ctx, { query }) => results.messages(ctx, BigInt(query.resultsId)),
  )
  k.command(
    'POST',
    '/results/message',
    anyOf(C.list),
    { summary: '发表留言', body: ZResultsMessageSchema },
    (ctx, { body }) => results.postMessage(ctx, BigInt(body.resultsId), body.content),
  )
  k.read(
    'GET',
    '/results/dossier',
    anyOf(C.list),
    { summary: '成果档案 (全部记录, 按时间)', ...byResults, response: z.array(ZResultsEventRecordSchema) },
    (ctx, { query }) => results.dossier(ctx, BigInt(query.resultsId)),
  )

  // Sub-records read by application: the application must be readable by the caller.
  type TRows = Awaited<ReturnType<TResultsService['rowsOf']>>
  const rowsRead = <T, R extends z.ZodType>(
    path: string,
    view: string,
    summary: string,
    response: R & TAnswerOf<T, R>,
    pick: (rows: TRows) => T,
  ) => {
    const answer: z.ZodType = response
    k.read(
      'GET',
      path,
      anyOf([view, C.list]),
      { summary, ...byResults, response: answer },
      async (ctx, { query }) => {
        const id = BigInt(query.resultsId)
        await results.detail(ctx, id)
        return pick(await results.rowsOf(ctx, id))
      },
    )
  }
  rowsRead(
    '/unit/findByResultsId',
    C.unitView,
    '成果的完成单位',
    z.array(ZResultsUnitRecordSchema),
    (r: TRows) => r.unitEntityList,
  )
  rowsRead(
    '/people/findByResultsId',
    C.peopleView,
    '成果的主要研制人员',
    z.array(ZResultsPeopleRecordSchema),
    (r: TRows) => r.peopleEntityList,
  )
  rowsRead(
    '/principal/findByResultsId',
    C.principalView,
    '成果的委托方',
    ZResultsPrincipalRecordSchema.nullable(),
    (r: TRows) => r.principal,
  )
  for (const [path, kind, code] of [
    ['/project/unit/remove', 'unit', C.unitRemove],
    ['/unit/remove', 'unit', C.unitRemove],
    ['/people/remove', 'people', C.peopleRemove],
  ] as const) {
    k.command(
      'POST',
      path,
      anyOf([C.edit, code]),
      { summary: kind === 'unit' ? '从项目删除完成单位' : '从项目删除人员', querystring: ZIdsQuery },
      (ctx, { query }) => results.removeRows(ctx, kind, idsOf(query)),
    )
  }
}

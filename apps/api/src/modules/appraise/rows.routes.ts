import {
  type TAppraiseRowsQuery,
  type TPage,
  ZAppraiseAssortRecordSchema,
  ZAppraiseAssortSubmitSchema,
  ZAppraiseAttachQuerySchema,
  ZAppraiseRowsQuerySchema,
  ZIndexTemplateRecordSchema,
  ZIndexTemplateSubmitSchema,
  ZResultsFileRowSchema,
  ZResultsPeopleRowSchema,
  ZResultsPeopleSubmitSchema,
  ZResultsPrincipalRowSchema,
  ZResultsPrincipalSubmitSchema,
  ZResultsUnitRowSchema,
  ZResultsUnitSubmitSchema,
} from '@ysjs/shared'
import type { FastifyInstance } from 'fastify'
import type { z } from 'zod'
import type { TCtx } from '../../lib/context.ts'
import { bodyOf, patchedInput, submitIdFor, updateIdOf } from '../../lib/crud.ts'
import { zPage } from '../../lib/envelope.ts'
import type { TAnswerOf, TCallRequest } from '../../lib/route-kit.ts'
import type { TAccess } from '../../plugins/access.ts'
import { APPRAISE_CODES as C } from './appraise-access.ts'
import { anyOf, appraiseKit, idsOf, ZIdQuery, ZIdsQuery } from './appraise-kit.ts'
import type { TAppraiseAssortService } from './assort.service.ts'
import type { TRowsService } from './rows.service.ts'
import type { TIndexTemplateService } from './templates.service.ts'

/**
 * unit, people, principal and assort as calls of their own (spec section 7). Reads need the sub-record's
 * menu or the applications menu; writes also need the application to be editable by the caller.
 */
export const appraiseRowsRoutes = (
  app: FastifyInstance,
  {
    rows,
    assorts,
    templates,
  }: { rows: TRowsService; assorts: TAppraiseAssortService; templates: TIndexTemplateService },
) => {
  const k = appraiseKit(app)

  /**
   * A sub-record's list, detail and submit, typed by its own row, body and service: a creation takes the
   * checked body, an update the stored row with the carried fields applied (decision 030).
   */
  const kind = <TRow extends z.ZodType, TBody extends z.ZodObject, TOut extends object>(row: {
    path: string
    label: string
    row: TRow & TAnswerOf<TOut, TRow>
    body: TBody
    service: {
      page(ctx: TCtx, q: TAppraiseRowsQuery): Promise<TPage<TOut>>
      detail(ctx: TCtx, id: bigint): Promise<TOut>
      submit(ctx: TCtx, input: z.output<TBody>): Promise<TOut>
    }
    view: string
    submit: readonly string[]
  }) => {
    const record: z.ZodType = row.row
    k.read(
      'GET',
      `/${row.path}/list`,
      anyOf(row.view, C.list),
      {
        summary: `${row.label}列表 (可读的成果)`,
        querystring: ZAppraiseRowsQuerySchema,
        response: zPage(record),
      },
      (ctx, { query }) => row.service.page(ctx, query),
    )
    k.read(
      'GET',
      `/${row.path}/detail`,
      anyOf(row.view, C.list),
      { summary: `${row.label}详情`, querystring: ZIdQuery, response: record },
      (ctx, { query }) => row.service.detail(ctx, BigInt(query.id)),
    )
    // With an id, a partial update: what it does not carry keeps its stored value (decision 030).
    k.read(
      'POST',
      `/${row.path}/submit`,
      anyOf(row.submit, C.edit),
      { summary: `新增或修改${row.label} (成果可编辑时)`, body: row.body, patch: row.body, response: record },
      async (ctx, request) => {
        const id = updateIdOf(request)
        return row.service.submit(
          ctx,
          id ? patchedInput(request, row.body, await row.service.detail(ctx, id)) : bodyOf(request, row.body),
        )
      },
    )
  }
  kind({
    path: 'unit',
    label: '完成单位',
    row: ZResultsUnitRowSchema,
    body: ZResultsUnitSubmitSchema,
    service: rows.units,
    view: C.unitView,
    submit: C.unitSubmit,
  })
  kind({
    path: 'people',
    label: '主要研制人员',
    row: ZResultsPeopleRowSchema,
    body: ZResultsPeopleSubmitSchema,
    service: rows.people,
    view: C.peopleView,
    submit: C.peopleSubmit,
  })
  kind({
    path: 'principal',
    label: '委托方',
    row: ZResultsPrincipalRowSchema,
    body: ZResultsPrincipalSubmitSchema,
    service: rows.principals,
    view: C.principalView,
    submit: C.principalSubmit,
  })
  k.command(
    'POST',
    '/principal/remove',
    anyOf(C.principalRemove, C.edit),
    { summary: '删除委托方 (成果可编辑时)', querystring: ZIdsQuery },
    (ctx, { query }) => rows.principals.remove(ctx, idsOf(query)),
  )
  k.read(
    'GET',
    '/attach/list',
    anyOf(C.attachView, C.list),
    {
      summary: '成果附件列表 (可读的成果, 按分类与文件名)',
      querystring: ZAppraiseAttachQuerySchema,
      response: zPage(ZResultsFileRowSchema),
    },
    (ctx, { query }) => rows.attaches.page(ctx, query),
  )

  /**
   * A table of the appraisal's own (attachment categories; indicator templates, 评价配置, the menu's own
   * calls beside `cofig/saves`): list, detail, submit and remove. A submit needs the add code for a
   * creation and the edit code for an update; with an id it is a partial update (decision 030).
   */
  const table = <TRow extends object, R extends z.ZodType, Q extends z.ZodObject, B extends z.ZodObject>(t: {
    path: string
    label: string
    summaries: { list: string; remove: string }
    read: TAccess
    query: Q
    record: R & TAnswerOf<TRow, R>
    body: B
    codes: { add: string; edit: string; remove: string }
    service: {
      page(ctx: TCtx, q: TCallRequest<Q, undefined>['query']): Promise<TPage<TRow>>
      detail(ctx: TCtx, id: bigint): Promise<TRow>
      submit(ctx: TCtx, input: z.output<B>): Promise<unknown>
      remove(ctx: TCtx, ids: bigint[]): Promise<unknown>
    }
  }) => {
    const record: z.ZodType = t.record
    const { service, codes } = t
    k.read(
      'GET',
      `${t.path}/list`,
      t.read,
      { summary: t.summaries.list, querystring: t.query, response: zPage(record) },
      (ctx, { query }) => service.page(ctx, query),
    )
    k.read(
      'GET',
      `${t.path}/detail`,
      t.read,
      { summary: `${t.label}详情`, querystring: ZIdQuery, response: record },
      (ctx, { query }) => service.detail(ctx, BigInt(query.id)),
    )
    k.command(
      'POST',
      `${t.path}/submit`,
      anyOf(codes.add, codes.edit),
      { summary: `新增或修改${t.label}`, body: t.body, patch: t.body },
      async (ctx, request) => {
        const id = await submitIdFor(app, request, codes)
        const input = id
          ? patchedInput(request, t.body, await service.detail(ctx, id))
          : bodyOf(request, t.body)
        await service.submit(ctx, input)
      },
    )
    k.command(
      'POST',
      `${t.path}/remove`,
      anyOf(codes.remove),
      { summary: t.summaries.remove, querystring: ZIdsQuery },
      (ctx, { query }) => service.remove(ctx, idsOf(query)),
    )
  }
  const paging = ZAppraiseRowsQuerySchema.pick({ current: true, size: true, keyword: true })
  table({
    path: '/assort',
    label: '成果附件分类',
    summaries: {
      list: '成果附件分类 (分类树中 attachment_category 的下级)',
      remove: '删除成果附件分类 (无附件时)',
    },
    read: anyOf(C.assortView, C.list, C.attachView),
    query: paging,
    record: ZAppraiseAssortRecordSchema,
    body: ZAppraiseAssortSubmitSchema,
    codes: { add: C.assortAdd, edit: C.assortEdit, remove: C.assortRemove },
    service: assorts,
  })
  table({
    path: '/cofig',
    label: '评价指标模板',
    summaries: { list: '评价指标模板列表', remove: '删除评价指标模板' },
    read: anyOf(C.configView, C.staff),
    query: paging.extend({ outcomeType: ZIndexTemplateSubmitSchema.shape.outcomeType }),
    record: ZIndexTemplateRecordSchema,
    body: ZIndexTemplateSubmitSchema,
    codes: { add: C.configSave[0], edit: C.configSave[1], remove: C.configRemove },
    service: templates,
  })
}

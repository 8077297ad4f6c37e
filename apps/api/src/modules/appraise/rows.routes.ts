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
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import type { TCtx } from '../../lib/context.ts'
import { bodyOf, patchedInput, updateIdOf } from '../../lib/crud.ts'
import { zPage } from '../../lib/envelope.ts'
import { AppError } from '../../lib/errors.ts'
import type { TAnswerOf } from '../../lib/route-kit.ts'
import { APPRAISE_CODES as C } from './appraise-access.ts'
import { anyOf, appraiseKit, idsOf, ZId, ZIds } from './appraise-kit.ts'
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
      { summary: `${row.label}详情`, querystring: ZId, response: record },
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
    { summary: '删除委托方 (成果可编辑时)', querystring: ZIds },
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

  // Attachment categories and indicator templates (评价配置, the menu's own calls beside `cofig/saves`):
  // a submit needs the add code for a creation, the edit code for an update.
  const submitBy =
    <T extends z.ZodObject, TStored extends object>(
      codes: { add: string; edit: string },
      schema: T,
      service: {
        detail(ctx: TCtx, id: bigint): Promise<TStored>
        submit(ctx: TCtx, input: z.output<T>): Promise<unknown>
      },
    ) =>
    async (ctx: TCtx, request: FastifyRequest) => {
      const id = updateIdOf(request)
      if (!ctx.user || !(await app.permissions.has(ctx.user, id ? codes.edit : codes.add))) {
        throw AppError.forbidden()
      }
      const input = id
        ? patchedInput(request, schema, await service.detail(ctx, id))
        : bodyOf(request, schema)
      await service.submit(ctx, input)
    }
  const paging = ZAppraiseRowsQuerySchema.pick({ current: true, size: true, keyword: true })
  const assortRead = anyOf(C.assortView, C.list, C.attachView)
  k.read(
    'GET',
    '/assort/list',
    assortRead,
    {
      summary: '成果附件分类 (分类树中 attachment_category 的下级)',
      querystring: paging,
      response: zPage(ZAppraiseAssortRecordSchema),
    },
    (ctx, { query }) => assorts.page(ctx, query),
  )
  k.read(
    'GET',
    '/assort/detail',
    assortRead,
    { summary: '成果附件分类详情', querystring: ZId, response: ZAppraiseAssortRecordSchema },
    (ctx, { query }) => assorts.detail(ctx, BigInt(query.id)),
  )
  k.command(
    'POST',
    '/assort/submit',
    anyOf(C.assortAdd, C.assortEdit),
    {
      summary: '新增或修改成果附件分类',
      body: ZAppraiseAssortSubmitSchema,
      patch: ZAppraiseAssortSubmitSchema,
    },
    submitBy({ add: C.assortAdd, edit: C.assortEdit }, ZAppraiseAssortSubmitSchema, assorts),
  )
  k.command(
    'POST',
    '/assort/remove',
    anyOf(C.assortRemove),
    { summary: '删除成果附件分类 (无附件时)', querystring: ZIds },
    (ctx, { query }) => assorts.remove(ctx, idsOf(query)),
  )

  const templateRead = anyOf(C.configView, C.staff)
  k.read(
    'GET',
    '/cofig/list',
    templateRead,
    {
      summary: '评价指标模板列表',
      querystring: paging.extend({ outcomeType: ZIndexTemplateSubmitSchema.shape.outcomeType }),
      response: zPage(ZIndexTemplateRecordSchema),
    },
    (ctx, { query }) => templates.page(ctx, query),
  )
  k.read(
    'GET',
    '/cofig/detail',
    templateRead,
    { summary: '评价指标模板详情', querystring: ZId, response: ZIndexTemplateRecordSchema },
    (ctx, { query }) => templates.detail(ctx, BigInt(query.id)),
  )
  // With an id, a partial update (decision 030): a rename keeps the stored indicators.
  k.command(
    'POST',
    '/cofig/submit',
    anyOf(C.configSave),
    {
      summary: '新增或修改评价指标模板',
      body: ZIndexTemplateSubmitSchema,
      patch: ZIndexTemplateSubmitSchema,
    },
    submitBy({ add: C.configSave[0], edit: C.configSave[1] }, ZIndexTemplateSubmitSchema, templates),
  )
  k.command(
    'POST',
    '/cofig/remove',
    anyOf(C.configRemove),
    { summary: '删除评价指标模板', querystring: ZIds },
    (ctx, { query }) => templates.remove(ctx, idsOf(query)),
  )
}

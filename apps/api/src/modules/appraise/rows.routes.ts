import {
  Msg,
  ZAppraiseAssortRecordSchema,
  ZAppraiseAssortSubmitSchema,
  ZAppraiseAttachQuerySchema,
  ZAppraiseRowsQuerySchema,
  ZIdListSchema,
  ZIdSchema,
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
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ctxOf, type TCtx } from '../../lib/context.ts'
import { bodyOf, patchableSubmit, patchedInput, updateIdOf } from '../../lib/crud.ts'
import { done, ok, zDone, zEnvelope, zPage } from '../../lib/envelope.ts'
import { AppError } from '../../lib/errors.ts'
import { APPRAISE_CODES as C } from './appraise-access.ts'
import type { TAppraiseAssortService } from './assort.service.ts'
import type { TRowsService } from './rows.service.ts'
import type { TIndexTemplateService } from './templates.service.ts'

const P = '/api/ysjs-appraise'
const tags = ['appraise']
const perm = (...codes: (string | readonly string[])[]) => ({ access: { permission: codes.flat() } })
const ZId = z.object({ id: ZIdSchema })
const ZIds = z.object({ ids: ZIdListSchema })

/**
 * A sub-record's submit, typed by its own body and service: a creation takes the checked body, an
 * update the stored row with the carried fields applied (decision 030).
 */
const submitOf =
  <TBody extends z.ZodObject, TOut extends object>(
    body: TBody,
    service: {
      detail(ctx: TCtx, id: bigint): Promise<TOut>
      submit(ctx: TCtx, input: z.output<TBody>): Promise<TOut>
    },
  ) =>
  async (request: FastifyRequest): Promise<TOut> => {
    const ctx = ctxOf(request)
    const id = updateIdOf(request)
    return service.submit(
      ctx,
      id ? patchedInput(request, body, await service.detail(ctx, id)) : bodyOf(request, body),
    )
  }

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
  const r = app.withTypeProvider<ZodTypeProvider>()

  const kinds = [
    {
      path: 'unit',
      label: '完成单位',
      service: rows.units,
      row: ZResultsUnitRowSchema,
      body: ZResultsUnitSubmitSchema,
      save: submitOf(ZResultsUnitSubmitSchema, rows.units),
      view: C.unitView,
      submit: C.unitSubmit,
    },
    {
      path: 'people',
      label: '主要研制人员',
      service: rows.people,
      row: ZResultsPeopleRowSchema,
      body: ZResultsPeopleSubmitSchema,
      save: submitOf(ZResultsPeopleSubmitSchema, rows.people),
      view: C.peopleView,
      submit: C.peopleSubmit,
    },
    {
      path: 'principal',
      label: '委托方',
      service: rows.principals,
      row: ZResultsPrincipalRowSchema,
      body: ZResultsPrincipalSubmitSchema,
      save: submitOf(ZResultsPrincipalSubmitSchema, rows.principals),
      view: C.principalView,
      submit: C.principalSubmit,
    },
  ] as const

  for (const k of kinds) {
    r.get(`${P}/${k.path}/list`, {
      config: perm(k.view, C.list),
      schema: {
        tags,
        summary: `${k.label}列表 (可读的成果)`,
        querystring: ZAppraiseRowsQuerySchema,
        response: { 200: zEnvelope(zPage(k.row)) },
      },
      handler: async (request) => ok(await k.service.page(ctxOf(request), request.query)),
    })
    r.get(`${P}/${k.path}/detail`, {
      config: perm(k.view, C.list),
      schema: { tags, summary: `${k.label}详情`, querystring: ZId, response: { 200: zEnvelope(k.row) } },
      handler: async (request) => ok(await k.service.detail(ctxOf(request), BigInt(request.query.id))),
    })
    r.post(`${P}/${k.path}/submit`, {
      config: perm(k.submit, C.edit),
      schema: {
        tags,
        summary: `新增或修改${k.label} (成果可编辑时)`,
        body: k.body,
        response: { 200: zEnvelope(k.row) },
      },
      // With an id, a partial update: what it does not carry keeps its stored value (decision 030).
      ...patchableSubmit(k.body),
      handler: async (request) => ok(await k.save(request)),
    })
  }
  r.post(`${P}/principal/remove`, {
    config: perm(C.principalRemove, C.edit),
    schema: { tags, summary: '删除委托方 (成果可编辑时)', querystring: ZIds, response: { 200: zDone } },
    handler: async (request) => {
      await rows.principals.remove(ctxOf(request), request.query.ids.map(BigInt))
      return done(Msg.SUCCESS)
    },
  })

  r.get(`${P}/attach/list`, {
    config: perm(C.attachView, C.list),
    schema: {
      tags,
      summary: '成果附件列表 (可读的成果, 按分类与文件名)',
      querystring: ZAppraiseAttachQuerySchema,
      response: { 200: zEnvelope(zPage(ZResultsFileRowSchema)) },
    },
    handler: async (request) => ok(await rows.attaches.page(ctxOf(request), request.query)),
  })

  // Attachment categories
  const assortRead = perm(C.assortView, C.list, C.attachView)
  r.get(`${P}/assort/list`, {
    config: assortRead,
    schema: {
      tags,
      summary: '成果附件分类 (分类树中 attachment_category 的下级)',
      querystring: ZAppraiseRowsQuerySchema.pick({ current: true, size: true, keyword: true }),
      response: { 200: zEnvelope(zPage(ZAppraiseAssortRecordSchema)) },
    },
    handler: async (request) => ok(await assorts.page(ctxOf(request), request.query)),
  })
  r.get(`${P}/assort/detail`, {
    config: assortRead,
    schema: {
      tags,
      summary: '成果附件分类详情',
      querystring: ZId,
      response: { 200: zEnvelope(ZAppraiseAssortRecordSchema) },
    },
    handler: async (request) => ok(await assorts.detail(ctxOf(request), BigInt(request.query.id))),
  })
  r.post(`${P}/assort/submit`, {
    config: perm(C.assortAdd, C.assortEdit),
    schema: {
      tags,
      summary: '新增或修改成果附件分类',
      body: ZAppraiseAssortSubmitSchema,
      response: { 200: zDone },
    },
    ...patchableSubmit(ZAppraiseAssortSubmitSchema),
    handler: async (request) => {
      const ctx = ctxOf(request)
      const id = updateIdOf(request)
      const code = id ? C.assortEdit : C.assortAdd
      if (!ctx.user || !(await app.permissions.has(ctx.user, code))) {
        throw AppError.forbidden()
      }
      const input = id
        ? patchedInput(request, ZAppraiseAssortSubmitSchema, await assorts.detail(ctx, id))
        : request.body
      await assorts.submit(ctx, input)
      return done()
    },
  })
  r.post(`${P}/assort/remove`, {
    config: perm(C.assortRemove),
    schema: { tags, summary: '删除成果附件分类 (无附件时)', querystring: ZIds, response: { 200: zDone } },
    handler: async (request) => {
      await assorts.remove(ctxOf(request), request.query.ids.map(BigInt))
      return done(Msg.SUCCESS)
    },
  })

  // Indicator templates (评价配置): the menu's own calls beside `cofig/saves`.
  r.get(`${P}/cofig/list`, {
    config: perm(C.configView, C.staff),
    schema: {
      tags,
      summary: '评价指标模板列表',
      querystring: ZAppraiseRowsQuerySchema.pick({ current: true, size: true, keyword: true }).extend({
        outcomeType: ZIndexTemplateSubmitSchema.shape.outcomeType,
      }),
      response: { 200: zEnvelope(zPage(ZIndexTemplateRecordSchema)) },
    },
    handler: async (request) => ok(await templates.page(ctxOf(request), request.query)),
  })
  r.get(`${P}/cofig/detail`, {
    config: perm(C.configView, C.staff),
    schema: {
      tags,
      summary: '评价指标模板详情',
      querystring: ZId,
      response: { 200: zEnvelope(ZIndexTemplateRecordSchema) },
    },
    handler: async (request) => ok(await templates.detail(ctxOf(request), BigInt(request.query.id))),
  })
  r.post(`${P}/cofig/submit`, {
    config: perm(C.configSave),
    schema: {
      tags,
      summary: '新增或修改评价指标模板',
      body: ZIndexTemplateSubmitSchema,
      response: { 200: zDone },
    },
    // With an id, a partial update (decision 030): a rename keeps the stored indicators.
    ...patchableSubmit(ZIndexTemplateSubmitSchema),
    handler: async (request) => {
      const ctx = ctxOf(request)
      const id = updateIdOf(request)
      const code = id ? C.configSave[1] : C.configSave[0]
      if (!ctx.user || !(await app.permissions.has(ctx.user, code))) {
        throw AppError.forbidden()
      }
      const input = id
        ? patchedInput(request, ZIndexTemplateSubmitSchema, await templates.detail(ctx, id))
        : request.body
      await templates.submit(ctx, input)
      return done()
    },
  })
  r.post(`${P}/cofig/remove`, {
    config: perm(C.configRemove),
    schema: { tags, summary: '删除评价指标模板', querystring: ZIds, response: { 200: zDone } },
    handler: async (request) => {
      await templates.remove(ctxOf(request), request.query.ids.map(BigInt))
      return done(Msg.SUCCESS)
    },
  })
}

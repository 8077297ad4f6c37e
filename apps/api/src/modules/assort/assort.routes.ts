import {
  Msg,
  ZAssortNodeSchema,
  ZAssortRecordSchema,
  ZAssortSubmitSchema,
  ZIdListSchema,
  ZIdSchema,
  zOptionalText,
} from '@ysjs/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ctxOf } from '../../lib/context.ts'
import { patchableSubmit, patchedInput, submitIdFor } from '../../lib/crud.ts'
import { done, ok, zDone, zEnvelope } from '../../lib/envelope.ts'
import type { TAssortService } from './assort.service.ts'

const PREFIX = '/api/blade-label/assort'
const CODES = {
  list: 'label_assort',
  add: 'label_assort_add',
  edit: 'label_assort_edit',
  remove: 'label_assort_delete',
} as const

export const assortRoutes = (app: FastifyInstance, assorts: TAssortService) => {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['assort']
  const read = { access: { permission: CODES.list } } as const

  r.get(`${PREFIX}/list`, {
    config: read,
    schema: {
      tags,
      summary: '分类树',
      querystring: z.object({ name: zOptionalText(255), code: zOptionalText(64) }).catchall(z.unknown()),
      response: { 200: zEnvelope(z.array(ZAssortNodeSchema)) },
    },
    handler: async (request) =>
      ok(await assorts.tree({ name: request.query.name, code: request.query.code })),
  })
  r.get(`${PREFIX}/detail`, {
    config: read,
    schema: {
      tags,
      summary: '分类详情',
      querystring: z.object({ id: ZIdSchema }),
      response: { 200: zEnvelope(ZAssortRecordSchema) },
    },
    handler: async (request) => ok(await assorts.detail(BigInt(request.query.id))),
  })
  r.get(`${PREFIX}/getListByCode`, {
    config: read,
    schema: {
      tags,
      summary: '按编号取下级分类',
      querystring: z.object({ code: zOptionalText(64) }),
      response: { 200: zEnvelope(z.array(ZAssortRecordSchema)) },
    },
    handler: async (request) => ok(request.query.code ? await assorts.listByCode(request.query.code) : []),
  })
  r.get(`${PREFIX}/selectByParentId`, {
    config: read,
    schema: {
      tags,
      summary: '按上级取下级分类',
      querystring: z.object({
        parentId: z.preprocess((v) => (v === '' || v === undefined ? '0' : v), ZIdSchema),
      }),
      response: { 200: zEnvelope(z.array(ZAssortRecordSchema)) },
    },
    handler: async (request) => ok(await assorts.listByParent(BigInt(request.query.parentId))),
  })
  r.post(`${PREFIX}/submit`, {
    config: { access: { permission: [CODES.add, CODES.edit] } },
    schema: { tags, summary: '新增或修改分类', body: ZAssortSubmitSchema, response: { 200: zDone } },
    // With an id, a partial update: what it does not carry keeps its stored value (decision 030).
    ...patchableSubmit(ZAssortSubmitSchema),
    handler: async (request) => {
      const ctx = ctxOf(request)
      const id = await submitIdFor(app, request, CODES)
      const input = id ? patchedInput(request, ZAssortSubmitSchema, await assorts.detail(id)) : request.body
      await assorts.submit(ctx, input)
      return done()
    },
  })
  r.post(`${PREFIX}/remove`, {
    config: { access: { permission: CODES.remove } },
    schema: {
      tags,
      summary: '删除分类',
      querystring: z.object({ ids: ZIdListSchema }),
      response: { 200: zDone },
    },
    handler: async (request) => {
      await assorts.remove(ctxOf(request), request.query.ids.map(BigInt))
      return done(Msg.SUCCESS)
    },
  })
}

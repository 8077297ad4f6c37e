import {
  Msg,
  RegionMsg,
  ZPageQuerySchema,
  ZRegionCodeQuery,
  ZRegionNodeSchema,
  ZRegionParentQuery,
  ZRegionRecordSchema,
  ZRegionRemoveQuery,
  ZRegionSubmitSchema,
  zOptionalInt,
  zPatchOf,
  zText,
} from '@ysjs/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ctxOf } from '../../lib/context.ts'
import { keepSubmitted, patchedInput } from '../../lib/crud.ts'
import { done, ok, zDone, zEnvelope, zPage } from '../../lib/envelope.ts'
import { orNullIfNotFound } from '../../lib/errors.ts'
import type { TRegionService } from './region.service.ts'

const PREFIX = '/api/ysjs-system/region'
const ZRecordOut = ZRegionRecordSchema
const ZRowOut = ZRegionRecordSchema.omit({ parentName: true, hasChildren: true })

export const regionRoutes = (app: FastifyInstance, regions: TRegionService) => {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['region']

  r.get(`${PREFIX}/list`, {
    config: { access: { permission: 'region' } },
    schema: {
      tags,
      summary: '分页行政区划 (code、parentCode、regionLevel 相等, name 模糊)',
      querystring: ZPageQuerySchema.extend({
        code: ZRegionParentQuery,
        parentCode: ZRegionParentQuery,
        name: z.preprocess((v) => (v === '' ? undefined : v), zText().trim().max(32).optional()),
        regionLevel: zOptionalInt({ min: 0, max: 5 }),
      }),
      response: { 200: zEnvelope(zPage(ZRecordOut)) },
    },
    handler: async (request) => ok(await regions.page(request.query)),
  })

  r.get(`${PREFIX}/lazy-tree`, {
    // Read by the province/city selects of other screens: any signed-in user (decision 010c).
    config: { access: 'authenticated' },
    schema: {
      tags,
      summary: '行政区划懒加载树 (parentCode 为空取省级)',
      querystring: z.object({ parentCode: ZRegionParentQuery }),
      response: { 200: zEnvelope(z.array(ZRegionNodeSchema)) },
    },
    handler: async (request) => ok(await regions.lazyTree(request.query.parentCode)),
  })

  r.get(`${PREFIX}/lazy-list`, {
    config: { access: { permission: 'region' } },
    schema: {
      tags,
      summary: '行政区划懒加载列表 (parentCode 为空取省级)',
      querystring: z.object({ parentCode: ZRegionParentQuery }),
      response: { 200: zEnvelope(z.array(ZRecordOut)) },
    },
    handler: async (request) => ok(await regions.lazyList(request.query.parentCode)),
  })

  r.get(`${PREFIX}/select`, {
    config: { access: 'authenticated' },
    schema: {
      tags,
      summary: '下级行政区划 (code 默认 00, 即省级)',
      querystring: z.object({ code: ZRegionParentQuery }),
      response: { 200: zEnvelope(z.array(ZRowOut)) },
    },
    handler: async (request) => ok(await regions.select(request.query.code)),
  })

  r.get(`${PREFIX}/detail`, {
    config: { access: { permission: 'region' } },
    schema: {
      tags,
      summary: '行政区划详情',
      querystring: z.object({ code: ZRegionCodeQuery }),
      response: { 200: zEnvelope(ZRecordOut) },
    },
    handler: async (request) => ok(await regions.detail(request.query.code)),
  })

  r.post(`${PREFIX}/submit`, {
    config: { access: { permission: 'region_add' } },
    // A region is keyed by its code: a code already stored is an update, which writes only the fields
    // it carries (decision 030); a new code is a creation and needs every required field.
    preValidation: keepSubmitted,
    schema: {
      tags,
      summary: '新增或修改行政区划 (已有编号时只写所带字段)',
      body: zPatchOf(ZRegionSubmitSchema).safeExtend({ code: ZRegionSubmitSchema.shape.code }),
      response: { 200: zDone },
    },
    handler: async (request) => {
      const stored = await orNullIfNotFound(regions.detail(request.body.code), RegionMsg.NOT_FOUND)
      await regions.submit(ctxOf(request), patchedInput(request, ZRegionSubmitSchema, stored ?? {}))
      return done()
    },
  })

  r.post(`${PREFIX}/remove`, {
    config: { access: { permission: 'region_delete' } },
    schema: {
      tags,
      summary: '删除行政区划 (id 为区划编号; 有下级时不可删除)',
      querystring: z.object({ id: ZRegionRemoveQuery }),
      response: { 200: zDone },
    },
    handler: async (request) => {
      await regions.remove(ctxOf(request), request.query.id)
      return done(Msg.SUCCESS)
    },
  })
}

import {
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
import { done, zDone, zPage } from '../../lib/envelope.ts'
import { orNullIfNotFound } from '../../lib/errors.ts'
import { routeKit } from '../../lib/route-kit.ts'
import type { TRegionService } from './region.service.ts'

const PREFIX = '/api/ysjs-system/region'
const ZRecordOut = ZRegionRecordSchema
const ZRowOut = ZRegionRecordSchema.omit({ parentName: true, hasChildren: true })

export const regionRoutes = (app: FastifyInstance, regions: TRegionService) => {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['region']
  const k = routeKit(app, { tags, prefix: PREFIX })
  const REGION = { permission: 'region' }
  const byParent = z.object({ parentCode: ZRegionParentQuery })

  k.read(
    'GET',
    '/list',
    REGION,
    {
      summary: '分页行政区划 (code、parentCode、regionLevel 相等, name 模糊)',
      querystring: ZPageQuerySchema.extend({
        code: ZRegionParentQuery,
        parentCode: ZRegionParentQuery,
        name: z.preprocess((v) => (v === '' ? undefined : v), zText().trim().max(32).optional()),
        regionLevel: zOptionalInt({ min: 0, max: 5 }),
      }),
      response: zPage(ZRecordOut),
    },
    (_ctx, { query }) => regions.page(query),
  )
  // Read by the province/city selects of other screens: any signed-in user (decision 010c).
  k.read(
    'GET',
    '/lazy-tree',
    'authenticated',
    {
      summary: '行政区划懒加载树 (parentCode 为空取省级)',
      querystring: byParent,
      response: z.array(ZRegionNodeSchema),
    },
    (_ctx, { query }) => regions.lazyTree(query.parentCode),
  )
  k.read(
    'GET',
    '/lazy-list',
    REGION,
    {
      summary: '行政区划懒加载列表 (parentCode 为空取省级)',
      querystring: byParent,
      response: z.array(ZRecordOut),
    },
    (_ctx, { query }) => regions.lazyList(query.parentCode),
  )
  k.read(
    'GET',
    '/select',
    'authenticated',
    {
      summary: '下级行政区划 (code 默认 00, 即省级)',
      querystring: z.object({ code: ZRegionParentQuery }),
      response: z.array(ZRowOut),
    },
    (_ctx, { query }) => regions.select(query.code),
  )
  k.read(
    'GET',
    '/detail',
    REGION,
    { summary: '行政区划详情', querystring: z.object({ code: ZRegionCodeQuery }), response: ZRecordOut },
    (_ctx, { query }) => regions.detail(query.code),
  )

  // Declared by hand: its partial update is keyed by the code, not by an id (the kit's `patch` is).
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

  k.command(
    'POST',
    '/remove',
    { permission: 'region_delete' },
    {
      summary: '删除行政区划 (id 为区划编号; 有下级时不可删除)',
      querystring: z.object({ id: ZRegionRemoveQuery }),
    },
    (ctx, { query }) => regions.remove(ctx, query.id),
  )
}

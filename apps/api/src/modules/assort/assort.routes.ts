import {
  ZAssortNodeSchema,
  ZAssortRecordSchema,
  ZAssortSubmitSchema,
  ZIdSchema,
  zOptionalText,
} from '@ysjs/shared'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { routeKit, ZIdQuery, ZIdsQuery } from '../../lib/route-kit.ts'
import type { TAssortService } from './assort.service.ts'

const CODES = {
  list: 'label_assort',
  add: 'label_assort_add',
  edit: 'label_assort_edit',
  remove: 'label_assort_delete',
} as const

export const assortRoutes = (app: FastifyInstance, assorts: TAssortService) => {
  const k = routeKit(app, { tags: ['assort'], prefix: '/api/blade-label/assort' })
  const read = { permission: CODES.list } as const
  const rows = z.array(ZAssortRecordSchema)

  k.read(
    'GET',
    '/list',
    read,
    {
      summary: '分类树',
      querystring: z.object({ name: zOptionalText(255), code: zOptionalText(64) }).catchall(z.unknown()),
      response: z.array(ZAssortNodeSchema),
    },
    (_ctx, { query }) => assorts.tree({ name: query.name, code: query.code }),
  )
  k.read(
    'GET',
    '/detail',
    read,
    { summary: '分类详情', querystring: ZIdQuery, response: ZAssortRecordSchema },
    (_ctx, { query }) => assorts.detail(BigInt(query.id)),
  )
  k.read(
    'GET',
    '/getListByCode',
    read,
    { summary: '按编号取下级分类', querystring: z.object({ code: zOptionalText(64) }), response: rows },
    async (_ctx, { query }) => (query.code ? await assorts.listByCode(query.code) : []),
  )
  k.read(
    'GET',
    '/selectByParentId',
    read,
    {
      summary: '按上级取下级分类',
      querystring: z.object({
        parentId: z.preprocess((v) => (v === '' || v === undefined ? '0' : v), ZIdSchema),
      }),
      response: rows,
    },
    (_ctx, { query }) => assorts.listByParent(BigInt(query.parentId)),
  )
  // With an id, a partial update: what it does not carry keeps its stored value (decision 030).
  k.submit(
    '/submit',
    CODES,
    { summary: '新增或修改分类', body: ZAssortSubmitSchema },
    { stored: (_ctx, id) => assorts.detail(id), save: assorts.submit },
  )
  k.command(
    'POST',
    '/remove',
    { permission: CODES.remove },
    { summary: '删除分类', querystring: ZIdsQuery },
    (ctx, { query }) => assorts.remove(ctx, query.ids.map(BigInt)),
  )
}

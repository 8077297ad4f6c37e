import {
  DictPermissions,
  SystemDictPermissions,
  ZDictRecordSchema,
  ZDictSubmitSchema,
  ZIdSchema,
  ZPageQuerySchema,
  ZWireIdSchema,
} from '@ysjs/shared'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { TCtx } from '../../lib/context.ts'
import { patchedInput, updateIdOf } from '../../lib/crud.ts'
import { zPage } from '../../lib/envelope.ts'
import { routeKit, ZIdQuery, ZIdsQuery } from '../../lib/route-kit.ts'
import { assertTableWritable } from '../../lib/table-ownership.ts'
import type { TDictService } from './dict.service.ts'

type TDictNode = z.infer<typeof ZDictRecordSchema> & { parentName?: string; children?: TDictNode[] }
const ZDictNode: z.ZodType<TDictNode> = ZDictRecordSchema.extend({
  parentName: z.string().optional(),
  get children() {
    return z.array(ZDictNode).optional()
  },
})
/** A system dictionary row: the business row without its tenant. */
const ZSystemDictRecord = ZDictRecordSchema.omit({ tenantId: true })
type TSystemDictNode = z.infer<typeof ZSystemDictRecord> & {
  parentName?: string
  children?: TSystemDictNode[]
}
const ZSystemDictNode: z.ZodType<TSystemDictNode> = ZSystemDictRecord.extend({
  parentName: z.string().optional(),
  get children() {
    return z.array(ZSystemDictNode).optional()
  },
})
type TTreeNode = {
  id: string
  parentId: string
  title: string
  key: string
  value: string
  children?: TTreeNode[]
}
const ZTreeNode: z.ZodType<TTreeNode> = z.object({
  id: ZWireIdSchema,
  parentId: ZWireIdSchema,
  title: z.string(),
  key: z.string(),
  value: z.string(),
  get children() {
    return z.array(ZTreeNode).optional()
  },
})
// Recursive schemas can only be referenced by name: components of the OpenAPI document.
z.globalRegistry.add(ZDictNode, { id: 'DictNode' })
z.globalRegistry.add(ZSystemDictNode, { id: 'SystemDictNode' })
z.globalRegistry.add(ZTreeNode, { id: 'DictTreeNode' })
const ZCode = z.object({
  code: z.string({ error: '缺少必要的请求参数: code' }).trim().min(1, '缺少必要的请求参数: code').max(255),
})
const ZFilters = z
  .object({ code: z.string().max(255).optional(), dictValue: z.string().max(255).optional() })
  .catchall(z.unknown())

type TPermissions = {
  view: readonly string[]
  add: readonly string[]
  edit: readonly string[]
  remove: readonly string[]
}
type TDictApi = {
  prefix: string
  tag: string
  permissions: TPermissions
  record: typeof ZDictRecordSchema | typeof ZSystemDictRecord
  node: z.ZodType<TDictNode> | z.ZodType<TSystemDictNode>
  /** The table: its owner decides who writes (the system dictionary is one set for every tenant). */
  table: 'Dict' | 'DictBiz'
}

/** The dictionary calls of contract 8, the same for both tables. */
const dictRoutes = (app: FastifyInstance, dicts: TDictService, api: TDictApi) => {
  const k = routeKit(app, { tags: [api.tag], prefix: api.prefix })
  const view = { permission: [...api.permissions.view] }
  const writable = (ctx: TCtx) => {
    assertTableWritable(ctx, api.table)
    return ctx
  }

  k.read(
    'GET',
    '/dictionary',
    'authenticated',
    { summary: '字典项 (下拉框)', querystring: ZCode, response: z.array(api.record) },
    (ctx, { query }) => dicts.dictionary(ctx, query.code),
  )
  k.read(
    'GET',
    '/dictionary-tree',
    'authenticated',
    { summary: '字典项树', querystring: ZCode, response: z.array(api.node) },
    (ctx, { query }) => dicts.dictionaryTree(ctx, query.code),
  )
  k.read(
    'GET',
    '/list',
    view,
    { summary: '字典树 (全部)', querystring: ZFilters, response: z.array(api.node) },
    (ctx, { query }) => dicts.list(ctx, query),
  )
  k.read(
    'GET',
    '/parent-list',
    view,
    {
      summary: '字典 (分页)',
      querystring: ZPageQuerySchema.extend(ZFilters.shape).catchall(z.unknown()),
      response: zPage(api.record),
    },
    (ctx, { query }) => dicts.parentPage(ctx, query),
  )
  k.read(
    'GET',
    '/child-list',
    view,
    {
      summary: '字典项 (树)',
      querystring: ZFilters.extend({
        parentId: z.preprocess((v) => (v === '' || v === '-1' ? undefined : v), ZIdSchema.optional()),
      }),
      response: z.array(api.node),
    },
    (ctx, { query: { parentId, ...filters } }) =>
      dicts.childList(ctx, parentId ? BigInt(parentId) : undefined, filters),
  )
  k.read('GET', '/tree', view, { summary: '字典树节点', response: z.array(ZTreeNode) }, (ctx) =>
    dicts.tree(ctx),
  )
  k.read(
    'GET',
    '/detail',
    view,
    {
      summary: '字典详情',
      querystring: ZIdQuery,
      response: api.record.extend({ parentName: z.string() }),
    },
    (ctx, { query }) => dicts.detail(ctx, BigInt(query.id)),
  )
  k.command(
    'POST',
    '/submit',
    { permission: [...api.permissions.add, ...api.permissions.edit] },
    // With an id, a partial update: what it does not carry keeps its stored value (decision 025).
    { summary: '新增或修改字典', body: ZDictSubmitSchema, patch: ZDictSubmitSchema },
    async (ctx, request) => {
      writable(ctx)
      const id = updateIdOf(request)
      const input = id ? patchedInput(request, ZDictSubmitSchema, await dicts.detail(ctx, id)) : request.body
      await dicts.submit(ctx, input)
    },
  )
  k.command(
    'POST',
    '/remove',
    { permission: [...api.permissions.remove] },
    { summary: '删除字典', querystring: ZIdsQuery },
    (ctx, { query }) => dicts.remove(writable(ctx), query.ids.map(BigInt)),
  )
}

export const dictBizRoutes = (app: FastifyInstance, dicts: TDictService) =>
  dictRoutes(app, dicts, {
    prefix: '/api/ysjs-system/dict-biz',
    tag: 'dict-biz',
    permissions: DictPermissions,
    record: ZDictRecordSchema,
    node: ZDictNode,
    table: 'DictBiz',
  })

export const systemDictRoutes = (app: FastifyInstance, dicts: TDictService) =>
  dictRoutes(app, dicts, {
    prefix: '/api/ysjs-system/dict',
    tag: 'dict',
    permissions: SystemDictPermissions,
    record: ZSystemDictRecord,
    node: ZSystemDictNode,
    table: 'Dict',
  })

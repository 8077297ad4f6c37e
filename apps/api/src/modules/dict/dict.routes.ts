import {
  DictPermissions,
  SystemDictPermissions,
  ZDictRecordSchema,
  ZDictSubmitSchema,
  ZIdListSchema,
  ZIdSchema,
  ZPageQuerySchema,
  ZWireIdSchema,
} from '@ysjs/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ctxOf } from '../../lib/context.ts'
import { patchableSubmit, patchedInput, updateIdOf } from '../../lib/crud.ts'
import { done, ok, zDone, zEnvelope, zPage } from '../../lib/envelope.ts'
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
  const r = app.withTypeProvider<ZodTypeProvider>()
  const PREFIX = api.prefix
  const tags = [api.tag]
  const view = { access: { permission: [...api.permissions.view] } } as const
  const writable = (request: Parameters<typeof ctxOf>[0]) => {
    const ctx = ctxOf(request)
    assertTableWritable(ctx, api.table)
    return ctx
  }

  r.get(`${PREFIX}/dictionary`, {
    config: { access: 'authenticated' },
    schema: {
      tags,
      summary: '字典项 (下拉框)',
      querystring: ZCode,
      response: { 200: zEnvelope(z.array(api.record)) },
    },
    handler: async (request) => ok(await dicts.dictionary(ctxOf(request), request.query.code)),
  })
  r.get(`${PREFIX}/dictionary-tree`, {
    config: { access: 'authenticated' },
    schema: {
      tags,
      summary: '字典项树',
      querystring: ZCode,
      response: { 200: zEnvelope(z.array(api.node)) },
    },
    handler: async (request) => ok(await dicts.dictionaryTree(ctxOf(request), request.query.code)),
  })
  r.get(`${PREFIX}/list`, {
    config: view,
    schema: {
      tags,
      summary: '字典树 (全部)',
      querystring: ZFilters,
      response: { 200: zEnvelope(z.array(api.node)) },
    },
    handler: async (request) => ok(await dicts.list(ctxOf(request), request.query)),
  })
  r.get(`${PREFIX}/parent-list`, {
    config: view,
    schema: {
      tags,
      summary: '字典 (分页)',
      querystring: ZPageQuerySchema.extend(ZFilters.shape).catchall(z.unknown()),
      response: { 200: zEnvelope(zPage(api.record)) },
    },
    handler: async (request) => ok(await dicts.parentPage(ctxOf(request), request.query)),
  })
  r.get(`${PREFIX}/child-list`, {
    config: view,
    schema: {
      tags,
      summary: '字典项 (树)',
      querystring: ZFilters.extend({
        parentId: z.preprocess((v) => (v === '' || v === '-1' ? undefined : v), ZIdSchema.optional()),
      }),
      response: { 200: zEnvelope(z.array(api.node)) },
    },
    handler: async (request) => {
      const { parentId, ...filters } = request.query
      return ok(await dicts.childList(ctxOf(request), parentId ? BigInt(parentId) : undefined, filters))
    },
  })
  r.get(`${PREFIX}/tree`, {
    config: view,
    schema: { tags, summary: '字典树节点', response: { 200: zEnvelope(z.array(ZTreeNode)) } },
    handler: async (request) => ok(await dicts.tree(ctxOf(request))),
  })
  r.get(`${PREFIX}/detail`, {
    config: view,
    schema: {
      tags,
      summary: '字典详情',
      querystring: z.object({ id: ZIdSchema }),
      response: { 200: zEnvelope(api.record.extend({ parentName: z.string() })) },
    },
    handler: async (request) => ok(await dicts.detail(ctxOf(request), BigInt(request.query.id))),
  })
  r.post(`${PREFIX}/submit`, {
    config: { access: { permission: [...api.permissions.add, ...api.permissions.edit] } },
    schema: { tags, summary: '新增或修改字典', body: ZDictSubmitSchema, response: { 200: zDone } },
    // With an id, a partial update: what it does not carry keeps its stored value (decision 025).
    ...patchableSubmit(ZDictSubmitSchema),
    handler: async (request) => {
      const ctx = writable(request)
      const id = updateIdOf(request)
      const input = id ? patchedInput(request, ZDictSubmitSchema, await dicts.detail(ctx, id)) : request.body
      await dicts.submit(ctx, input)
      return done()
    },
  })
  r.post(`${PREFIX}/remove`, {
    config: { access: { permission: [...api.permissions.remove] } },
    schema: {
      tags,
      summary: '删除字典',
      querystring: z.object({ ids: ZIdListSchema }),
      response: { 200: zDone },
    },
    handler: async (request) => {
      await dicts.remove(writable(request), request.query.ids.map(BigInt))
      return done()
    },
  })
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

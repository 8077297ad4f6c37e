import {
  ZDeptSchema,
  ZDeptSubmitResultSchema,
  ZDeptSubmitSchema,
  ZIdListSchema,
  ZIdSchema,
  ZTreeNodeSchema,
  zOptionalText,
} from '@ysjs/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ctxOf } from '../../lib/context.ts'
import { patchableSubmit, patchedInput, submitIdFor } from '../../lib/crud.ts'
import { done, ok, zDone, zEnvelope } from '../../lib/envelope.ts'
import type { TDeptService } from './dept.service.ts'

const PREFIX = '/api/ysjs-system/dept'

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v)
const zParentId = z.preprocess(emptyToUndefined, ZIdSchema.optional())
const ZFilters = z.object({
  deptName: zOptionalText(45),
  fullName: zOptionalText(45),
  /** Another tenant's tree: honoured for the platform administrator only. */
  tenantId: zOptionalText(12),
})

/** The dept screen reads with `dept`; the user screen's dept tree and pickers with `user`. */
const READ = { permission: ['dept', 'user'] } as const

export const deptRoutes = (app: FastifyInstance, depts: TDeptService) => {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['dept']

  r.get(`${PREFIX}/list`, {
    config: { access: { permission: 'dept' } },
    schema: {
      tags,
      summary: '机构树 (DeptVO, deptName/fullName 模糊查询)',
      querystring: ZFilters,
      response: { 200: zEnvelope(z.array(ZDeptSchema)) },
    },
    handler: async (request) => ok(await depts.list(ctxOf(request), request.query)),
  })
  r.get(`${PREFIX}/lazy-list`, {
    config: { access: { permission: 'dept' } },
    schema: {
      tags,
      summary: '机构懒加载列表 (parentId 的下一级, 带 hasChildren)',
      querystring: ZFilters.extend({ parentId: zParentId }),
      response: { 200: zEnvelope(z.array(ZDeptSchema)) },
    },
    handler: async (request) => ok(await depts.lazyList(ctxOf(request), request.query)),
  })
  r.get(`${PREFIX}/detail`, {
    config: { access: { permission: 'dept' } },
    schema: {
      tags,
      summary: '机构详情',
      querystring: z.object({ id: ZIdSchema }),
      response: { 200: zEnvelope(ZDeptSchema) },
    },
    handler: async (request) => ok(await depts.detail(ctxOf(request), BigInt(request.query.id))),
  })
  r.get(`${PREFIX}/tree`, {
    config: { access: READ },
    schema: {
      tags,
      summary: '机构树节点 (tenantId 仅平台管理员可指定)',
      querystring: z.object({ tenantId: zOptionalText(12) }),
      response: { 200: zEnvelope(z.array(ZTreeNodeSchema)) },
    },
    handler: async (request) => ok(await depts.tree(ctxOf(request), request.query.tenantId)),
  })
  r.get(`${PREFIX}/lazy-tree`, {
    config: { access: READ },
    schema: {
      tags,
      summary: '机构树节点懒加载 (parentId 的下一级)',
      querystring: z.object({ parentId: zParentId, tenantId: zOptionalText(12) }),
      response: { 200: zEnvelope(z.array(ZTreeNodeSchema)) },
    },
    handler: async (request) => ok(await depts.lazyTree(ctxOf(request), request.query)),
  })
  r.post(`${PREFIX}/submit`, {
    config: { access: { permission: ['dept_add', 'dept_edit'] } },
    schema: {
      tags,
      summary: '新增或修改机构 (修改上级时重写其子树的 ancestors)',
      body: ZDeptSubmitSchema,
      response: { 200: zEnvelope(ZDeptSubmitResultSchema) },
    },
    // With an id, a partial update: what it does not carry keeps its stored value (decision 030).
    ...patchableSubmit(ZDeptSubmitSchema),
    handler: async (request) => {
      const id = await submitIdFor(app, request, { add: 'dept_add', edit: 'dept_edit' })
      const ctx = ctxOf(request)
      const input = id ? patchedInput(request, ZDeptSubmitSchema, await depts.detail(ctx, id)) : request.body
      return ok(await depts.submit(ctx, input))
    },
  })
  r.post(`${PREFIX}/remove`, {
    config: { access: { permission: 'dept_delete' } },
    schema: {
      tags,
      summary: '删除机构 (存在子机构或用户时拒绝)',
      querystring: z.object({ ids: ZIdListSchema }),
      response: { 200: zDone },
    },
    handler: async (request) => {
      await depts.remove(ctxOf(request), request.query.ids.map(BigInt))
      return done()
    },
  })
}

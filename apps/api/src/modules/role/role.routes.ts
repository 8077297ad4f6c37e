import {
  Msg,
  RolePermissions,
  ZIdListSchema,
  ZIdSchema,
  ZRoleGrantSchema,
  ZRoleListQuerySchema,
  ZRoleRecordSchema,
  ZRoleSubmitSchema,
  ZTreeNodeSchema,
  zText,
} from '@ysjs/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ctxOf } from '../../lib/context.ts'
import { patchableSubmit, patchedInput, submitIdFor } from '../../lib/crud.ts'
import { done, ok, zDone, zEnvelope } from '../../lib/envelope.ts'
import type { TRoleService } from './role.service.ts'

const PREFIX = '/api/ysjs-system/role'
const P = RolePermissions

export const roleRoutes = (app: FastifyInstance, roles: TRoleService) => {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['role']

  r.get(`${PREFIX}/list`, {
    config: { access: { permission: P.list } },
    schema: {
      tags,
      summary: '角色树 (按角色名、别名过滤; 非管理租户只见本租户)',
      querystring: ZRoleListQuerySchema,
      response: { 200: zEnvelope(z.array(ZRoleRecordSchema)) },
    },
    handler: async (request) => ok(await roles.list(ctxOf(request), request.query)),
  })

  r.get(`${PREFIX}/detail`, {
    config: { access: { permission: P.list } },
    schema: {
      tags,
      summary: '角色详情',
      querystring: z.object({ id: ZIdSchema }),
      response: { 200: zEnvelope(ZRoleRecordSchema) },
    },
    handler: async (request) => ok(await roles.detail(ctxOf(request), BigInt(request.query.id))),
  })

  r.get(`${PREFIX}/tree`, {
    config: { access: { permission: [P.list, 'user'] } },
    schema: {
      tags,
      summary: '租户的角色树 (tenantId 仅管理租户的超级管理员可指定)',
      querystring: z.object({ tenantId: zText().trim().max(12).optional() }),
      response: { 200: zEnvelope(z.array(ZTreeNodeSchema)) },
    },
    handler: async (request) => ok(await roles.tree(ctxOf(request), request.query.tenantId || undefined)),
  })

  r.get(`${PREFIX}/tree-by-id`, {
    config: { access: { permission: [P.list, 'user'] } },
    schema: {
      tags,
      summary: '角色所在租户的角色树',
      querystring: z.object({ roleId: ZIdSchema }),
      response: { 200: zEnvelope(z.array(ZTreeNodeSchema)) },
    },
    handler: async (request) => ok(await roles.treeById(ctxOf(request), BigInt(request.query.roleId))),
  })

  r.post(`${PREFIX}/submit`, {
    config: { access: { permission: [P.add, P.edit] } },
    schema: { tags, summary: '新增或修改角色', body: ZRoleSubmitSchema, response: { 200: zDone } },
    // With an id, a partial update: what it does not carry keeps its stored value (decision 030).
    ...patchableSubmit(ZRoleSubmitSchema),
    handler: async (request) => {
      const ctx = ctxOf(request)
      const id = await submitIdFor(app, request, P)
      const input = id ? patchedInput(request, ZRoleSubmitSchema, await roles.detail(ctx, id)) : request.body
      await roles.submit(ctx, input)
      return done()
    },
  })

  r.post(`${PREFIX}/remove`, {
    config: { access: { permission: P.remove } },
    schema: {
      tags,
      summary: '删除角色 (有子角色或仍有用户持有时拒绝)',
      querystring: z.object({ ids: ZIdListSchema }),
      response: { 200: zDone },
    },
    handler: async (request) => {
      await roles.remove(ctxOf(request), request.query.ids.map(BigInt))
      return done(Msg.SUCCESS)
    },
  })

  r.post(`${PREFIX}/grant`, {
    config: { access: { permission: P.grant } },
    schema: {
      tags,
      summary: '角色授权: 菜单、数据权限、接口权限 (替换现有授权, 子角色随之收回父角色失去的菜单)',
      body: ZRoleGrantSchema,
      response: { 200: zDone },
    },
    handler: async (request) => {
      await roles.grant(ctxOf(request), request.body)
      return done()
    },
  })
}

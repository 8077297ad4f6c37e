import {
  MenuPermissions,
  RolePermissions,
  TopMenuPermissions,
  ZGrantKeysSchema,
  ZGrantTreeSchema,
  ZIdListSchema,
  ZIdSchema,
  ZMenuDetailSchema,
  ZMenuSubmitSchema,
  ZMenuVoSchema,
  ZTopMenuGrantSchema,
  ZTreeNodeSchema,
  ZWireIdSchema,
  zText,
} from '@ysjs/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ctxOf } from '../../lib/context.ts'
import { patchableSubmit, patchedInput, submitIdFor } from '../../lib/crud.ts'
import { done, ok, zDone, zEnvelope } from '../../lib/envelope.ts'
import type { TRoleService } from '../role/role.service.ts'
import type { TMenuAdminService } from './menu-admin.service.ts'

const PREFIX = '/api/ysjs-system/menu'
const P = MenuPermissions

const ZFilters = z
  .object({
    name: zText().max(255).optional(),
    code: zText().max(255).optional(),
    alias: zText().max(255).optional(),
  })
  .catchall(z.unknown())
const ZLazy = ZFilters.extend({
  parentId: z.preprocess((v) => (v === '' ? undefined : v), ZIdSchema.optional()),
})
/** `roleIds=1,2` (or repeated keys) as a list of ids. */
const idList = () => z.preprocess((v) => (Array.isArray(v) ? v.join(',') : v), ZIdListSchema)

/** Management calls of the menu table and the grant trees (contract 5.4); routes/buttons are in menu.routes.ts. */
export const menuAdminRoutes = (app: FastifyInstance, menus: TMenuAdminService, roles: TRoleService) => {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['menu']
  const view = { access: { permission: P.list } } as const

  r.get(`${PREFIX}/list`, {
    config: view,
    schema: {
      tags,
      summary: '菜单与按钮的完整树 (按名称、编号、别名过滤)',
      querystring: ZFilters,
      response: { 200: zEnvelope(z.array(ZMenuVoSchema)) },
    },
    handler: async (request) => ok(await menus.list(request.query)),
  })
  r.get(`${PREFIX}/menu-list`, {
    config: view,
    schema: {
      tags,
      summary: '菜单树 (仅菜单类型)',
      querystring: ZFilters,
      response: { 200: zEnvelope(z.array(ZMenuVoSchema)) },
    },
    handler: async (request) => ok(await menus.list(request.query, 1)),
  })
  r.get(`${PREFIX}/lazy-list`, {
    config: view,
    schema: {
      tags,
      summary: '一层菜单与按钮 (不传 parentId 时为全部层级)',
      querystring: ZLazy,
      response: { 200: zEnvelope(z.array(ZMenuDetailSchema)) },
    },
    handler: async (request) => {
      const { parentId, ...filters } = request.query
      return ok(await menus.lazyList(parentId ? BigInt(parentId) : undefined, filters))
    },
  })
  r.get(`${PREFIX}/lazy-menu-list`, {
    config: view,
    schema: {
      tags,
      summary: '一层菜单 (仅菜单类型)',
      querystring: ZLazy,
      response: { 200: zEnvelope(z.array(ZMenuDetailSchema)) },
    },
    handler: async (request) => {
      const { parentId, ...filters } = request.query
      return ok(await menus.lazyList(parentId ? BigInt(parentId) : undefined, filters, 1))
    },
  })
  r.get(`${PREFIX}/detail`, {
    config: view,
    schema: {
      tags,
      summary: '菜单详情 (含上级名称与字典标签)',
      querystring: z.object({ id: ZIdSchema }),
      response: { 200: zEnvelope(ZMenuDetailSchema) },
    },
    handler: async (request) => ok(await menus.detail(BigInt(request.query.id))),
  })
  r.get(`${PREFIX}/tree`, {
    config: {
      access: {
        permission: [
          P.list,
          RolePermissions.list,
          TopMenuPermissions.list,
          'tenantpackage',
          'data_scope',
          'api_scope',
        ],
      },
    },
    schema: { tags, summary: '菜单树 (树节点)', response: { 200: zEnvelope(z.array(ZTreeNodeSchema)) } },
    handler: async (request) => ok(await menus.tree(ctxOf(request))),
  })
  r.post(`${PREFIX}/submit`, {
    config: { access: { permission: [P.add, P.edit] } },
    schema: {
      tags,
      summary: '新增或修改菜单 (仅超级管理员)',
      body: ZMenuSubmitSchema,
      response: { 200: zEnvelope(z.object({ id: ZWireIdSchema })) },
    },
    // With an id, a partial update: what it does not carry keeps its stored value (decision 030).
    ...patchableSubmit(ZMenuSubmitSchema),
    handler: async (request) => {
      const ctx = ctxOf(request)
      const id = await submitIdFor(app, request, P)
      const input = id ? patchedInput(request, ZMenuSubmitSchema, await menus.detail(id)) : request.body
      return ok(await menus.submit(ctx, input))
    },
  })
  r.post(`${PREFIX}/remove`, {
    config: { access: { permission: P.remove } },
    schema: {
      tags,
      summary: '删除菜单 (仅超级管理员; 有子节点时拒绝)',
      querystring: z.object({ ids: ZIdListSchema }),
      response: { 200: zDone },
    },
    handler: async (request) => {
      await menus.remove(ctxOf(request), request.query.ids.map(BigInt))
      return done()
    },
  })
  r.get(`${PREFIX}/grant-tree`, {
    config: { access: { permission: [RolePermissions.grant, RolePermissions.list] } },
    schema: {
      tags,
      summary: '角色授权的三棵树: 菜单、数据权限、接口权限',
      response: { 200: zEnvelope(ZGrantTreeSchema) },
    },
    handler: async (request) => ok(await menus.grantTree(ctxOf(request))),
  })
  r.get(`${PREFIX}/role-tree-keys`, {
    config: { access: { permission: [RolePermissions.grant, RolePermissions.list] } },
    schema: {
      tags,
      summary: '角色已授权的菜单、数据权限、接口权限',
      querystring: z.object({ roleIds: idList() }),
      response: { 200: zEnvelope(ZGrantKeysSchema) },
    },
    handler: async (request) =>
      ok(await roles.grantedKeys(ctxOf(request), request.query.roleIds.map(BigInt))),
  })
  r.get(`${PREFIX}/grant-top-tree`, {
    config: { access: { permission: [TopMenuPermissions.grant, TopMenuPermissions.list] } },
    schema: {
      tags,
      summary: '顶部菜单配置的菜单树',
      response: { 200: zEnvelope(z.object({ menu: z.array(ZTreeNodeSchema) })) },
    },
    handler: async (request) => ok(await menus.grantTopTree(ctxOf(request))),
  })
  r.get(`${PREFIX}/top-tree-keys`, {
    config: { access: { permission: [TopMenuPermissions.grant, TopMenuPermissions.list] } },
    schema: {
      tags,
      summary: '顶部菜单已配置的菜单',
      querystring: z.object({ topMenuIds: idList() }),
      response: { 200: zEnvelope(z.object({ menu: z.array(ZWireIdSchema) })) },
    },
    handler: async (request) =>
      ok(await menus.topTreeKeys(ctxOf(request), request.query.topMenuIds.map(BigInt))),
  })
  r.post('/api/ysjs-system/topmenu/grant', {
    config: { access: { permission: TopMenuPermissions.grant } },
    schema: {
      tags: ['topmenu'],
      summary: '顶部菜单配置: 替换所选顶部菜单的菜单',
      body: ZTopMenuGrantSchema,
      response: { 200: zDone },
    },
    handler: async (request) => {
      await menus.grantTop(ctxOf(request), request.body)
      return done()
    },
  })
}

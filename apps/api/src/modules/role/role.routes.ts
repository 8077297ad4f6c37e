import {
  RolePermissions,
  ZIdSchema,
  ZRoleGrantSchema,
  ZRoleListQuerySchema,
  ZRoleRecordSchema,
  ZRoleSubmitSchema,
  ZTreeNodeSchema,
  zText,
} from '@ysjs/shared'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { routeKit, ZIdQuery, ZIdsQuery } from '../../lib/route-kit.ts'
import type { TRoleService } from './role.service.ts'

const P = RolePermissions

export const roleRoutes = (app: FastifyInstance, roles: TRoleService) => {
  const k = routeKit(app, { tags: ['role'], prefix: '/api/ysjs-system/role' })
  const tree = z.array(ZTreeNodeSchema)

  k.read(
    'GET',
    '/list',
    { permission: P.list },
    {
      summary: '角色树 (按角色名、别名过滤; 非管理租户只见本租户)',
      querystring: ZRoleListQuerySchema,
      response: z.array(ZRoleRecordSchema),
    },
    (ctx, { query }) => roles.list(ctx, query),
  )
  k.read(
    'GET',
    '/detail',
    { permission: P.list },
    { summary: '角色详情', querystring: ZIdQuery, response: ZRoleRecordSchema },
    (ctx, { query }) => roles.detail(ctx, BigInt(query.id)),
  )
  k.read(
    'GET',
    '/tree',
    { permission: [P.list, 'user'] },
    {
      summary: '租户的角色树 (tenantId 仅管理租户的超级管理员可指定)',
      querystring: z.object({ tenantId: zText().trim().max(12).optional() }),
      response: tree,
    },
    (ctx, { query }) => roles.tree(ctx, query.tenantId || undefined),
  )
  k.read(
    'GET',
    '/tree-by-id',
    { permission: [P.list, 'user'] },
    { summary: '角色所在租户的角色树', querystring: z.object({ roleId: ZIdSchema }), response: tree },
    (ctx, { query }) => roles.treeById(ctx, BigInt(query.roleId)),
  )
  // With an id, a partial update: what it does not carry keeps its stored value (decision 030).
  k.submit(
    '/submit',
    P,
    { summary: '新增或修改角色', body: ZRoleSubmitSchema },
    { stored: roles.detail, save: roles.submit },
  )
  k.command(
    'POST',
    '/remove',
    { permission: P.remove },
    { summary: '删除角色 (有子角色或仍有用户持有时拒绝)', querystring: ZIdsQuery },
    (ctx, { query }) => roles.remove(ctx, query.ids.map(BigInt)),
  )
  k.command(
    'POST',
    '/grant',
    { permission: P.grant },
    {
      summary: '角色授权: 菜单、数据权限、接口权限 (替换现有授权, 子角色随之收回父角色失去的菜单)',
      body: ZRoleGrantSchema,
    },
    (ctx, { body }) => roles.grant(ctx, body),
  )
}

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
import { z } from 'zod'
import { routeKit, ZIdQuery, ZIdsQuery } from '../../lib/route-kit.ts'
import type { TRoleService } from '../role/role.service.ts'
import type { TMenuAdminService } from './menu-admin.service.ts'

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
  const k = routeKit(app, { tags: ['menu'], prefix: '/api/ysjs-system/menu' })
  const view = { permission: P.list } as const
  const grantView = { permission: [RolePermissions.grant, RolePermissions.list] }
  const topView = { permission: [TopMenuPermissions.grant, TopMenuPermissions.list] }

  // Each list twice: menus and buttons, and menus alone (category 1).
  for (const [prefix, category, tree, layer] of [
    [
      '',
      undefined,
      '菜单与按钮的完整树 (按名称、编号、别名过滤)',
      '一层菜单与按钮 (不传 parentId 时为全部层级)',
    ],
    ['menu-', 1, '菜单树 (仅菜单类型)', '一层菜单 (仅菜单类型)'],
  ] as const) {
    k.read(
      'GET',
      `/${prefix}list`,
      view,
      {
        summary: tree,
        querystring: ZFilters,
        response: z.array(ZMenuVoSchema),
      },
      (_ctx, { query }) => menus.list(query, category),
    )
    k.read(
      'GET',
      `/lazy-${prefix}list`,
      view,
      {
        summary: layer,
        querystring: ZLazy,
        response: z.array(ZMenuDetailSchema),
      },
      (_ctx, { query: { parentId, ...filters } }) =>
        menus.lazyList(parentId ? BigInt(parentId) : undefined, filters, category),
    )
  }
  k.read(
    'GET',
    '/detail',
    view,
    {
      summary: '菜单详情 (含上级名称与字典标签)',
      querystring: ZIdQuery,
      response: ZMenuDetailSchema,
    },
    (_ctx, { query }) => menus.detail(BigInt(query.id)),
  )
  k.read(
    'GET',
    '/tree',
    {
      permission: [
        P.list,
        RolePermissions.list,
        TopMenuPermissions.list,
        'tenantpackage',
        'data_scope',
        'api_scope',
      ],
    },
    { summary: '菜单树 (树节点)', response: z.array(ZTreeNodeSchema) },
    (ctx) => menus.tree(ctx),
  )
  // With an id, a partial update: what it does not carry keeps its stored value (decision 030).
  k.submit(
    '/submit',
    P,
    {
      summary: '新增或修改菜单 (仅超级管理员)',
      body: ZMenuSubmitSchema,
      response: z.object({ id: ZWireIdSchema }),
    },
    { stored: (_ctx, id) => menus.detail(id), save: menus.submit },
  )
  k.command(
    'POST',
    '/remove',
    { permission: P.remove },
    { summary: '删除菜单 (仅超级管理员; 有子节点时拒绝)', querystring: ZIdsQuery },
    (ctx, { query }) => menus.remove(ctx, query.ids.map(BigInt)),
  )
  k.read(
    'GET',
    '/grant-tree',
    grantView,
    { summary: '角色授权的三棵树: 菜单、数据权限、接口权限', response: ZGrantTreeSchema },
    (ctx) => menus.grantTree(ctx),
  )
  k.read(
    'GET',
    '/role-tree-keys',
    grantView,
    {
      summary: '角色已授权的菜单、数据权限、接口权限',
      querystring: z.object({ roleIds: idList() }),
      response: ZGrantKeysSchema,
    },
    (ctx, { query }) => roles.grantedKeys(ctx, query.roleIds.map(BigInt)),
  )
  k.read(
    'GET',
    '/grant-top-tree',
    topView,
    { summary: '顶部菜单配置的菜单树', response: z.object({ menu: z.array(ZTreeNodeSchema) }) },
    (ctx) => menus.grantTopTree(ctx),
  )
  k.read(
    'GET',
    '/top-tree-keys',
    topView,
    {
      summary: '顶部菜单已配置的菜单',
      querystring: z.object({ topMenuIds: idList() }),
      response: z.object({ menu: z.array(ZWireIdSchema) }),
    },
    (ctx, { query }) => menus.topTreeKeys(ctx, query.topMenuIds.map(BigInt)),
  )
  routeKit(app, { tags: ['topmenu'], prefix: '/api/ysjs-system/topmenu' }).command(
    'POST',
    '/grant',
    { permission: TopMenuPermissions.grant },
    { summary: '顶部菜单配置: 替换所选顶部菜单的菜单', body: ZTopMenuGrantSchema },
    (ctx, { body }) => menus.grantTop(ctx, body),
  )
}

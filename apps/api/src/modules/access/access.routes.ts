import {
  AccessPermissions,
  ZAccessExplainQuerySchema,
  ZAccessExplainSchemaOut,
  ZAccessPreviewSchema,
  ZAccessPreviewSchemaOut,
} from '@ysjs/shared'
import type { FastifyInstance } from 'fastify'
import { routeKit } from '../../lib/route-kit.ts'
import type { TAccessService } from './access.service.ts'

export const accessRoutes = (app: FastifyInstance, access: TAccessService) => {
  const k = routeKit(app, { tags: ['access'], prefix: '/api/ysjs-system/access' })
  k.read(
    'POST',
    '/preview',
    { permission: AccessPermissions.preview },
    {
      summary: '变更预览: 角色授权、产品包菜单或用户角色变更后, 哪些用户得到或失去哪些菜单和按钮',
      body: ZAccessPreviewSchema,
      response: ZAccessPreviewSchemaOut,
    },
    (ctx, { body }) => access.preview(ctx, body),
  )
  k.read(
    'GET',
    '/explain',
    { permission: AccessPermissions.explain },
    {
      summary: '权限解释: 用户能否访问某菜单、按钮或接口, 以及允许或拒绝的环节',
      querystring: ZAccessExplainQuerySchema,
      response: ZAccessExplainSchemaOut,
    },
    (ctx, { query }) => access.explain(ctx, query),
  )
}

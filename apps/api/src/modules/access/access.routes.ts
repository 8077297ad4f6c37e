import {
  AccessPermissions,
  ZAccessExplainQuerySchema,
  ZAccessExplainSchemaOut,
  ZAccessPreviewSchema,
  ZAccessPreviewSchemaOut,
} from '@ysjs/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { ctxOf } from '../../lib/context.ts'
import { ok, zEnvelope } from '../../lib/envelope.ts'
import type { TAccessService } from './access.service.ts'

const PREFIX = '/api/ysjs-system/access'

export const accessRoutes = (app: FastifyInstance, access: TAccessService) => {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['access']

  r.post(`${PREFIX}/preview`, {
    config: { access: { permission: AccessPermissions.preview } },
    schema: {
      tags,
      summary: '变更预览: 角色授权、产品包菜单或用户角色变更后, 哪些用户得到或失去哪些菜单和按钮',
      body: ZAccessPreviewSchema,
      response: { 200: zEnvelope(ZAccessPreviewSchemaOut) },
    },
    handler: async (request) => ok(await access.preview(ctxOf(request), request.body)),
  })

  r.get(`${PREFIX}/explain`, {
    config: { access: { permission: AccessPermissions.explain } },
    schema: {
      tags,
      summary: '权限解释: 用户能否访问某菜单、按钮或接口, 以及允许或拒绝的环节',
      querystring: ZAccessExplainQuerySchema,
      response: { 200: zEnvelope(ZAccessExplainSchemaOut) },
    },
    handler: async (request) => ok(await access.explain(ctxOf(request), request.query)),
  })
}

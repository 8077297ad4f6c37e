import { ZOssProbeResultSchema } from '@ysjs/shared'
import type { FastifyInstance } from 'fastify'
import { registerCrudRoutes } from '../../lib/crud.ts'
import { routeKit, ZIdQuery } from '../../lib/route-kit.ts'
import type { TOssConfigService } from './oss-config.service.ts'

export const ossConfigRoutes = (app: FastifyInstance, configs: TOssConfigService) => {
  registerCrudRoutes(app, configs)
  const k = routeKit(app, { tags: ['oss'], prefix: configs.def.prefix })
  k.command(
    'POST',
    '/enable',
    { permission: 'oss_enable' },
    { summary: '启用对象存储配置 (其余停用)', querystring: ZIdQuery },
    (ctx, request) => configs.setEnabled(ctx, BigInt(request.query.id), true),
  )
  k.command(
    'POST',
    '/disable',
    { permission: 'oss_enable' },
    { summary: '停用对象存储配置 (使用默认存储)', querystring: ZIdQuery },
    (ctx, request) => configs.setEnabled(ctx, BigInt(request.query.id), false),
  )
  k.read(
    'POST',
    '/test-connection',
    { permission: ['oss_edit', 'oss_enable'] },
    {
      summary: '测试连接: 写入、读取、删除一个测试对象',
      querystring: ZIdQuery,
      response: ZOssProbeResultSchema,
    },
    (ctx, request) => configs.probe(ctx, BigInt(request.query.id)),
  )
}

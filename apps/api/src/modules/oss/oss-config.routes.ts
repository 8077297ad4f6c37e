import { ZIdSchema, ZOssProbeResultSchema } from '@ysjs/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ctxOf } from '../../lib/context.ts'
import { registerCrudRoutes } from '../../lib/crud.ts'
import { done, ok, zDone, zEnvelope } from '../../lib/envelope.ts'
import type { TOssConfigService } from './oss-config.service.ts'

const ZIdQuery = z.object({ id: ZIdSchema })

export const ossConfigRoutes = (app: FastifyInstance, configs: TOssConfigService) => {
  registerCrudRoutes(app, configs)
  const r = app.withTypeProvider<ZodTypeProvider>()
  const prefix = configs.def.prefix
  const tags = ['oss']
  r.post(`${prefix}/enable`, {
    config: { access: { permission: 'oss_enable' } },
    schema: { tags, summary: '启用对象存储配置 (其余停用)', querystring: ZIdQuery, response: { 200: zDone } },
    handler: async (request) => {
      await configs.setEnabled(ctxOf(request), BigInt(request.query.id), true)
      return done()
    },
  })
  r.post(`${prefix}/disable`, {
    config: { access: { permission: 'oss_enable' } },
    schema: {
      tags,
      summary: '停用对象存储配置 (使用默认存储)',
      querystring: ZIdQuery,
      response: { 200: zDone },
    },
    handler: async (request) => {
      await configs.setEnabled(ctxOf(request), BigInt(request.query.id), false)
      return done()
    },
  })
  r.post(`${prefix}/test-connection`, {
    config: { access: { permission: ['oss_edit', 'oss_enable'] } },
    schema: {
      tags,
      summary: '测试连接: 写入、读取、删除一个测试对象',
      querystring: ZIdQuery,
      response: { 200: zEnvelope(ZOssProbeResultSchema) },
    },
    handler: async (request) => ok(await configs.probe(ctxOf(request), BigInt(request.query.id))),
  })
}

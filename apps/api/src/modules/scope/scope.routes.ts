import { DataScopePermissions, ZScopeRuleFieldSchema, ZScopeRuleFieldsQuerySchema } from '@ysjs/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { registerCrudRoutes } from '../../lib/crud.ts'
import { ok, zEnvelope } from '../../lib/envelope.ts'
import type { TScopeServices } from './scope.service.ts'

/** Data and API scopes (contract 6.2, 6.3), and the fields a custom data-scope rule may name. */
export const scopeRoutes = (app: FastifyInstance, scopes: TScopeServices) => {
  registerCrudRoutes(app, scopes.data)
  registerCrudRoutes(app, scopes.api)
  app.withTypeProvider<ZodTypeProvider>().get('/api/ysjs-system/data-scope/rule-fields', {
    config: { access: { permission: DataScopePermissions.list } },
    schema: {
      tags: ['data-scope'],
      summary: '自定义规则可用字段 (资源的可筛选字段与审计字段)',
      querystring: ZScopeRuleFieldsQuerySchema,
      response: { 200: zEnvelope(z.array(ZScopeRuleFieldSchema)) },
    },
    handler: async (request) => ok(scopes.ruleFields(request.query.resourceCode)),
  })
}

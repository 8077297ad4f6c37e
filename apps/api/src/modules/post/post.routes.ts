import { ZPostOptionSchema, zOptionalText } from '@ysjs/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ctxOf } from '../../lib/context.ts'
import { registerCrudRoutes } from '../../lib/crud.ts'
import { ok, zEnvelope } from '../../lib/envelope.ts'
import type { TPostService } from './post.service.ts'

export const postRoutes = (app: FastifyInstance, posts: TPostService) => {
  registerCrudRoutes(app, posts.crud)
  app.withTypeProvider<ZodTypeProvider>().get('/api/ysjs-system/post/select', {
    config: { access: { permission: ['post', 'user'] } },
    schema: {
      tags: ['post'],
      summary: '岗位下拉 (tenantId 仅平台管理员可指定)',
      querystring: z.object({ tenantId: zOptionalText(12) }),
      response: { 200: zEnvelope(z.array(ZPostOptionSchema)) },
    },
    handler: async (request) => ok(await posts.select(ctxOf(request), request.query.tenantId)),
  })
}

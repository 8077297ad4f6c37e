import { ZUserBriefSchema, ZUserListQuerySchema } from '@ysjs/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ctxOf } from '../../lib/context.ts'
import { ok, zEnvelope } from '../../lib/envelope.ts'
import type { TUserPickService } from './user-pick.service.ts'

const PREFIX = '/api/ysjs-system/user'

/** The platform's user pickers (contract 7.2): any signed-in user, the caller's tenant only. */
export const userPickRoutes = (app: FastifyInstance, users: TUserPickService) => {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['user']
  r.get(`${PREFIX}/user-list`, {
    config: { access: 'authenticated' },
    schema: {
      tags,
      summary: '本租户的用户 (选择器: account, realName, name, deptId, userType 精确匹配)',
      querystring: ZUserListQuerySchema,
      response: { 200: zEnvelope(z.array(ZUserBriefSchema)) },
    },
    handler: async (request) => ok(await users.userList(ctxOf(request), request.query)),
  })
  r.get(`${PREFIX}/select`, {
    config: { access: 'authenticated' },
    schema: {
      tags,
      summary: '本租户的用户 (按姓名拼音排序)',
      response: { 200: zEnvelope(z.array(ZUserBriefSchema)) },
    },
    handler: async (request) => ok(await users.select(ctxOf(request))),
  })
}

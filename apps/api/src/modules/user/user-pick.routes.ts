import { ZUserBriefSchema, ZUserListQuerySchema } from '@ysjs/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { routeKit } from '../../lib/route-kit.ts'
import type { TUserPickService } from './user-pick.service.ts'

const PREFIX = '/api/ysjs-system/user'

/** The platform's user pickers (contract 7.2): any signed-in user, the caller's tenant only. */
export const userPickRoutes = (app: FastifyInstance, users: TUserPickService) => {
  const _r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['user']
  const k = routeKit(app, { tags })
  k.read(
    'GET',
    `${PREFIX}/user-list`,
    'authenticated',
    {
      summary: '本租户的用户 (选择器: account, realName, name, deptId, userType 精确匹配)',
      querystring: ZUserListQuerySchema,
      response: z.array(ZUserBriefSchema),
    },
    (ctx, request) => users.userList(ctx, request.query),
  )
  k.read(
    'GET',
    `${PREFIX}/select`,
    'authenticated',
    { summary: '本租户的用户 (按姓名拼音排序)', response: z.array(ZUserBriefSchema) },
    (ctx) => users.select(ctx),
  )
}

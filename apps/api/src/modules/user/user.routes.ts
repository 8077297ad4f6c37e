import {
  UserMsg,
  ZGuestRegisterSchema,
  ZPasswordChangeSchema,
  ZUserInfoUpdateSchema,
  ZUserRecordSchema,
} from '@ysjs/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { ctxOf } from '../../lib/context.ts'
import { done, zDone } from '../../lib/envelope.ts'
import { routeKit } from '../../lib/route-kit.ts'
import type { TUserService } from './user.service.ts'

const PREFIX = '/api/ysjs-system/user'

export const userRoutes = (app: FastifyInstance, users: TUserService) => {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['user']
  const k = routeKit(app, { tags })

  k.read(
    'GET',
    `${PREFIX}/info`,
    'authenticated',
    { summary: '当前用户信息', response: ZUserRecordSchema },
    (ctx) => users.info(ctx),
  )
  k.command(
    'POST',
    `${PREFIX}/update-info`,
    'authenticated',
    { summary: '修改个人信息', body: ZUserInfoUpdateSchema },
    (ctx, request) => users.updateInfo(ctx, request.body),
  )
  k.command(
    'POST',
    `${PREFIX}/update-password`,
    'authenticated',
    { summary: '修改密码 (md5; 成功后吊销该用户全部令牌)', querystring: ZPasswordChangeSchema },
    (ctx, request) => users.updatePassword(ctx, request.query),
  )
  r.post(`${PREFIX}/register-guest`, {
    config: { access: 'authenticated', rateLimit: { max: 10, timeWindow: '1 minute' } },
    schema: {
      tags,
      summary: '第三方用户申请账号 (待管理员审核)',
      body: ZGuestRegisterSchema,
      response: { 200: zDone },
    },
    handler: async (request) => {
      await users.registerGuest(ctxOf(request), request.body)
      return done(UserMsg.REGISTERED)
    },
  })
}

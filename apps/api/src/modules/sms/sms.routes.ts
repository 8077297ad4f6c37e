import {
  SMS_CODE,
  SmsMsg,
  ZSmsSendResultSchema,
  ZSmsSendSchema,
  ZSmsValidateSendSchema,
  ZSmsValidateSentSchema,
} from '@ysjs/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { registerCrudRoutes } from '../../lib/crud.ts'
import { ok, zEnvelope } from '../../lib/envelope.ts'
import { routeKit, ZIdQuery } from '../../lib/route-kit.ts'
import type { TSmsService } from './sms.service.ts'
import type { TSmsCodeService } from './sms-code.service.ts'

const PREFIX = '/api/ysjs-resource/sms'

export const smsRoutes = (app: FastifyInstance, sms: TSmsService, codes: TSmsCodeService) => {
  registerCrudRoutes(app, sms)
  const r = app.withTypeProvider<ZodTypeProvider>()

  const k = routeKit(app, { tags: ['sms'], prefix: PREFIX })
  k.command(
    'POST',
    '/enable',
    { permission: 'sms_enable' },
    { summary: '启用短信配置 (同一租户只有一个启用)', querystring: ZIdQuery },
    (ctx, request) => sms.enable(ctx, BigInt(request.query.id)),
  )
  // Sending costs money and reaches real people: editors of the configs only.
  k.read(
    'POST',
    '/endpoint/send-message',
    { permission: 'sms_edit' },
    {
      summary: '发送短信 (code 为资源编号, 空则用启用的配置; params 为 JSON 对象; phones 逗号分隔)',
      querystring: ZSmsSendSchema,
      response: ZSmsSendResultSchema,
      message: SmsMsg.SEND_SUCCESS,
    },
    (ctx, request) => sms.send(ctx, request.query),
  )

  r.post('/api/ysjs-auth/oauth/sms/send-validate', {
    config: {
      access: 'public',
      rateLimit: { max: SMS_CODE.PER_IP_PER_MINUTE, timeWindow: '1 minute' },
    },
    schema: {
      tags: ['auth'],
      summary: '发送短信验证码 (6 位, 5 分钟有效, 一次性; 每个手机号每分钟 1 条、每天 10 条)',
      querystring: ZSmsValidateSendSchema,
      response: { 200: zEnvelope(ZSmsValidateSentSchema) },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return ok(await codes.send({ ...request.query, ip: request.ip }), SmsMsg.SEND_SUCCESS)
    },
  })
}

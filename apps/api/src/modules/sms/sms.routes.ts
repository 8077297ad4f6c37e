import {
  SMS_CODE,
  SmsMsg,
  ZIdSchema,
  ZSmsSendResultSchema,
  ZSmsSendSchema,
  ZSmsValidateSendSchema,
  ZSmsValidateSentSchema,
} from '@ysjs/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ctxOf } from '../../lib/context.ts'
import { registerCrudRoutes } from '../../lib/crud.ts'
import { done, ok, zDone, zEnvelope } from '../../lib/envelope.ts'
import type { TSmsService } from './sms.service.ts'
import type { TSmsCodeService } from './sms-code.service.ts'

const PREFIX = '/api/ysjs-resource/sms'

export const smsRoutes = (app: FastifyInstance, sms: TSmsService, codes: TSmsCodeService) => {
  registerCrudRoutes(app, sms)
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.post(`${PREFIX}/enable`, {
    config: { access: { permission: 'sms_enable' } },
    schema: {
      tags: ['sms'],
      summary: '启用短信配置 (同一租户只有一个启用)',
      querystring: z.object({ id: ZIdSchema }),
      response: { 200: zDone },
    },
    handler: async (request) => {
      await sms.enable(ctxOf(request), BigInt(request.query.id))
      return done()
    },
  })

  // Sending costs money and reaches real people: editors of the configs only.
  r.post(`${PREFIX}/endpoint/send-message`, {
    config: { access: { permission: 'sms_edit' } },
    schema: {
      tags: ['sms'],
      summary: '发送短信 (code 为资源编号, 空则用启用的配置; params 为 JSON 对象; phones 逗号分隔)',
      querystring: ZSmsSendSchema,
      response: { 200: zEnvelope(ZSmsSendResultSchema) },
    },
    handler: async (request) => ok(await sms.send(ctxOf(request), request.query), SmsMsg.SEND_SUCCESS),
  })

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

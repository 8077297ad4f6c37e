import { ZDashboardStatsSchema, ZMyDashboardSchema, ZMyNoticeSchema, ZPageQuerySchema } from '@ysjs/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { ctxOf } from '../../lib/context.ts'
import { ok, zEnvelope, zPage } from '../../lib/envelope.ts'
import type { TDashboardService } from './dashboard.service.ts'

export const dashboardRoutes = (app: FastifyInstance, dashboard: TDashboardService) => {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.get('/api/ysjs-desk/dashboard/stats', {
    config: { access: 'authenticated' },
    schema: {
      tags: ['dashboard'],
      summary: '首页与控制台统计',
      response: { 200: zEnvelope(ZDashboardStatsSchema) },
    },
    handler: async (request) => ok(await dashboard.stats(ctxOf(request))),
  })
  // What concerns the caller alone (a member's home page): nothing of other users is counted.
  r.get('/api/ysjs-desk/dashboard/mine', {
    config: { access: 'authenticated' },
    schema: {
      tags: ['dashboard'],
      summary: '我的首页统计 (本人的成果申报、本单位的问卷填报、本人的会议报名、我的通知)',
      response: { 200: zEnvelope(ZMyDashboardSchema) },
    },
    handler: async (request) => ok(await dashboard.mine(ctxOf(request))),
  })
  // Any signed-in user reads their own notices here; the notice API itself is for those who manage them.
  r.get('/api/ysjs-desk/dashboard/notices', {
    config: { access: 'authenticated' },
    schema: {
      tags: ['dashboard'],
      summary: '我的通知公告 (发给全租户或本人、已到通知日期的)',
      querystring: ZPageQuerySchema,
      response: { 200: zEnvelope(zPage(ZMyNoticeSchema)) },
    },
    handler: async (request) => ok(await dashboard.notices(ctxOf(request), request.query)),
  })
}

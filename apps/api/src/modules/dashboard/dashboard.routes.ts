import { ZDashboardStatsSchema, ZMyDashboardSchema, ZMyNoticeSchema, ZPageQuerySchema } from '@ysjs/shared'
import type { FastifyInstance } from 'fastify'
import { zPage } from '../../lib/envelope.ts'
import { routeKit } from '../../lib/route-kit.ts'
import type { TDashboardService } from './dashboard.service.ts'

export const dashboardRoutes = (app: FastifyInstance, dashboard: TDashboardService) => {
  const k = routeKit(app, { tags: ['dashboard'], prefix: '/api/ysjs-desk/dashboard' })
  k.read(
    'GET',
    '/stats',
    'authenticated',
    { summary: '首页与控制台统计', response: ZDashboardStatsSchema },
    (ctx) => dashboard.stats(ctx),
  )
  // What concerns the caller alone (a member's home page): nothing of other users is counted.
  k.read(
    'GET',
    '/mine',
    'authenticated',
    {
      summary: '我的首页统计 (本人的成果申报、本单位的问卷填报、本人的会议报名、我的通知)',
      response: ZMyDashboardSchema,
    },
    (ctx) => dashboard.mine(ctx),
  )
  // Any signed-in user reads their own notices here; the notice API itself is for those who manage them.
  k.read(
    'GET',
    '/notices',
    'authenticated',
    {
      summary: '我的通知公告 (发给全租户或本人、已到通知日期的)',
      querystring: ZPageQuerySchema,
      response: zPage(ZMyNoticeSchema),
    },
    (ctx, request) => dashboard.notices(ctx, request.query),
  )
}

import { ZDashboardStatsSchema } from '@ysjs/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { ctxOf } from '../../lib/context.ts'
import { ok, zEnvelope } from '../../lib/envelope.ts'
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
}

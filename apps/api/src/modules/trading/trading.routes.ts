import { ZEquityByResultsQuerySchema, ZEquityRecordSchema, ZEquitySubmitSchema } from '@ysjs/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ctxOf } from '../../lib/context.ts'
import { registerCrudRoutes } from '../../lib/crud.ts'
import { done, ok, zDone, zEnvelope } from '../../lib/envelope.ts'
import type { TDealService } from './deal.service.ts'
import type { TEquityService } from './equity.service.ts'
import type { TTradingProjectService } from './project.service.ts'

/** `/api/ysjs-trading/project`, `/api/ysjs-deal/deal` and `/api/ysjs-appraise/equity`. */
export const tradingRoutes = (
  app: FastifyInstance,
  services: { projects: TTradingProjectService; deals: TDealService; equities: TEquityService },
) => {
  registerCrudRoutes(app, services.projects)
  registerCrudRoutes(app, services.deals)
  registerCrudRoutes(app, services.equities)

  const { equities } = services
  const r = app.withTypeProvider<ZodTypeProvider>()
  const prefix = equities.def.prefix
  r.get(`${prefix}/findByResultsId`, {
    config: { access: { permission: equities.def.permissions.list } },
    schema: {
      tags: ['equity'],
      summary: '成果的知识产权',
      querystring: ZEquityByResultsQuerySchema,
      response: { 200: zEnvelope(z.array(ZEquityRecordSchema)) },
    },
    handler: async (request) =>
      ok(
        await equities.findByResultsId(
          ctxOf(request),
          BigInt(request.query.resultsId),
          request.query.assortId,
        ),
      ),
  })
  // The spec's `add`: a new record only (submit also edits when given an id).
  r.post(`${prefix}/add`, {
    config: { access: { permission: equities.def.permissions.add } },
    schema: {
      tags: ['equity'],
      summary: '新增知识产权',
      body: ZEquitySubmitSchema.omit({ id: true }),
      response: { 200: zDone },
    },
    handler: async (request) => {
      await equities.create(ctxOf(request), request.body)
      return done()
    },
  })
}

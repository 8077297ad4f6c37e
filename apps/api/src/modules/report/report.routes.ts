import {
  DATE_OR_DATE_TIME_META,
  Msg,
  type TPageQuery,
  ZIdListSchema,
  ZPageQuerySchema,
  ZReportFileRecordSchema,
} from '@ysjs/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ctxOf } from '../../lib/context.ts'
import { done, ok, zDone, zEnvelope, zPage } from '../../lib/envelope.ts'
import type { TReportService } from './report.service.ts'

const PREFIX = '/api/ysjs-report/report/rest'

export const reportRoutes = (app: FastifyInstance, reports: TReportService) => {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.get(`${PREFIX}/list`, {
    config: { access: { permission: 'report_list' } },
    schema: {
      tags: ['report'],
      summary: '报表文件列表',
      querystring: ZPageQuerySchema.extend({
        name: z.string().max(200).optional(),
        createTime_datege: z.string().max(19).meta(DATE_OR_DATE_TIME_META).optional(),
        createTime_datele: z.string().max(19).meta(DATE_OR_DATE_TIME_META).optional(),
      }).catchall(z.unknown()),
      response: { 200: zEnvelope(zPage(ZReportFileRecordSchema)) },
    },
    handler: async (request) => ok(await reports.page(request.query as TPageQuery & Record<string, unknown>)),
  })
  r.post(`${PREFIX}/remove`, {
    config: { access: { permission: 'report_list_delete' } },
    schema: {
      tags: ['report'],
      summary: '删除报表文件',
      querystring: z.object({ ids: ZIdListSchema }),
      response: { 200: zDone },
    },
    handler: async (request) => {
      await reports.remove(ctxOf(request), request.query.ids.map(BigInt))
      return done(Msg.SUCCESS)
    },
  })
}

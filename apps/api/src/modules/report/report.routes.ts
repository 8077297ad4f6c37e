import {
  DATE_OR_DATE_TIME_META,
  type TPageQuery,
  ZPageQuerySchema,
  ZReportFileRecordSchema,
} from '@ysjs/shared'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { zPage } from '../../lib/envelope.ts'
import { routeKit, ZIdsQuery } from '../../lib/route-kit.ts'
import type { TReportService } from './report.service.ts'

export const reportRoutes = (app: FastifyInstance, reports: TReportService) => {
  const k = routeKit(app, { tags: ['report'], prefix: '/api/ysjs-report/report/rest' })
  k.read(
    'GET',
    '/list',
    { permission: 'report_list' },
    {
      summary: '报表文件列表',
      querystring: ZPageQuerySchema.extend({
        name: z.string().max(200).optional(),
        createTime_datege: z.string().max(19).meta(DATE_OR_DATE_TIME_META).optional(),
        createTime_datele: z.string().max(19).meta(DATE_OR_DATE_TIME_META).optional(),
      }).catchall(z.unknown()),
      response: zPage(ZReportFileRecordSchema),
    },
    (_ctx, { query }) => reports.page(query as TPageQuery & Record<string, unknown>),
  )
  k.command(
    'POST',
    '/remove',
    { permission: 'report_list_delete' },
    { summary: '删除报表文件', querystring: ZIdsQuery },
    (ctx, { query }) => reports.remove(ctx, query.ids.map(BigInt)),
  )
}

import {
  ZReportDetailSchema,
  ZReportResultSchema,
  ZReportRunSchema,
  ZReportSourceSchema,
  ZReportSubmitSchema,
  ZWireIdSchema,
} from '@ysjs/shared'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { ctxOf } from '../../lib/context.ts'
import { routeKit, ZIdQuery } from '../../lib/route-kit.ts'
import { sendExport } from '../../lib/xlsx.ts'
import type { TReportDesignService } from './report-design.service.ts'

const LIST = { permission: 'report_list' }

/** Report designs beside the list and remove of `report.routes.ts`: detail, submit, sources, run, export. */
export const reportDesignRoutes = (app: FastifyInstance, reports: TReportDesignService) => {
  const k = routeKit(app, { tags: ['report'], prefix: '/api/ysjs-report/report/rest' })
  k.read(
    'GET',
    '/sources',
    LIST,
    { summary: '报表可用的数据模型与字段', response: z.array(ZReportSourceSchema) },
    (ctx) => reports.sources(ctx),
  )
  k.read(
    'GET',
    '/detail',
    LIST,
    { summary: '报表设计详情', querystring: ZIdQuery, response: ZReportDetailSchema },
    (_ctx, { query }) => reports.detail(BigInt(query.id)),
  )
  // With an id, a partial update (decision 030): a rename keeps the stored definition.
  k.submit(
    '/submit',
    { permission: ['report_list_add', 'report_list_edit'] },
    {
      summary: '保存报表设计 (答复报表的 id)',
      body: ZReportSubmitSchema,
      response: z.object({ id: ZWireIdSchema }),
    },
    {
      stored: (_ctx, id) => reports.detail(id),
      save: async (ctx, input) => ({ id: await reports.submit(ctx, input) }),
    },
  )
  k.read(
    'POST',
    '/run',
    LIST,
    { summary: '运行报表 (分页结果与图表)', body: ZReportRunSchema, response: ZReportResultSchema },
    (ctx, { body }) => reports.run(ctx, body),
  )
  k.raw(
    'GET',
    '/export',
    { access: LIST },
    {
      summary: '导出报表 (xlsx, 流式)',
      querystring: ZIdQuery.catchall(z.string().max(200)),
      response: { 200: z.unknown().meta({ type: 'string', format: 'binary' }) },
    },
    async (request, reply) => {
      const { id, ...params } = request.query as { id: string } & Record<string, string>
      return sendExport(reply, async () => {
        const { name, stream, total, truncated, rows } = await reports.export(
          ctxOf(request),
          BigInt(id),
          params,
          (err) => request.log.error({ err }, 'report export failed'),
        )
        reply.header('x-report-total', String(total)).header('x-report-truncated', String(truncated))
        return { fileName: `${name}.xlsx`, stream, rows }
      })
    },
  )
}

import {
  ZIdSchema,
  ZReportDetailSchema,
  ZReportResultSchema,
  ZReportRunSchema,
  ZReportSourceSchema,
  ZReportSubmitSchema,
  ZWireIdSchema,
} from '@ysjs/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ctxOf } from '../../lib/context.ts'
import { patchableSubmit, patchedInput, updateIdOf } from '../../lib/crud.ts'
import { ok, zEnvelope } from '../../lib/envelope.ts'
import { sendExport } from '../../lib/xlsx.ts'
import type { TReportDesignService } from './report-design.service.ts'

const PREFIX = '/api/ysjs-report/report/rest'
const tags = ['report']

/** Report designs beside the list and remove of `report.routes.ts`: detail, submit, sources, run, export. */
export const reportDesignRoutes = (app: FastifyInstance, reports: TReportDesignService) => {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.get(`${PREFIX}/sources`, {
    config: { access: { permission: 'report_list' } },
    schema: {
      tags,
      summary: '报表可用的数据模型与字段',
      response: { 200: zEnvelope(z.array(ZReportSourceSchema)) },
    },
    handler: async (request) => ok(await reports.sources(ctxOf(request))),
  })
  r.get(`${PREFIX}/detail`, {
    config: { access: { permission: 'report_list' } },
    schema: {
      tags,
      summary: '报表设计详情',
      querystring: z.object({ id: ZIdSchema }),
      response: { 200: zEnvelope(ZReportDetailSchema) },
    },
    handler: async (request) => ok(await reports.detail(BigInt(request.query.id))),
  })
  r.post(`${PREFIX}/submit`, {
    config: { access: { permission: ['report_list_add', 'report_list_edit'] } },
    schema: {
      tags,
      summary: '保存报表设计 (答复报表的 id)',
      body: ZReportSubmitSchema,
      response: { 200: zEnvelope(z.object({ id: ZWireIdSchema })) },
    },
    // With an id, a partial update (decision 030): a rename keeps the stored definition.
    ...patchableSubmit(ZReportSubmitSchema),
    handler: async (request) => {
      const id = updateIdOf(request)
      const input = id ? patchedInput(request, ZReportSubmitSchema, await reports.detail(id)) : request.body
      return ok({ id: await reports.submit(ctxOf(request), input) })
    },
  })
  r.post(`${PREFIX}/run`, {
    config: { access: { permission: 'report_list' } },
    schema: {
      tags,
      summary: '运行报表 (分页结果与图表)',
      body: ZReportRunSchema,
      response: { 200: zEnvelope(ZReportResultSchema) },
    },
    handler: async (request) => ok(await reports.run(ctxOf(request), request.body)),
  })
  r.get(`${PREFIX}/export`, {
    config: { access: { permission: 'report_list' } },
    schema: {
      tags,
      summary: '导出报表 (xlsx, 流式)',
      querystring: z.object({ id: ZIdSchema }).catchall(z.string().max(200)),
      response: { 200: z.unknown().meta({ type: 'string', format: 'binary' }) },
    },
    handler: async (request, reply) => {
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
  })
}

import {
  COMPANY_PREFIX,
  ZCompanyListQuerySchema,
  ZCompanyStaffRecordSchema,
  ZExampleDetailSchema,
  ZExampleStaffQuerySchema,
  ZStatusBackSchema,
  ZSurveyExampleRecordSchema,
  ZSurveyExportQuerySchema,
  ZSurveySummarySchema,
} from '@ysjs/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { ctxOf } from '../../lib/context.ts'
import { zPage } from '../../lib/envelope.ts'
import { routeKit, ZIdQuery, ZIdsQuery } from '../../lib/route-kit.ts'
import { sendExport, xlsxStream } from '../../lib/xlsx.ts'
import type { TSurveyServices } from './survey.routes.ts'
import { EXAMPLE, SURVEY } from './survey-paths.ts'

const RESULTS = { permission: 'survey_example' } as const

/** Results (staff, 调查管理; 单位信息): the fillings, their details, statistics and export. */
export const surveyResultsRoutes = (app: FastifyInstance, s: TSurveyServices) => {
  const r = app.withTypeProvider<ZodTypeProvider>()
  // Results (staff, 调查管理; 单位信息)
  const tags = ['survey-results']
  const k = routeKit(app, { tags })
  k.read(
    'GET',
    `${COMPANY_PREFIX}/list`,
    { permission: 'survey_company' },
    {
      summary: '单位信息列表 (各单位填报时的单位信息; name, provinceName 模糊, surveyId)',
      querystring: ZCompanyListQuerySchema,
      response: zPage(ZCompanyStaffRecordSchema),
    },
    (ctx, request) => s.results.companyList(ctx, request.query),
  )
  k.read(
    'GET',
    `${COMPANY_PREFIX}/detail`,
    { permission: 'survey_company' },
    { summary: '单位信息详情', querystring: ZIdQuery, response: ZCompanyStaffRecordSchema },
    (ctx, request) => s.results.companyDetail(ctx, BigInt(request.query.id)),
  )
  k.read(
    'GET',
    `${EXAMPLE}/list`,
    RESULTS,
    {
      summary: '问卷的填报列表 (status, firmName)',
      querystring: ZExampleStaffQuerySchema,
      response: zPage(ZSurveyExampleRecordSchema),
    },
    (ctx, request) => s.results.list(ctx, request.query),
  )
  k.read(
    'GET',
    `${EXAMPLE}/detail`,
    RESULTS,
    { summary: '填报详情 (单位信息与全部答案)', querystring: ZIdQuery, response: ZExampleDetailSchema },
    (ctx, request) => s.results.detail(ctx, BigInt(request.query.id)),
  )
  k.command(
    'POST',
    `${EXAMPLE}/statusBack`,
    { permission: 'survey_example_back' },
    { summary: '退回已提交的填报 (回到待填报, 会员可见退回原因)', body: ZStatusBackSchema },
    (ctx, request) => s.results.statusBack(ctx, request.body),
  )
  k.command(
    'POST',
    `${EXAMPLE}/remove`,
    { permission: 'survey_example_delete' },
    { summary: '删除填报 (连同答案与单位信息)', querystring: ZIdsQuery },
    (ctx, request) => s.results.remove(ctx, request.query.ids.map(BigInt)),
  )
  k.read(
    'GET',
    `${SURVEY}/summary`,
    RESULTS,
    {
      summary: '逐题统计 (已提交的填报: 选项计数与占比, 文字答案)',
      querystring: ZIdQuery,
      response: ZSurveySummarySchema,
    },
    (ctx, request) => s.results.summary(ctx, BigInt(request.query.id)),
  )
  r.get(`${SURVEY}/export`, {
    config: { access: RESULTS, download: 'xlsx' },
    schema: {
      tags,
      summary: '导出答案 (xlsx, 流式, 每份填报一行; status: 只导出该状态的填报)',
      querystring: ZSurveyExportQuerySchema,
    },
    handler: async (request, reply) =>
      sendExport(reply, async () => {
        const { id, status } = request.query
        const exp = await s.results.exportSheet(ctxOf(request), BigInt(id), status)
        return {
          fileName: exp.fileName,
          rows: exp.rows,
          stream: await xlsxStream(exp.sheet, exp.batches, (err) =>
            request.log.error({ err }, 'survey export failed'),
          ),
        }
      }),
  })
}

import {
  COMPANY_PREFIX,
  ZCompanyListQuerySchema,
  ZCompanyStaffRecordSchema,
  ZExampleDetailSchema,
  ZExampleStaffQuerySchema,
  ZIdListSchema,
  ZStatusBackSchema,
  ZSurveyExampleRecordSchema,
  ZSurveyExportQuerySchema,
  ZSurveySummarySchema,
} from '@ysjs/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ctxOf } from '../../lib/context.ts'
import { done, ok, zDone, zEnvelope, zPage } from '../../lib/envelope.ts'
import { sendExport, xlsxStream } from '../../lib/xlsx.ts'
import type { TSurveyServices } from './survey.routes.ts'
import { EXAMPLE, SURVEY, ZIdQuery } from './survey-paths.ts'

const RESULTS = { permission: 'survey_example' } as const

/** Results (staff, 调查管理; 单位信息): the fillings, their details, statistics and export. */
export const surveyResultsRoutes = (app: FastifyInstance, s: TSurveyServices) => {
  const r = app.withTypeProvider<ZodTypeProvider>()
  // Results (staff, 调查管理; 单位信息)
  const tags = ['survey-results']
  r.get(`${COMPANY_PREFIX}/list`, {
    config: { access: { permission: 'survey_company' } },
    schema: {
      tags,
      summary: '单位信息列表 (各单位填报时的单位信息; name, provinceName 模糊, surveyId)',
      querystring: ZCompanyListQuerySchema,
      response: { 200: zEnvelope(zPage(ZCompanyStaffRecordSchema)) },
    },
    handler: async (request) => ok(await s.results.companyList(ctxOf(request), request.query)),
  })
  r.get(`${COMPANY_PREFIX}/detail`, {
    config: { access: { permission: 'survey_company' } },
    schema: {
      tags,
      summary: '单位信息详情',
      querystring: ZIdQuery,
      response: { 200: zEnvelope(ZCompanyStaffRecordSchema) },
    },
    handler: async (request) => ok(await s.results.companyDetail(ctxOf(request), BigInt(request.query.id))),
  })
  r.get(`${EXAMPLE}/list`, {
    config: { access: RESULTS },
    schema: {
      tags,
      summary: '问卷的填报列表 (status, firmName)',
      querystring: ZExampleStaffQuerySchema,
      response: { 200: zEnvelope(zPage(ZSurveyExampleRecordSchema)) },
    },
    handler: async (request) => ok(await s.results.list(ctxOf(request), request.query)),
  })
  r.get(`${EXAMPLE}/detail`, {
    config: { access: RESULTS },
    schema: {
      tags,
      summary: '填报详情 (单位信息与全部答案)',
      querystring: ZIdQuery,
      response: { 200: zEnvelope(ZExampleDetailSchema) },
    },
    handler: async (request) => ok(await s.results.detail(ctxOf(request), BigInt(request.query.id))),
  })
  r.post(`${EXAMPLE}/statusBack`, {
    config: { access: { permission: 'survey_example_back' } },
    schema: {
      tags,
      summary: '退回已提交的填报 (回到待填报, 会员可见退回原因)',
      body: ZStatusBackSchema,
      response: { 200: zDone },
    },
    handler: async (request) => {
      await s.results.statusBack(ctxOf(request), request.body)
      return done()
    },
  })
  r.post(`${EXAMPLE}/remove`, {
    config: { access: { permission: 'survey_example_delete' } },
    schema: {
      tags,
      summary: '删除填报 (连同答案与单位信息)',
      querystring: z.object({ ids: ZIdListSchema }),
      response: { 200: zDone },
    },
    handler: async (request) => {
      await s.results.remove(ctxOf(request), request.query.ids.map(BigInt))
      return done()
    },
  })
  r.get(`${SURVEY}/summary`, {
    config: { access: RESULTS },
    schema: {
      tags,
      summary: '逐题统计 (已提交的填报: 选项计数与占比, 文字答案)',
      querystring: ZIdQuery,
      response: { 200: zEnvelope(ZSurveySummarySchema) },
    },
    handler: async (request) => ok(await s.results.summary(ctxOf(request), BigInt(request.query.id))),
  })
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

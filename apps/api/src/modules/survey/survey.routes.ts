import type { PrismaClient } from '@ysjs/db'
import {
  COMPANY_PREFIX,
  EVALUATION_PREFIX,
  EVALUATION_REPORT_PREFIX,
  ZAnswerSubmitSchema,
  ZCompanyListQuerySchema,
  ZCompanyRecordSchema,
  ZCompanyStaffRecordSchema,
  ZCompanySubmitSchema,
  ZEvaluationDetailSchema,
  ZEvaluationIdQuerySchema,
  ZEvaluationListQuerySchema,
  ZEvaluationRecordSchema,
  ZEvaluationSubmitSchema,
  ZEvaluationUnitSchema,
  ZExampleDetailSchema,
  ZExampleStaffQuerySchema,
  ZExampleStartSchema,
  ZIdListSchema,
  ZIdSchema,
  ZIndustryFieldRecordSchema,
  ZMemberNoticeSchema,
  ZMemberOverviewSchema,
  ZOpenSurveySchema,
  ZPageQuestionQuerySchema,
  ZQuestionRecordSchema,
  ZQuestionSortSchema,
  ZQuestionSubmitSchema,
  ZResultsVORecordSchema,
  ZStatusBackSchema,
  ZSurveyExampleListQuerySchema,
  ZSurveyExampleRecordSchema,
  ZSurveyExportQuerySchema,
  ZSurveyIdQuerySchema,
  ZSurveyListQuerySchema,
  ZSurveyRecordSchema,
  ZSurveySubmitSchema,
  ZSurveySummarySchema,
  ZWholePageQuerySchema,
  ZWireIdSchema,
  zPatchOf,
} from '@ysjs/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ctxOf } from '../../lib/context.ts'
import {
  keepSubmitted,
  patchableSubmit,
  patchedInput,
  registerCrudRoutes,
  updateIdOf,
} from '../../lib/crud.ts'
import { done, ok, zDone, zEnvelope, zPage } from '../../lib/envelope.ts'
import { AppError } from '../../lib/errors.ts'
import { pageOfAll } from '../../lib/paging.ts'
import { sendExport, xlsxStream } from '../../lib/xlsx.ts'
import type { TSurveyDesignService } from './survey-design.service.ts'
import type { TEvaluationService } from './survey-evaluation.service.ts'
import type { TSurveyFillService } from './survey-fill.service.ts'
import {
  type createIndustryFieldService,
  listAllIndustryFields,
  memberNotice,
  memberOverview,
} from './survey-member.service.ts'
import type { TSurveyResultsService } from './survey-results.service.ts'

type TServices = {
  prisma: PrismaClient
  design: TSurveyDesignService
  fill: TSurveyFillService
  results: TSurveyResultsService
  industries: ReturnType<typeof createIndustryFieldService>
  evaluation: TEvaluationService
}

const SURVEY = `${EVALUATION_PREFIX}/survey`
const QUESTION = `${EVALUATION_PREFIX}/question`
const EXAMPLE = `${EVALUATION_PREFIX}/example`
/** The design list and questions are read by the results screen too. */
const DESIGN_READ = { permission: ['survey_question', 'survey_example'] } as const
const RESULTS = { permission: 'survey_example' } as const
const ZSaved = zEnvelope(z.object({ id: ZWireIdSchema }))
const ZIdQuery = z.object({ id: ZIdSchema })

export const surveyRoutes = (app: FastifyInstance, s: TServices) => {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const requirePermission = async (request: { user?: unknown }, code: string) => {
    const user = (request as { user?: Parameters<typeof app.permissions.has>[0] }).user
    if (!user || !(await app.permissions.has(user, code))) {
      throw AppError.forbidden()
    }
  }

  // Design (staff, 题目管理)
  let tags = ['survey-design']
  r.get(`${SURVEY}/list`, {
    config: { access: DESIGN_READ },
    schema: {
      tags,
      summary: '问卷分页 (name, code 模糊; state 0 草稿 1 已发布 2 已关闭)',
      querystring: ZSurveyListQuerySchema,
      response: { 200: zEnvelope(zPage(ZSurveyRecordSchema)) },
    },
    handler: async (request) => ok(await s.design.list(ctxOf(request), request.query)),
  })
  r.get(`${SURVEY}/detail`, {
    config: { access: DESIGN_READ },
    schema: {
      tags,
      summary: '问卷详情',
      querystring: ZIdQuery,
      response: { 200: zEnvelope(ZSurveyRecordSchema) },
    },
    handler: async (request) => ok(await s.design.detail(ctxOf(request), BigInt(request.query.id))),
  })
  r.post(`${SURVEY}/submit`, {
    config: { access: { permission: ['survey_question_add', 'survey_question_edit'] } },
    schema: {
      tags,
      summary: '新增或修改问卷 (问卷编号唯一; 已发布问卷不可改编号)',
      body: ZSurveySubmitSchema,
      response: { 200: ZSaved },
    },
    // With an id, a partial update (decision 030): what it does not carry keeps its stored value.
    ...patchableSubmit(ZSurveySubmitSchema),
    handler: async (request) => {
      const id = updateIdOf(request)
      await requirePermission(request, id ? 'survey_question_edit' : 'survey_question_add')
      const ctx = ctxOf(request)
      const input = id
        ? patchedInput(request, ZSurveySubmitSchema, await s.design.detail(ctx, id))
        : request.body
      return ok(await s.design.submit(ctx, input))
    },
  })
  r.post(`${SURVEY}/remove`, {
    config: { access: { permission: 'survey_question_delete' } },
    schema: {
      tags,
      summary: '删除问卷 (已有填报的问卷不可删除)',
      querystring: z.object({ ids: ZIdListSchema }),
      response: { 200: zDone },
    },
    handler: async (request) => {
      await s.design.remove(ctxOf(request), request.query.ids.map(BigInt))
      return done()
    },
  })
  r.post(`${SURVEY}/publish`, {
    config: { access: { permission: 'survey_question_edit' } },
    schema: { tags, summary: '发布问卷 (题目冻结)', querystring: ZIdQuery, response: { 200: zDone } },
    handler: async (request) => {
      await s.design.publish(ctxOf(request), BigInt(request.query.id))
      return done()
    },
  })
  r.post(`${SURVEY}/close`, {
    config: { access: { permission: 'survey_question_edit' } },
    schema: { tags, summary: '关闭问卷 (停止填报)', querystring: ZIdQuery, response: { 200: zDone } },
    handler: async (request) => {
      await s.design.close(ctxOf(request), BigInt(request.query.id))
      return done()
    },
  })
  r.post(`${SURVEY}/newVersion`, {
    config: { access: { permission: 'survey_question_add' } },
    schema: {
      tags,
      summary: '以已发布问卷为蓝本新建草稿版本 (复制题目与选项)',
      querystring: ZIdQuery,
      response: { 200: ZSaved },
    },
    handler: async (request) => ok(await s.design.newVersion(ctxOf(request), BigInt(request.query.id))),
  })
  r.get(`${QUESTION}/list`, {
    config: { access: DESIGN_READ },
    schema: {
      tags,
      summary: '问卷的题目 (按页码与排序, 含选项; 分页, 不传 size 为全部)',
      querystring: ZSurveyIdQuerySchema.extend(ZWholePageQuerySchema.shape),
      response: { 200: zEnvelope(zPage(ZQuestionRecordSchema)) },
    },
    handler: async (request) =>
      ok(pageOfAll(await s.design.questions(ctxOf(request), BigInt(request.query.surveyId)), request.query)),
  })
  r.post(`${QUESTION}/submit`, {
    config: { access: { permission: 'survey_question_edit' } },
    schema: {
      tags,
      summary: '新增或修改题目及其选项 (仅草稿问卷)',
      body: ZQuestionSubmitSchema,
      response: { 200: ZSaved },
    },
    // With an id, a partial update: a question sent without its options keeps them (decision 030).
    ...patchableSubmit(ZQuestionSubmitSchema),
    handler: async (request) => {
      const id = updateIdOf(request)
      const ctx = ctxOf(request)
      const input = id
        ? patchedInput(request, ZQuestionSubmitSchema, await s.design.question(ctx, id))
        : request.body
      return ok(await s.design.submitQuestion(ctx, input))
    },
  })
  r.post(`${QUESTION}/remove`, {
    config: { access: { permission: 'survey_question_edit' } },
    schema: {
      tags,
      summary: '删除题目 (仅草稿问卷)',
      querystring: z.object({ ids: ZIdListSchema }),
      response: { 200: zDone },
    },
    handler: async (request) => {
      await s.design.removeQuestions(ctxOf(request), request.query.ids.map(BigInt))
      return done()
    },
  })
  r.post(`${QUESTION}/sort`, {
    config: { access: { permission: 'survey_question_edit' } },
    schema: {
      tags,
      summary: '题目排序 (ids 为问卷全部题目的新顺序)',
      body: ZQuestionSortSchema,
      response: { 200: zDone },
    },
    handler: async (request) => {
      await s.design.sortQuestions(
        ctxOf(request),
        BigInt(request.body.surveyId),
        request.body.ids.map(BigInt),
      )
      return done()
    },
  })

  // Filling (member)
  tags = ['survey-fill']
  r.get(`${SURVEY}/surveyExampleList`, {
    config: { access: 'authenticated' },
    schema: {
      tags,
      summary: '我的填报 (卡片; name 问卷名称, code 问卷编号, status 1 暂存 2 待填报 3 已提交)',
      querystring: ZSurveyExampleListQuerySchema,
      response: { 200: zEnvelope(zPage(ZSurveyExampleRecordSchema)) },
    },
    handler: async (request) => ok(await s.fill.exampleList(ctxOf(request), request.query)),
  })
  r.get(`${SURVEY}/openList`, {
    config: { access: 'authenticated' },
    schema: {
      tags,
      summary: '向本单位开放的已发布问卷 (含本单位的填报)',
      response: { 200: zEnvelope(z.array(ZOpenSurveySchema)) },
    },
    handler: async (request) => ok(await s.fill.openList(ctxOf(request))),
  })
  r.post(`${EXAMPLE}/submit`, {
    config: { access: 'authenticated' },
    schema: {
      tags,
      summary: '新增填报信息 (每个单位每份问卷一份, 待填报)',
      body: ZExampleStartSchema,
      response: { 200: zEnvelope(ZSurveyExampleRecordSchema) },
    },
    handler: async (request) => ok(await s.fill.start(ctxOf(request), BigInt(request.body.surveyId))),
  })
  r.get(`${EXAMPLE}/mine`, {
    config: { access: 'authenticated' },
    schema: {
      tags,
      summary: '本单位对该问卷的填报 (状态, 退回原因, 末页)',
      querystring: ZSurveyIdQuerySchema,
      response: { 200: zEnvelope(ZSurveyExampleRecordSchema) },
    },
    handler: async (request) => ok(await s.fill.myExample(ctxOf(request), BigInt(request.query.surveyId))),
  })
  r.get(`${QUESTION}/pageQuestionList`, {
    config: { access: 'authenticated' },
    schema: {
      tags,
      summary: '填报的题目 (page 为题目页码, 不传为全部) 及已保存的答案; 分页, 不传 size 为全部',
      querystring: ZPageQuestionQuerySchema.extend(ZWholePageQuerySchema.shape),
      response: { 200: zEnvelope(zPage(ZQuestionRecordSchema)) },
    },
    handler: async (request) =>
      ok(
        pageOfAll(
          await s.fill.pageQuestions(ctxOf(request), BigInt(request.query.surveyId), request.query.page),
          request.query,
        ),
      ),
  })
  r.post(`${EVALUATION_PREFIX}/answer/submit`, {
    config: { access: 'authenticated' },
    schema: {
      tags,
      summary: '保存答案 (submitType 0 暂存, 可按页; 1 提交, 逐题校验)',
      body: ZAnswerSubmitSchema,
      response: { 200: zDone },
    },
    handler: async (request) => {
      await s.fill.submitAnswers(ctxOf(request), request.body)
      return done()
    },
  })
  r.get(`${COMPANY_PREFIX}/companyInfo`, {
    config: { access: 'authenticated' },
    schema: {
      tags,
      summary: '本单位在该问卷的单位信息 (首次为上次填写的内容)',
      querystring: ZSurveyIdQuerySchema,
      response: { 200: zEnvelope(ZCompanyRecordSchema) },
    },
    handler: async (request) => ok(await s.fill.companyInfo(ctxOf(request), BigInt(request.query.surveyId))),
  })
  r.post(`${COMPANY_PREFIX}/submit`, {
    config: { access: 'authenticated' },
    schema: {
      tags,
      summary: '保存单位信息 (行业领域在问卷要求时必填)',
      // Once the unit has saved its form for the survey, a save writes only the fields it carries
      // (decision 030); the first save is the whole form.
      body: zPatchOf(ZCompanySubmitSchema).safeExtend({ surveyId: ZCompanySubmitSchema.shape.surveyId }),
      response: { 200: zDone },
    },
    preValidation: keepSubmitted,
    handler: async (request) => {
      const ctx = ctxOf(request)
      const stored = await s.fill.companyInfo(ctx, BigInt(request.body.surveyId))
      await s.fill.submitCompany(ctx, patchedInput(request, ZCompanySubmitSchema, stored.id ? stored : {}))
      return done()
    },
  })
  // The spec spells this path `industry field/listAll` (the old client sends `industry%20field`);
  // both spellings answer the same list.
  for (const segment of ['industryField', 'industry field']) {
    r.get(`${EVALUATION_PREFIX}/${segment}/listAll`, {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: '全部行业领域',
        response: { 200: zEnvelope(z.array(ZIndustryFieldRecordSchema)) },
      },
      handler: async (request) => ok(await listAllIndustryFields(s.prisma, ctxOf(request))),
    })
  }
  registerCrudRoutes(app, s.industries)
  r.get(`${EVALUATION_PREFIX}/member/overview`, {
    config: { access: 'authenticated' },
    schema: {
      tags,
      summary: '会员中心概览 (单位信息, 填报, 开放的问卷, 成果申报及状态, 通知)',
      response: { 200: zEnvelope(ZMemberOverviewSchema) },
    },
    handler: async (request) => ok(await memberOverview(s.prisma, s.fill, s.evaluation, ctxOf(request))),
  })
  r.get(`${EVALUATION_PREFIX}/member/notice`, {
    config: { access: 'authenticated' },
    schema: {
      tags,
      summary: '会员中心打开的中心通知',
      querystring: ZIdQuery,
      response: { 200: zEnvelope(ZMemberNoticeSchema) },
    },
    handler: async (request) => ok(await memberNotice(s.prisma, ctxOf(request), BigInt(request.query.id))),
  })

  // 成果申报 (member unit): drafts of appraisal applications, prefilled with the unit
  tags = ['survey-evaluation']
  r.get(`${EVALUATION_REPORT_PREFIX}/unit`, {
    config: { access: 'authenticated' },
    schema: {
      tags,
      summary: '成果申报的预填单位 (本单位最近的单位信息)',
      response: { 200: zEnvelope(ZEvaluationUnitSchema) },
    },
    handler: async (request) => ok(await s.evaluation.unit(ctxOf(request))),
  })
  r.get(`${EVALUATION_REPORT_PREFIX}/list`, {
    config: { access: 'authenticated' },
    schema: {
      tags,
      summary: '本单位申报的成果及其状态',
      querystring: ZEvaluationListQuerySchema,
      response: { 200: zEnvelope(zPage(ZEvaluationRecordSchema)) },
    },
    handler: async (request) => ok(await s.evaluation.list(ctxOf(request), request.query)),
  })
  r.post(`${EVALUATION_REPORT_PREFIX}/submit`, {
    config: { access: 'authenticated' },
    schema: {
      tags,
      summary: '成果申报: 新建成果评价申请草稿 (第一完成单位与委托方为本单位)',
      body: ZEvaluationSubmitSchema,
      response: { 200: zEnvelope(ZResultsVORecordSchema) },
    },
    handler: async (request) => ok(await s.evaluation.create(ctxOf(request), request.body)),
  })
  r.get(`${EVALUATION_REPORT_PREFIX}/detail`, {
    config: { access: 'authenticated' },
    schema: {
      tags,
      summary: '申报的成果: 状态, 完成单位与委托方, 办理记录',
      querystring: ZEvaluationIdQuerySchema,
      response: { 200: zEnvelope(ZEvaluationDetailSchema) },
    },
    handler: async (request) => ok(await s.evaluation.detail(ctxOf(request), BigInt(request.query.id))),
  })

  // Results (staff, 调查管理; 单位信息)
  tags = ['survey-results']
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

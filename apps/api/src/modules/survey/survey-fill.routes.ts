import {
  COMPANY_PREFIX,
  EVALUATION_PREFIX,
  EVALUATION_REPORT_PREFIX,
  ZAnswerSubmitSchema,
  ZCompanyRecordSchema,
  ZCompanySubmitSchema,
  ZEvaluationDetailSchema,
  ZEvaluationIdQuerySchema,
  ZEvaluationListQuerySchema,
  ZEvaluationRecordSchema,
  ZEvaluationSubmitSchema,
  ZEvaluationUnitSchema,
  ZExampleStartSchema,
  ZIndustryFieldRecordSchema,
  ZMemberNoticeSchema,
  ZMemberOverviewSchema,
  ZOpenSurveySchema,
  ZPageQuestionQuerySchema,
  ZQuestionRecordSchema,
  ZResultsVORecordSchema,
  ZSurveyExampleListQuerySchema,
  ZSurveyExampleRecordSchema,
  ZSurveyIdQuerySchema,
  ZWholePageQuerySchema,
  zPatchOf,
} from '@ysjs/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ctxOf } from '../../lib/context.ts'
import { keepSubmitted, patchedInput, registerCrudRoutes } from '../../lib/crud.ts'
import { done, zDone, zPage } from '../../lib/envelope.ts'
import { pageOfAll } from '../../lib/paging.ts'
import { routeKit, ZIdQuery } from '../../lib/route-kit.ts'
import type { TSurveyServices } from './survey.routes.ts'
import { listAllIndustryFields, memberNotice, memberOverview } from './survey-member.service.ts'
import { EXAMPLE, QUESTION, SURVEY } from './survey-paths.ts'

/** Filling (member): the questionnaires open to the unit, answers, the unit form, the member centre and 成果申报. */
export const surveyFillRoutes = (app: FastifyInstance, s: TSurveyServices) => {
  const r = app.withTypeProvider<ZodTypeProvider>()
  // Filling (member)
  let tags = ['survey-fill']
  const k = routeKit(app, { tags })
  k.read(
    'GET',
    `${SURVEY}/surveyExampleList`,
    'authenticated',
    {
      summary: '我的填报 (卡片; name 问卷名称, code 问卷编号, status 1 暂存 2 待填报 3 已提交)',
      querystring: ZSurveyExampleListQuerySchema,
      response: zPage(ZSurveyExampleRecordSchema),
    },
    (ctx, request) => s.fill.exampleList(ctx, request.query),
  )
  k.read(
    'GET',
    `${SURVEY}/openList`,
    'authenticated',
    { summary: '向本单位开放的已发布问卷 (含本单位的填报)', response: z.array(ZOpenSurveySchema) },
    (ctx) => s.fill.openList(ctx),
  )
  k.read(
    'POST',
    `${EXAMPLE}/submit`,
    'authenticated',
    {
      summary: '新增填报信息 (每个单位每份问卷一份, 待填报)',
      body: ZExampleStartSchema,
      response: ZSurveyExampleRecordSchema,
    },
    (ctx, request) => s.fill.start(ctx, BigInt(request.body.surveyId)),
  )
  k.read(
    'GET',
    `${EXAMPLE}/mine`,
    'authenticated',
    {
      summary: '本单位对该问卷的填报 (状态, 退回原因, 末页)',
      querystring: ZSurveyIdQuerySchema,
      response: ZSurveyExampleRecordSchema,
    },
    (ctx, request) => s.fill.myExample(ctx, BigInt(request.query.surveyId)),
  )
  k.read(
    'GET',
    `${QUESTION}/pageQuestionList`,
    'authenticated',
    {
      summary: '填报的题目 (page 为题目页码, 不传为全部) 及已保存的答案; 分页, 不传 size 为全部',
      querystring: ZPageQuestionQuerySchema.extend(ZWholePageQuerySchema.shape),
      response: zPage(ZQuestionRecordSchema),
    },
    async (ctx, request) => {
      const { surveyId, page } = request.query
      return pageOfAll(await s.fill.pageQuestions(ctx, BigInt(surveyId), page), request.query)
    },
  )
  k.command(
    'POST',
    `${EVALUATION_PREFIX}/answer/submit`,
    'authenticated',
    { summary: '保存答案 (submitType 0 暂存, 可按页; 1 提交, 逐题校验)', body: ZAnswerSubmitSchema },
    (ctx, request) => s.fill.submitAnswers(ctx, request.body),
  )
  k.read(
    'GET',
    `${COMPANY_PREFIX}/companyInfo`,
    'authenticated',
    {
      summary: '本单位在该问卷的单位信息 (首次为上次填写的内容)',
      querystring: ZSurveyIdQuerySchema,
      response: ZCompanyRecordSchema,
    },
    (ctx, request) => s.fill.companyInfo(ctx, BigInt(request.query.surveyId)),
  )
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
    k.read(
      'GET',
      `${EVALUATION_PREFIX}/${segment}/listAll`,
      'authenticated',
      { summary: '全部行业领域', response: z.array(ZIndustryFieldRecordSchema) },
      (ctx) => listAllIndustryFields(s.prisma, ctx),
    )
  }
  registerCrudRoutes(app, s.industries)
  k.read(
    'GET',
    `${EVALUATION_PREFIX}/member/overview`,
    'authenticated',
    {
      summary: '会员中心概览 (单位信息, 填报, 开放的问卷, 成果申报及状态, 通知)',
      response: ZMemberOverviewSchema,
    },
    (ctx) => memberOverview(s.prisma, s.fill, s.evaluation, ctx),
  )
  k.read(
    'GET',
    `${EVALUATION_PREFIX}/member/notice`,
    'authenticated',
    { summary: '会员中心打开的中心通知', querystring: ZIdQuery, response: ZMemberNoticeSchema },
    (ctx, request) => memberNotice(s.prisma, ctx, BigInt(request.query.id)),
  )

  // 成果申报 (member unit): drafts of appraisal applications, prefilled with the unit
  tags = ['survey-evaluation']
  const e = routeKit(app, { tags })
  e.read(
    'GET',
    `${EVALUATION_REPORT_PREFIX}/unit`,
    'authenticated',
    { summary: '成果申报的预填单位 (本单位最近的单位信息)', response: ZEvaluationUnitSchema },
    (ctx) => s.evaluation.unit(ctx),
  )
  e.read(
    'GET',
    `${EVALUATION_REPORT_PREFIX}/list`,
    'authenticated',
    {
      summary: '本单位申报的成果及其状态',
      querystring: ZEvaluationListQuerySchema,
      response: zPage(ZEvaluationRecordSchema),
    },
    (ctx, request) => s.evaluation.list(ctx, request.query),
  )
  e.read(
    'POST',
    `${EVALUATION_REPORT_PREFIX}/submit`,
    'authenticated',
    {
      summary: '成果申报: 新建成果评价申请草稿 (第一完成单位与委托方为本单位)',
      body: ZEvaluationSubmitSchema,
      response: ZResultsVORecordSchema,
    },
    (ctx, request) => s.evaluation.create(ctx, request.body),
  )
  e.read(
    'GET',
    `${EVALUATION_REPORT_PREFIX}/detail`,
    'authenticated',
    {
      summary: '申报的成果: 状态, 完成单位与委托方, 办理记录',
      querystring: ZEvaluationIdQuerySchema,
      response: ZEvaluationDetailSchema,
    },
    (ctx, request) => s.evaluation.detail(ctx, BigInt(request.query.id)),
  )
}

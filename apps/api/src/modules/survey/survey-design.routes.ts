import {
  ZQuestionRecordSchema,
  ZQuestionSortSchema,
  ZQuestionSubmitSchema,
  ZSurveyIdQuerySchema,
  ZSurveyListQuerySchema,
  ZSurveyRecordSchema,
  ZSurveySubmitSchema,
  ZWholePageQuerySchema,
} from '@ysjs/shared'
import type { FastifyInstance } from 'fastify'
import { zPage } from '../../lib/envelope.ts'
import { pageOfAll } from '../../lib/paging.ts'
import { routeKit, ZIdQuery, ZIdsQuery } from '../../lib/route-kit.ts'
import type { TSurveyServices } from './survey.routes.ts'
import { QUESTION, SURVEY, ZSaved } from './survey-paths.ts'

/** The design list and questions are read by the results screen too. */
const DESIGN_READ = { permission: ['survey_question', 'survey_example'] } as const

/** Design (staff, 题目管理): questionnaires and their questions. */
export const surveyDesignRoutes = (app: FastifyInstance, s: TSurveyServices) => {
  // Design (staff, 题目管理)
  const tags = ['survey-design']
  const k = routeKit(app, { tags })
  k.read(
    'GET',
    `${SURVEY}/list`,
    DESIGN_READ,
    {
      summary: '问卷分页 (name, code 模糊; state 0 草稿 1 已发布 2 已关闭)',
      querystring: ZSurveyListQuerySchema,
      response: zPage(ZSurveyRecordSchema),
    },
    (ctx, request) => s.design.list(ctx, request.query),
  )
  k.read(
    'GET',
    `${SURVEY}/detail`,
    DESIGN_READ,
    { summary: '问卷详情', querystring: ZIdQuery, response: ZSurveyRecordSchema },
    (ctx, request) => s.design.detail(ctx, BigInt(request.query.id)),
  )
  // With an id, a partial update (decision 030): what it does not carry keeps its stored value.
  k.submit(
    `${SURVEY}/submit`,
    { add: 'survey_question_add', edit: 'survey_question_edit' },
    {
      summary: '新增或修改问卷 (问卷编号唯一; 已发布问卷不可改编号)',
      body: ZSurveySubmitSchema,
      response: ZSaved,
    },
    { stored: s.design.detail, save: s.design.submit },
  )
  k.command(
    'POST',
    `${SURVEY}/remove`,
    { permission: 'survey_question_delete' },
    { summary: '删除问卷 (已有填报的问卷不可删除)', querystring: ZIdsQuery },
    (ctx, request) => s.design.remove(ctx, request.query.ids.map(BigInt)),
  )
  k.command(
    'POST',
    `${SURVEY}/publish`,
    { permission: 'survey_question_edit' },
    { summary: '发布问卷 (题目冻结)', querystring: ZIdQuery },
    (ctx, request) => s.design.publish(ctx, BigInt(request.query.id)),
  )
  k.command(
    'POST',
    `${SURVEY}/close`,
    { permission: 'survey_question_edit' },
    { summary: '关闭问卷 (停止填报)', querystring: ZIdQuery },
    (ctx, request) => s.design.close(ctx, BigInt(request.query.id)),
  )
  k.read(
    'POST',
    `${SURVEY}/newVersion`,
    { permission: 'survey_question_add' },
    { summary: '以已发布问卷为蓝本新建草稿版本 (复制题目与选项)', querystring: ZIdQuery, response: ZSaved },
    (ctx, request) => s.design.newVersion(ctx, BigInt(request.query.id)),
  )
  k.read(
    'GET',
    `${QUESTION}/list`,
    DESIGN_READ,
    {
      summary: '问卷的题目 (按页码与排序, 含选项; 分页, 不传 size 为全部)',
      querystring: ZSurveyIdQuerySchema.extend(ZWholePageQuerySchema.shape),
      response: zPage(ZQuestionRecordSchema),
    },
    async (ctx, request) =>
      pageOfAll(await s.design.questions(ctx, BigInt(request.query.surveyId)), request.query),
  )
  // With an id, a partial update: a question sent without its options keeps them (decision 030).
  k.submit(
    `${QUESTION}/submit`,
    { permission: 'survey_question_edit' },
    { summary: '新增或修改题目及其选项 (仅草稿问卷)', body: ZQuestionSubmitSchema, response: ZSaved },
    { stored: s.design.question, save: s.design.submitQuestion },
  )
  k.command(
    'POST',
    `${QUESTION}/remove`,
    { permission: 'survey_question_edit' },
    { summary: '删除题目 (仅草稿问卷)', querystring: ZIdsQuery },
    (ctx, request) => s.design.removeQuestions(ctx, request.query.ids.map(BigInt)),
  )
  k.command(
    'POST',
    `${QUESTION}/sort`,
    { permission: 'survey_question_edit' },
    { summary: '题目排序 (ids 为问卷全部题目的新顺序)', body: ZQuestionSortSchema },
    async (ctx, request) => {
      await s.design.sortQuestions(ctx, BigInt(request.body.surveyId), request.body.ids.map(BigInt))
    },
  )
}

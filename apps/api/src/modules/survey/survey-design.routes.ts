import {
  ZIdListSchema,
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
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ctxOf } from '../../lib/context.ts'
import { patchableSubmit, patchedInput, submitIdFor, updateIdOf } from '../../lib/crud.ts'
import { done, ok, zDone, zEnvelope, zPage } from '../../lib/envelope.ts'
import { pageOfAll } from '../../lib/paging.ts'
import { routeKit } from '../../lib/route-kit.ts'
import type { TSurveyServices } from './survey.routes.ts'
import { QUESTION, SURVEY, ZIdQuery, ZSaved } from './survey-paths.ts'

/** The design list and questions are read by the results screen too. */
const DESIGN_READ = { permission: ['survey_question', 'survey_example'] } as const

/** Design (staff, 题目管理): questionnaires and their questions. */
export const surveyDesignRoutes = (app: FastifyInstance, s: TSurveyServices) => {
  const r = app.withTypeProvider<ZodTypeProvider>()
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
      const id = await submitIdFor(app, request, { add: 'survey_question_add', edit: 'survey_question_edit' })
      const ctx = ctxOf(request)
      const input = id
        ? patchedInput(request, ZSurveySubmitSchema, await s.design.detail(ctx, id))
        : request.body
      return ok(await s.design.submit(ctx, input))
    },
  })
  k.command(
    'POST',
    `${SURVEY}/remove`,
    { permission: 'survey_question_delete' },
    { summary: '删除问卷 (已有填报的问卷不可删除)', querystring: z.object({ ids: ZIdListSchema }) },
    (ctx, request) => s.design.remove(ctx, request.query.ids.map(BigInt)),
  )
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
  k.command(
    'POST',
    `${QUESTION}/remove`,
    { permission: 'survey_question_edit' },
    { summary: '删除题目 (仅草稿问卷)', querystring: z.object({ ids: ZIdListSchema }) },
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

import {
  ZAppraiseRowsQuerySchema,
  ZDefaultConfigItemSchema,
  ZDefaultConfigQuerySchema,
  ZExpertCandidateSchema,
  ZExpertCandidatesQuerySchema,
  ZExpertPushSchema,
  ZIndexConfigSchema,
  ZIndexListSchema,
  ZIndexPageQuerySchema,
  ZPushedExpertSchema,
  ZResultsIdQuerySchema,
  ZResultsPageQuerySchema,
  ZScoreSubmitSchema,
  ZWireDateTimeSchema,
  ZWireIdSchema,
} from '@ysjs/shared'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { zPage } from '../../lib/envelope.ts'
import { pageOfAll, toPage } from '../../lib/paging.ts'
import { APPRAISE_CODES as C } from './appraise-access.ts'
import { anyOf, appraiseKit, idsOf, ZIdQuery, ZIdsQuery } from './appraise-kit.ts'
import type { TScoringService } from './scoring.service.ts'

const ZReviewTask = z.object({
  id: ZWireIdSchema,
  agreementNumber: z.string().nullable(),
  name: z.string(),
  outcomeTypeName: z.string(),
  status: z.number(),
  statusName: z.string(),
  meetingTime: ZWireDateTimeSchema.nullable(),
  scored: z.boolean(),
})
const ZContact = z.object({
  address: z.string().nullable(),
  name: z.string().nullable(),
  phone: z.string().nullable(),
})
const ZReviewDetail = z.object({
  id: ZWireIdSchema,
  agreementNumber: z.string().nullable(),
  name: z.string(),
  outcomeTypeName: z.string(),
  resultsSource: z.string().nullable(),
  synopsis: z.string().nullable(),
  meetingTime: ZWireDateTimeSchema.nullable(),
  meetingVenue: z.string().nullable(),
  statusName: z.string(),
  units: z.array(z.object({ unitName: z.string(), ...ZContact.shape })),
  principal: z
    .object({ unitName: z.string().nullable(), ...ZContact.shape, personMail: z.string().nullable() })
    .nullable(),
  submitted: z.boolean(),
})

/** Experts pushed to an application, their reviews and scores, and the indicators scored (issue 12). */
export const scoringRoutes = (app: FastifyInstance, scoring: TScoringService) => {
  const k = appraiseKit(app)
  k.read(
    'GET',
    '/basic/candidates',
    anyOf(C.basicPush),
    {
      summary: '可推送的专家 (专家库中尚未推送的)',
      querystring: ZExpertCandidatesQuerySchema,
      response: zPage(ZExpertCandidateSchema),
    },
    (ctx, { query }) => scoring.candidates(ctx, query),
  )
  k.command(
    'POST',
    '/basic/push',
    anyOf(C.basicPush),
    { summary: '推送专家', body: ZExpertPushSchema },
    (ctx, { body }) => scoring.push(ctx, BigInt(body.resultsId), body.expertIds.map(BigInt)),
  )
  k.read(
    'GET',
    '/basic/list',
    anyOf([C.basicView, C.staff]),
    {
      summary: '已推送的专家 (分页)',
      querystring: ZResultsIdQuerySchema.extend(
        ZAppraiseRowsQuerySchema.pick({ current: true, size: true }).shape,
      ),
      response: zPage(ZPushedExpertSchema),
    },
    async (ctx, { query: q }) => {
      const all = await scoring.pushed(ctx, BigInt(q.resultsId))
      return toPage(all.slice((q.current - 1) * q.size, q.current * q.size), all.length, q)
    },
  )
  k.command(
    'POST',
    '/basic/remove',
    anyOf(C.basicRemove),
    { summary: '移除推送 (未评分的)', querystring: ZIdsQuery },
    (ctx, { query }) => scoring.removePushed(ctx, idsOf(query)),
  )
  // The review calls need no menu permission: the service checks that the caller is a pushed expert.
  k.read(
    'GET',
    '/results/reviewPage',
    'authenticated',
    { summary: '专家的评审任务', querystring: ZResultsPageQuerySchema, response: zPage(ZReviewTask) },
    (ctx, { query }) => scoring.reviewPage(ctx, query),
  )
  k.read(
    'GET',
    '/results/reviewDetail',
    'authenticated',
    { summary: '专家查看成果 (提交评分前不含联系方式)', querystring: ZIdQuery, response: ZReviewDetail },
    (ctx, { query }) => scoring.reviewDetail(ctx, BigInt(query.id)),
  )
  k.read(
    'GET',
    '/index/selectByResultsId',
    'authenticated',
    {
      summary: '评价指标与得分 (分页; 专家只见自己的评分)',
      querystring: ZIndexPageQuerySchema,
      response: ZIndexListSchema,
    },
    async (ctx, { query }) => {
      const { resultsId, ...q } = query
      const { records, ...set } = await scoring.selectByResultsId(ctx, BigInt(resultsId))
      return { ...pageOfAll(records, q), ...set }
    },
  )
  k.command(
    'POST',
    '/index/score',
    'authenticated',
    { summary: '专家评分', body: ZScoreSubmitSchema },
    (ctx, { body }) => scoring.score(ctx, body),
  )
  k.read(
    'GET',
    '/results/defaultConfig',
    anyOf([C.configView, C.staff]),
    {
      summary: '成果使用的评价指标 (未设置时为默认指标)',
      querystring: ZDefaultConfigQuerySchema,
      response: z.array(ZDefaultConfigItemSchema),
    },
    (ctx, { query }) => scoring.defaultConfig(ctx, BigInt(query.resultsId), query.type),
  )
  k.command(
    'POST',
    '/cofig/saves',
    anyOf(C.configSave),
    { summary: '设置成果的评价指标', body: ZIndexConfigSchema },
    (ctx, { body }) => scoring.saveConfig(ctx, BigInt(body.resultsId), body.indexList),
  )
}

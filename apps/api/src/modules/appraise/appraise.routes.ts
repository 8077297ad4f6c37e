import type { Readable } from 'node:stream'
import {
  DOCUMENT_TITLES,
  UploadMsg,
  ZAppraiseReportDetailSchema,
  ZAppraiseRowsQuerySchema,
  ZDefaultConfigItemSchema,
  ZDefaultConfigQuerySchema,
  ZDownloadQuerySchema,
  ZExpertCandidateSchema,
  ZExpertCandidatesQuerySchema,
  ZExpertPushSchema,
  ZIdListSchema,
  ZIdSchema,
  ZIndexConfigSchema,
  ZIndexListSchema,
  ZIndexPageQuerySchema,
  ZMeetingDetailSchema,
  ZMeetingDraftSchema,
  ZMeetingFormSchema,
  ZNoticeDetailSchema,
  ZNoticeDraftSchema,
  ZNoticeFormSchema,
  ZPushedExpertSchema,
  ZReportDraftSchema,
  ZReportFormSchema,
  ZResultsAttachQuerySchema,
  ZResultsAuditSchema,
  ZResultsEventRecordSchema,
  ZResultsFileRecordSchema,
  ZResultsIdQuerySchema,
  ZResultsListQuerySchema,
  ZResultsMessageSchema,
  ZResultsPageQuerySchema,
  ZResultsPeopleRecordSchema,
  ZResultsPrincipalRecordSchema,
  ZResultsRecordSchema,
  ZResultsStageCountsSchema,
  ZResultsStatusSchema,
  ZResultsUnitRecordSchema,
  ZResultsVORecordSchema,
  ZResultsVOSubmitSchema,
  ZScoreSubmitSchema,
  ZWireDateTimeSchema,
  ZWireIdSchema,
} from '@ysjs/shared'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ctxOf } from '../../lib/context.ts'
import { patchableSubmit, patchedInput, updateIdOf } from '../../lib/crud.ts'
import { done, ok, zDone, zEnvelope, zPage } from '../../lib/envelope.ts'
import { AppError } from '../../lib/errors.ts'
import { pageOfAll, toPage } from '../../lib/paging.ts'
import { readUpload } from '../oss/multipart.ts'
import { contentDisposition } from '../oss/oss-endpoint.routes.ts'
import { APPRAISE_CODES as C } from './appraise-access.ts'
import { DOCX_TYPE, type TDocumentsService } from './documents.service.ts'
import type { TResultsService } from './results.service.ts'
import type { TScoringService } from './scoring.service.ts'

const P = '/api/ysjs-appraise'
const tags = ['appraise']
const perm = (permission: string | readonly string[]) => ({ access: { permission: [permission].flat() } })
const ZId = z.object({ id: ZIdSchema })
const ZIds = z.object({ ids: ZIdListSchema })
const ZBytes = z.any().describe('docx 文件')

type TServices = { results: TResultsService; scoring: TScoringService; documents: TDocumentsService }

const sendFile = (
  reply: FastifyReply,
  file: { fileName: string; body: Readable | Buffer; size?: number },
  type: string,
) => {
  reply.type(type).header('content-disposition', contentDisposition(file.fileName, false))
  if (file.size !== undefined) {
    reply.header('content-length', file.size)
  }
  return reply.send(file.body)
}

const sendDoc = (reply: FastifyReply, made: { fileName: string; bytes: Buffer }) =>
  sendFile(reply, { fileName: made.fileName, body: made.bytes, size: made.bytes.length }, DOCX_TYPE)

/** `/api/ysjs-appraise`: applications, status machine, experts and scores, forms and documents (issue 12). */
export const appraiseRoutes = (app: FastifyInstance, { results, scoring, documents }: TServices) => {
  const r = app.withTypeProvider<ZodTypeProvider>()

  // Applications
  r.get(`${P}/results/list`, {
    config: perm(C.list),
    schema: {
      tags,
      summary: '成果评价申请列表 (申请人只看自己的；stage 为评价环节的待办/已办及其计数)',
      querystring: ZResultsListQuerySchema,
      response: {
        200: zEnvelope(
          zPage(ZResultsRecordSchema).extend({ stageCounts: ZResultsStageCountsSchema.optional() }),
        ),
      },
    },
    handler: async (request) => ok(await results.page(ctxOf(request), request.query)),
  })
  r.get(`${P}/results/auditPage`, {
    config: perm(C.staff),
    schema: {
      tags,
      summary: '待审核的成果',
      querystring: ZResultsPageQuerySchema,
      response: { 200: zEnvelope(zPage(ZResultsRecordSchema)) },
    },
    handler: async (request) => ok(await results.auditPage(ctxOf(request), request.query)),
  })
  r.get(`${P}/results/detail`, {
    config: perm(C.list),
    schema: {
      tags,
      summary: '成果详情 (含总分与等级)',
      querystring: ZId,
      response: { 200: zEnvelope(ZResultsRecordSchema) },
    },
    handler: async (request) => ok(await results.detail(ctxOf(request), BigInt(request.query.id))),
  })
  r.get(`${P}/results/detailResultsVO`, {
    config: perm(C.list),
    schema: {
      tags,
      summary: '成果与协议 (含完成单位、人员、委托方)',
      querystring: ZId,
      response: { 200: zEnvelope(ZResultsVORecordSchema) },
    },
    handler: async (request) => ok(await results.detailVO(ctxOf(request), BigInt(request.query.id))),
  })
  r.post(`${P}/results/saveResultsVO`, {
    config: perm([C.add, C.edit]),
    schema: {
      tags,
      summary: '暂存成果与协议 (一个事务)',
      body: ZResultsVOSubmitSchema,
      response: { 200: zEnvelope(ZResultsVORecordSchema) },
    },
    // With an id, a partial update (decision 030): the fields, the unit and person lists and the
    // principal it does not carry keep their stored values (an absent list used to remove every row).
    ...patchableSubmit(ZResultsVOSubmitSchema),
    handler: async (request) => {
      const ctx = ctxOf(request)
      const id = updateIdOf(request)
      const input = id
        ? patchedInput(request, ZResultsVOSubmitSchema, await results.detailVO(ctx, id))
        : request.body
      return ok(await results.saveVO(ctx, input))
    },
  })
  r.post(`${P}/results/remove`, {
    config: perm(C.remove),
    schema: { tags, summary: '删除草稿', querystring: ZIds, response: { 200: zDone } },
    handler: async (request) => {
      await results.remove(ctxOf(request), request.query.ids.map(BigInt))
      return done()
    },
  })
  r.post(`${P}/results/submit`, {
    config: perm([C.submit, C.staff]),
    schema: { tags, summary: '变更状态 (按状态机)', body: ZResultsStatusSchema, response: { 200: zDone } },
    handler: async (request) => {
      await results.changeStatus(
        ctxOf(request),
        BigInt(request.body.id),
        request.body.status,
        request.body.opinion,
      )
      return done()
    },
  })
  r.post(`${P}/results/audit`, {
    config: perm(C.staff),
    schema: { tags, summary: '审核 (通过或退回)', body: ZResultsAuditSchema, response: { 200: zDone } },
    handler: async (request) => {
      await results.audit(ctxOf(request), request.body)
      return done()
    },
  })
  r.get(`${P}/results/message`, {
    config: perm(C.list),
    schema: {
      tags,
      summary: '成果留言',
      querystring: ZResultsIdQuerySchema,
      response: { 200: zEnvelope(z.array(ZResultsEventRecordSchema)) },
    },
    handler: async (request) => ok(await results.messages(ctxOf(request), BigInt(request.query.resultsId))),
  })
  r.post(`${P}/results/message`, {
    config: perm(C.list),
    schema: { tags, summary: '发表留言', body: ZResultsMessageSchema, response: { 200: zDone } },
    handler: async (request) => {
      await results.postMessage(ctxOf(request), BigInt(request.body.resultsId), request.body.content)
      return done()
    },
  })
  r.get(`${P}/results/dossier`, {
    config: perm(C.list),
    schema: {
      tags,
      summary: '成果档案 (全部记录, 按时间)',
      querystring: ZResultsIdQuerySchema,
      response: { 200: zEnvelope(z.array(ZResultsEventRecordSchema)) },
    },
    handler: async (request) => ok(await results.dossier(ctxOf(request), BigInt(request.query.resultsId))),
  })

  // Sub-records read by application
  r.get(`${P}/unit/findByResultsId`, {
    config: perm([C.unitView, C.list]),
    schema: {
      tags,
      summary: '成果的完成单位',
      querystring: ZResultsIdQuerySchema,
      response: { 200: zEnvelope(z.array(ZResultsUnitRecordSchema)) },
    },
    handler: async (request) => {
      const ctx = ctxOf(request)
      const id = BigInt(request.query.resultsId)
      await results.detail(ctx, id)
      return ok((await results.rowsOf(ctx, id)).unitEntityList)
    },
  })
  r.get(`${P}/people/findByResultsId`, {
    config: perm([C.peopleView, C.list]),
    schema: {
      tags,
      summary: '成果的主要研制人员',
      querystring: ZResultsIdQuerySchema,
      response: { 200: zEnvelope(z.array(ZResultsPeopleRecordSchema)) },
    },
    handler: async (request) => {
      const ctx = ctxOf(request)
      const id = BigInt(request.query.resultsId)
      await results.detail(ctx, id)
      return ok((await results.rowsOf(ctx, id)).peopleEntityList)
    },
  })
  r.get(`${P}/principal/findByResultsId`, {
    config: perm([C.principalView, C.list]),
    schema: {
      tags,
      summary: '成果的委托方',
      querystring: ZResultsIdQuerySchema,
      response: { 200: zEnvelope(ZResultsPrincipalRecordSchema.nullable()) },
    },
    handler: async (request) => {
      const ctx = ctxOf(request)
      const id = BigInt(request.query.resultsId)
      await results.detail(ctx, id)
      return ok((await results.rowsOf(ctx, id)).principal)
    },
  })
  for (const [path, kind, code] of [
    ['project/unit/remove', 'unit', C.unitRemove],
    ['unit/remove', 'unit', C.unitRemove],
    ['people/remove', 'people', C.peopleRemove],
  ] as const) {
    r.post(`${P}/${path}`, {
      config: perm([C.edit, code]),
      schema: {
        tags,
        summary: kind === 'unit' ? '从项目删除完成单位' : '从项目删除人员',
        querystring: ZIds,
        response: { 200: zDone },
      },
      handler: async (request) => {
        await results.removeRows(ctxOf(request), kind, request.query.ids.map(BigInt))
        return done()
      },
    })
  }

  // Experts and scores
  r.get(`${P}/basic/candidates`, {
    config: perm(C.basicPush),
    schema: {
      tags,
      summary: '可推送的专家 (专家库中尚未推送的)',
      querystring: ZExpertCandidatesQuerySchema,
      response: { 200: zEnvelope(zPage(ZExpertCandidateSchema)) },
    },
    handler: async (request) => ok(await scoring.candidates(ctxOf(request), request.query)),
  })
  r.post(`${P}/basic/push`, {
    config: perm(C.basicPush),
    schema: { tags, summary: '推送专家', body: ZExpertPushSchema, response: { 200: zDone } },
    handler: async (request) => {
      await scoring.push(ctxOf(request), BigInt(request.body.resultsId), request.body.expertIds.map(BigInt))
      return done()
    },
  })
  r.get(`${P}/basic/list`, {
    config: perm([C.basicView, C.staff]),
    schema: {
      tags,
      summary: '已推送的专家 (分页)',
      querystring: ZResultsIdQuerySchema.extend(
        ZAppraiseRowsQuerySchema.pick({ current: true, size: true }).shape,
      ),
      response: { 200: zEnvelope(zPage(ZPushedExpertSchema)) },
    },
    handler: async (request) => {
      const q = request.query
      const all = await scoring.pushed(ctxOf(request), BigInt(q.resultsId))
      return ok(toPage(all.slice((q.current - 1) * q.size, q.current * q.size), all.length, q))
    },
  })
  r.post(`${P}/basic/remove`, {
    config: perm(C.basicRemove),
    schema: { tags, summary: '移除推送 (未评分的)', querystring: ZIds, response: { 200: zDone } },
    handler: async (request) => {
      await scoring.removePushed(ctxOf(request), request.query.ids.map(BigInt))
      return done()
    },
  })
  // The review calls need no menu permission: the service checks that the caller is a pushed expert.
  r.get(`${P}/results/reviewPage`, {
    config: { access: 'authenticated' },
    schema: {
      tags,
      summary: '专家的评审任务',
      querystring: ZResultsPageQuerySchema,
      response: {
        200: zEnvelope(
          zPage(
            z.object({
              id: ZWireIdSchema,
              agreementNumber: z.string().nullable(),
              name: z.string(),
              outcomeTypeName: z.string(),
              status: z.number(),
              statusName: z.string(),
              meetingTime: ZWireDateTimeSchema.nullable(),
              scored: z.boolean(),
            }),
          ),
        ),
      },
    },
    handler: async (request) => ok(await scoring.reviewPage(ctxOf(request), request.query)),
  })
  r.get(`${P}/results/reviewDetail`, {
    config: { access: 'authenticated' },
    schema: {
      tags,
      summary: '专家查看成果 (提交评分前不含联系方式)',
      querystring: ZId,
      response: {
        200: zEnvelope(
          z.object({
            id: ZWireIdSchema,
            agreementNumber: z.string().nullable(),
            name: z.string(),
            outcomeTypeName: z.string(),
            resultsSource: z.string().nullable(),
            synopsis: z.string().nullable(),
            meetingTime: ZWireDateTimeSchema.nullable(),
            meetingVenue: z.string().nullable(),
            statusName: z.string(),
            units: z.array(
              z.object({
                unitName: z.string(),
                address: z.string().nullable(),
                name: z.string().nullable(),
                phone: z.string().nullable(),
              }),
            ),
            principal: z
              .object({
                unitName: z.string().nullable(),
                address: z.string().nullable(),
                name: z.string().nullable(),
                phone: z.string().nullable(),
                personMail: z.string().nullable(),
              })
              .nullable(),
            submitted: z.boolean(),
          }),
        ),
      },
    },
    handler: async (request) => ok(await scoring.reviewDetail(ctxOf(request), BigInt(request.query.id))),
  })
  r.get(`${P}/index/selectByResultsId`, {
    config: { access: 'authenticated' },
    schema: {
      tags,
      summary: '评价指标与得分 (分页; 专家只见自己的评分)',
      querystring: ZIndexPageQuerySchema,
      response: { 200: zEnvelope(ZIndexListSchema) },
    },
    handler: async (request) => {
      const { resultsId, ...q } = request.query
      const { records, ...set } = await scoring.selectByResultsId(ctxOf(request), BigInt(resultsId))
      return ok({ ...pageOfAll(records, q), ...set })
    },
  })
  r.post(`${P}/index/score`, {
    config: { access: 'authenticated' },
    schema: {
      tags,
      summary: '专家评分',
      body: ZScoreSubmitSchema,
      response: { 200: zDone },
    },
    handler: async (request) => {
      await scoring.score(ctxOf(request), request.body)
      return done()
    },
  })
  r.get(`${P}/results/defaultConfig`, {
    config: perm([C.configView, C.staff]),
    schema: {
      tags,
      summary: '成果使用的评价指标 (未设置时为默认指标)',
      querystring: ZDefaultConfigQuerySchema,
      response: { 200: zEnvelope(z.array(ZDefaultConfigItemSchema)) },
    },
    handler: async (request) =>
      ok(await scoring.defaultConfig(ctxOf(request), BigInt(request.query.resultsId), request.query.type)),
  })
  r.post(`${P}/cofig/saves`, {
    config: perm(C.configSave),
    schema: { tags, summary: '设置成果的评价指标', body: ZIndexConfigSchema, response: { 200: zDone } },
    handler: async (request) => {
      await scoring.saveConfig(ctxOf(request), BigInt(request.body.resultsId), request.body.indexList)
      return done()
    },
  })

  // Forms and documents
  r.get(`${P}/notice/detail`, {
    config: perm(C.noticeView),
    schema: {
      tags,
      summary: '评价通知 (未保存时按成果预填)',
      querystring: ZResultsIdQuerySchema,
      response: { 200: zEnvelope(ZNoticeDetailSchema) },
    },
    handler: async (request) =>
      ok(await documents.noticeDetail(ctxOf(request), BigInt(request.query.resultsId))),
  })
  r.get(`${P}/report/detail`, {
    config: perm(C.reportView),
    schema: {
      tags,
      summary: '评价报告 (未保存时按成果预填)',
      querystring: ZResultsIdQuerySchema,
      response: { 200: zEnvelope(ZAppraiseReportDetailSchema) },
    },
    handler: async (request) =>
      ok(await documents.reportDetail(ctxOf(request), BigInt(request.query.resultsId))),
  })
  r.get(`${P}/have/detail`, {
    config: perm(C.meetingView),
    schema: {
      tags,
      summary: '评价会 (未保存时按成果预填)',
      querystring: ZResultsIdQuerySchema,
      response: { 200: zEnvelope(ZMeetingDetailSchema) },
    },
    handler: async (request) =>
      ok(await documents.meetingDetail(ctxOf(request), BigInt(request.query.resultsId))),
  })
  for (const [path, kind, body, code, label, answer] of [
    [
      'notice/submit',
      'notice',
      ZNoticeDraftSchema,
      C.noticeCreate,
      DOCUMENT_TITLES.notice,
      ZNoticeDetailSchema,
    ],
    [
      'report/submit',
      'report',
      ZReportDraftSchema,
      C.reportCreate,
      DOCUMENT_TITLES.report,
      ZAppraiseReportDetailSchema,
    ],
    ['have/submit', 'meeting', ZMeetingDraftSchema, C.meetingCreate, '评价会', ZMeetingDetailSchema],
  ] as const) {
    r.post(`${P}/${path}`, {
      config: perm(code),
      schema: {
        tags,
        summary: `暂存${label} (只校验已填写的字段)`,
        body,
        response: { 200: zEnvelope(answer) },
      },
      handler: async (request) =>
        ok(
          await documents.saveDraft(
            ctxOf(request),
            kind,
            request.body as Record<string, unknown> & { resultsId: string },
          ),
        ),
    })
  }
  r.get(`${P}/have/findAll`, {
    config: perm(C.meetingView),
    schema: {
      tags,
      summary: '成果的评价会',
      querystring: ZResultsIdQuerySchema,
      response: { 200: zEnvelope(z.array(ZMeetingDetailSchema)) },
    },
    handler: async (request) => ok(await documents.meetings(ctxOf(request), BigInt(request.query.resultsId))),
  })
  r.post(`${P}/notice/createNoticeFile`, {
    config: perm(C.noticeCreate),
    schema: {
      tags,
      summary: `保存并生成${DOCUMENT_TITLES.notice} (docx)`,
      body: ZNoticeFormSchema,
      response: { 200: ZBytes },
    },
    handler: async (request, reply) =>
      sendDoc(reply, await documents.createNotice(ctxOf(request), request.body)),
  })
  r.post(`${P}/report/createReportFile`, {
    config: perm(C.reportCreate),
    schema: {
      tags,
      summary: `保存并生成${DOCUMENT_TITLES.report} (docx)`,
      body: ZReportFormSchema,
      response: { 200: ZBytes },
    },
    handler: async (request, reply) =>
      sendDoc(reply, await documents.createReport(ctxOf(request), request.body)),
  })
  r.post(`${P}/results/haveMeeting`, {
    config: perm(C.meetingCreate),
    schema: {
      tags,
      summary: `保存评价会并生成${DOCUMENT_TITLES.meeting} (docx)`,
      body: ZMeetingFormSchema,
      response: { 200: ZBytes },
    },
    handler: async (request, reply) =>
      sendDoc(reply, await documents.haveMeeting(ctxOf(request), request.body)),
  })
  r.get(`${P}/results/protocol`, {
    config: perm(C.download),
    schema: {
      tags,
      summary: `生成${DOCUMENT_TITLES.protocol} (docx)`,
      querystring: ZId,
      response: { 200: ZBytes },
    },
    handler: async (request, reply) =>
      sendDoc(reply, await documents.protocol(ctxOf(request), BigInt(request.query.id))),
  })
  r.get(`${P}/results/download`, {
    config: perm(C.download),
    schema: {
      tags,
      summary: '下载文书 (type=notice/report/protocol/meeting) 或全部 (all, zip)',
      querystring: ZDownloadQuerySchema,
      response: { 200: ZBytes },
    },
    handler: async (request, reply) => {
      const ctx = ctxOf(request)
      const id = BigInt(request.query.resultsId)
      if (request.query.type === 'all') {
        return sendFile(reply, await documents.zip(ctx, id), 'application/zip')
      }
      return sendFile(reply, await documents.openDocument(ctx, id, request.query.type), DOCX_TYPE)
    },
  })

  // Files of an application
  r.get(`${P}/attach/findByResultsId`, {
    config: perm([C.attachView, C.list]),
    schema: {
      tags,
      summary: '成果的附件 (按分类)',
      querystring: ZResultsAttachQuerySchema,
      response: { 200: zEnvelope(z.array(ZResultsFileRecordSchema)) },
    },
    handler: async (request) =>
      ok(
        await documents.files(
          ctxOf(request),
          BigInt(request.query.resultsId),
          request.query.assortId ? BigInt(request.query.assortId) : undefined,
        ),
      ),
  })
  r.post(`${P}/attach/put-object`, {
    config: perm([C.attachAdd, C.edit]),
    schema: {
      tags,
      summary: '上传成果附件 (multipart, 字段 file)',
      querystring: z.object({
        resultsId: ZResultsIdQuerySchema.shape.resultsId,
        assortId: ZResultsIdQuerySchema.shape.resultsId,
      }),
      response: {
        200: zEnvelope(
          z.object({
            link: z.string(),
            name: z.string(),
            originalName: z.string(),
            attachId: ZWireIdSchema.nullable(),
          }),
        ),
      },
    },
    handler: async (request) => {
      const file = await readUpload(request)
      if (file?.fieldName !== 'file') {
        file?.body.resume()
        throw AppError.badRequest(UploadMsg.NO_FILE)
      }
      const stored = await documents.addFile(
        ctxOf(request),
        BigInt(request.query.resultsId),
        BigInt(request.query.assortId),
        file,
      )
      return ok({
        link: stored.link,
        name: stored.name,
        originalName: stored.originalName,
        attachId: stored.attachId,
      })
    },
  })
  r.post(`${P}/attach/remove`, {
    config: perm([C.attachRemove, C.edit]),
    schema: { tags, summary: '删除成果附件', querystring: ZIds, response: { 200: zDone } },
    handler: async (request) => {
      await documents.removeFiles(ctxOf(request), request.query.ids.map(BigInt))
      return done()
    },
  })
}

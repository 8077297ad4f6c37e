import type { Readable } from 'node:stream'
import {
  DOCUMENT_TITLES,
  UploadMsg,
  ZAppraiseReportDetailSchema,
  ZDownloadQuerySchema,
  ZMeetingDetailSchema,
  ZMeetingDraftSchema,
  ZMeetingFormSchema,
  ZNoticeDetailSchema,
  ZNoticeDraftSchema,
  ZNoticeFormSchema,
  ZReportDraftSchema,
  ZReportFormSchema,
  ZResultsAttachQuerySchema,
  ZResultsFileRecordSchema,
  ZResultsIdQuerySchema,
  ZWireIdSchema,
} from '@ysjs/shared'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { z } from 'zod'
import { ctxOf, type TCtx } from '../../lib/context.ts'
import { AppError } from '../../lib/errors.ts'
import type { TAnswerOf, TCallRequest } from '../../lib/route-kit.ts'
import { readUpload } from '../oss/multipart.ts'
import { contentDisposition } from '../oss/oss-endpoint.routes.ts'
import { APPRAISE_CODES as C } from './appraise-access.ts'
import { anyOf, appraiseKit, idsOf, ZIdQuery, ZIdsQuery } from './appraise-kit.ts'
import { DOCX_TYPE, type TDocumentsService } from './documents.service.ts'
import type { TFormAnswer, TFormKind } from './form-detail.ts'

const ZBytes = z.any().describe('docx 文件')
const byResults = { querystring: ZResultsIdQuerySchema }

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

/** The application's forms (notice, report, meeting), the documents made from them, and its files. */
export const documentsRoutes = (app: FastifyInstance, documents: TDocumentsService) => {
  const k = appraiseKit(app)

  // Forms: read (prefilled from the application until saved) and saved as drafts.
  // Forms: read (prefilled from the application until saved) and saved as drafts.
  const form = <K extends TFormKind, R extends z.ZodType>(f: {
    kind: K
    label: string
    paths: { detail: string; submit: string }
    codes: { view: string; create: string }
    draft: z.ZodType<Record<string, unknown> & { resultsId: string }>
    response: R & TAnswerOf<TFormAnswer[K], R>
    read: (ctx: TCtx, resultsId: bigint) => Promise<TFormAnswer[K]>
  }) => {
    const response: z.ZodType = f.response
    k.read(
      'GET',
      f.paths.detail,
      anyOf(f.codes.view),
      { summary: `${f.label} (未保存时按成果预填)`, ...byResults, response },
      (ctx, { query }) => f.read(ctx, BigInt(query.resultsId)),
    )
    k.read(
      'POST',
      f.paths.submit,
      anyOf(f.codes.create),
      { summary: `暂存${f.label} (只校验已填写的字段)`, body: f.draft, response },
      (ctx, { body }) => documents.saveDraft(ctx, f.kind, body),
    )
  }
  form({
    kind: 'notice',
    label: DOCUMENT_TITLES.notice,
    paths: { detail: '/notice/detail', submit: '/notice/submit' },
    codes: { view: C.noticeView, create: C.noticeCreate },
    draft: ZNoticeDraftSchema,
    response: ZNoticeDetailSchema,
    read: documents.noticeDetail,
  })
  form({
    kind: 'report',
    label: DOCUMENT_TITLES.report,
    paths: { detail: '/report/detail', submit: '/report/submit' },
    codes: { view: C.reportView, create: C.reportCreate },
    draft: ZReportDraftSchema,
    response: ZAppraiseReportDetailSchema,
    read: documents.reportDetail,
  })
  form({
    kind: 'meeting',
    label: '评价会',
    paths: { detail: '/have/detail', submit: '/have/submit' },
    codes: { view: C.meetingView, create: C.meetingCreate },
    draft: ZMeetingDraftSchema,
    response: ZMeetingDetailSchema,
    read: documents.meetingDetail,
  })
  k.read(
    'GET',
    '/have/findAll',
    anyOf(C.meetingView),
    { summary: '成果的评价会', ...byResults, response: z.array(ZMeetingDetailSchema) },
    (ctx, { query }) => documents.meetings(ctx, BigInt(query.resultsId)),
  )

  // Documents (docx) and the download of one or all of them.
  const docx = { response: { 200: ZBytes } }
  /** A form saved and its document made (docx), in one call. */
  const made = <B extends z.ZodType>(
    path: string,
    code: string,
    summary: string,
    body: B,
    make: (
      ctx: TCtx,
      form: TCallRequest<undefined, B>['body'],
    ) => Promise<{ fileName: string; bytes: Buffer }>,
  ) =>
    k.raw('POST', path, { access: anyOf(code) }, { summary, body, ...docx }, async (request, reply) =>
      sendDoc(reply, await make(ctxOf(request), request.body)),
    )
  made(
    '/notice/createNoticeFile',
    C.noticeCreate,
    `保存并生成${DOCUMENT_TITLES.notice} (docx)`,
    ZNoticeFormSchema,
    documents.createNotice,
  )
  made(
    '/report/createReportFile',
    C.reportCreate,
    `保存并生成${DOCUMENT_TITLES.report} (docx)`,
    ZReportFormSchema,
    documents.createReport,
  )
  made(
    '/results/haveMeeting',
    C.meetingCreate,
    `保存评价会并生成${DOCUMENT_TITLES.meeting} (docx)`,
    ZMeetingFormSchema,
    documents.haveMeeting,
  )
  k.raw(
    'GET',
    '/results/protocol',
    { access: anyOf(C.download) },
    { summary: `生成${DOCUMENT_TITLES.protocol} (docx)`, querystring: ZIdQuery, ...docx },
    async (request, reply) =>
      sendDoc(reply, await documents.protocol(ctxOf(request), BigInt(request.query.id))),
  )
  k.raw(
    'GET',
    '/results/download',
    { access: anyOf(C.download) },
    {
      summary: '下载文书 (type=notice/report/protocol/meeting) 或全部 (all, zip)',
      querystring: ZDownloadQuerySchema,
      ...docx,
    },
    async (request, reply) => {
      const ctx = ctxOf(request)
      const id = BigInt(request.query.resultsId)
      if (request.query.type === 'all') {
        return sendFile(reply, await documents.zip(ctx, id), 'application/zip')
      }
      return sendFile(reply, await documents.openDocument(ctx, id, request.query.type), DOCX_TYPE)
    },
  )

  // Files of an application
  k.read(
    'GET',
    '/attach/findByResultsId',
    anyOf([C.attachView, C.list]),
    {
      summary: '成果的附件 (按分类)',
      querystring: ZResultsAttachQuerySchema,
      response: z.array(ZResultsFileRecordSchema),
    },
    (ctx, { query }) =>
      documents.files(ctx, BigInt(query.resultsId), query.assortId ? BigInt(query.assortId) : undefined),
  )
  k.read(
    'POST',
    '/attach/put-object',
    anyOf([C.attachAdd, C.edit]),
    {
      summary: '上传成果附件 (multipart, 字段 file)',
      querystring: z.object({
        resultsId: ZResultsIdQuerySchema.shape.resultsId,
        assortId: ZResultsIdQuerySchema.shape.resultsId,
      }),
      response: z.object({
        link: z.string(),
        name: z.string(),
        originalName: z.string(),
        attachId: ZWireIdSchema.nullable(),
      }),
    },
    async (ctx, request) => {
      const file = await readUpload(request)
      if (file?.fieldName !== 'file') {
        file?.body.resume()
        throw AppError.badRequest(UploadMsg.NO_FILE)
      }
      const { query } = request
      const stored = await documents.addFile(ctx, BigInt(query.resultsId), BigInt(query.assortId), file)
      return {
        link: stored.link,
        name: stored.name,
        originalName: stored.originalName,
        attachId: stored.attachId,
      }
    },
  )
  k.command(
    'POST',
    '/attach/remove',
    anyOf([C.attachRemove, C.edit]),
    { summary: '删除成果附件', querystring: ZIdsQuery },
    (ctx, { query }) => documents.removeFiles(ctx, idsOf(query)),
  )
}

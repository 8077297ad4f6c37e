import { Readable } from 'node:stream'
import { nextId } from '@ysjs/db'
import {
  AppraiseAssortMsg,
  AppraiseReportMsg,
  DOCUMENT_TITLES,
  RESULTS_STATUS,
  ResultsMsg,
  type TDocumentKind,
  type TMeetingForm,
  type TNoticeForm,
  type TReportForm,
} from '@ysjs/shared'
import type { TCtx } from '../../lib/context.ts'
import { withAudit } from '../../lib/crud.ts'
import { AppError } from '../../lib/errors.ts'
import { sanitizeRichText } from '../../lib/rich-text.ts'
import { lockReferenced } from '../../lib/row-locks.ts'
import { tenantDb } from '../../lib/tenancy.ts'
import type { TIssuerService } from '../issuer/issuer.service.ts'
import type { TOssService } from '../oss/oss.service.ts'
import { loadResults, type TAppraiseDeps } from './appraise-access.ts'
import type { TAppraiseAssortService } from './assort.service.ts'
import { dossierZip } from './documents/dossier-zip.ts'
import { createDocumentRenderer } from './documents/render.ts'
import {
  createFormDetail,
  FORM_PERMISSION,
  type TDocContext,
  type TFormAnswer,
  type TFormKind,
  today,
} from './form-detail.ts'
import type { TResultsService } from './results.service.ts'
import type { TScoringService } from './scoring.service.ts'

export const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'

export const DocumentMsg = {
  NOTICE_STATUS: '成果受理后才能生成评价通知',
  REPORT_STATUS: '专家评分完成后才能生成评价报告',
  MEETING_STATUS: '成果受理后才能填写评价会',
  NOT_GENERATED: (kind: TDocumentKind) => `尚未生成${DOCUMENT_TITLES[kind]}`,
} as const

type TDeps = TAppraiseDeps & {
  oss: TOssService
  results: TResultsService
  scoring: TScoringService
  issuer: TIssuerService
  /** A parameter's value (the agreement's fee and terms); defaults apply without it. */
  param?: (key: string) => Promise<string | null>
  /** Absent in tools that only render (the bench): every category is then accepted. */
  assorts?: TAppraiseAssortService
}

const S = RESULTS_STATUS
/** Statuses in which a form may be saved and its document generated. */
const FORM_STATUSES: Record<TFormKind, readonly number[]> = {
  notice: [S.ACCEPTED, S.EVALUATING, S.SCORED],
  report: [S.SCORED, S.REPORTED],
  meeting: [S.ACCEPTED, S.EVALUATING, S.SCORED],
}

/** Rich-text fields of each form (sanitised on every save). */
const RICH_FIELDS: Record<TFormKind, readonly string[]> = {
  notice: [],
  report: [
    'projectSource',
    'statement',
    'reportDictionaryEntityListOne',
    'sources',
    'reportDictionaryEntityListTwo',
  ],
  meeting: ['meetingAgenda'],
}

export const createDocumentsService = (deps: TDeps) => {
  const { prisma, oss, results, scoring } = deps
  const db = (ctx: TCtx) => tenantDb(prisma, ctx.tenantId)

  /** Whether the caller may save the form now: its status and the form's button (decision 017). */
  const formEditable = async (ctx: TCtx, status: number, kind: TFormKind) =>
    FORM_STATUSES[kind].includes(status) &&
    !!ctx.user &&
    (await deps.hasPermission(ctx.user, FORM_PERMISSION[kind]))
  const { contextOf, savedForm, prefill, reportExtras, formDetail } = createFormDetail(deps, formEditable)

  const render = createDocumentRenderer({ prisma, oss, param: deps.param })
  /** The meeting notice is dated the day it goes out: the form's send date, else today. */
  const sendDateOf = (f: TMeetingForm) => f.sendDate || today()

  const fileNameOf = (c: TDocContext, kind: TDocumentKind) =>
    `${DOCUMENT_TITLES[kind]}-${c.row.agreementNumber ?? c.row.id}.docx`

  /**
   * Stores a generated document as the application's file of its kind (replacing the previous one) and
   * runs `inTx` in the same transaction as its row; a failure removes the stored file again.
   */
  const storeDocument = async (
    ctx: TCtx,
    c: TDocContext,
    kind: TDocumentKind,
    bytes: Buffer,
    inTx?: (tx: Parameters<Parameters<ReturnType<typeof db>['$transaction']>[0]>[0]) => Promise<void>,
  ) => {
    const fileName = fileNameOf(c, kind)
    const stored = await oss.store(
      ctx,
      { fileName, body: Readable.from([bytes]), complete: async () => {} },
      true,
      'attach',
    )
    const attachId = stored.attachId!
    let replaced: bigint[] = []
    try {
      await db(ctx).$transaction(async (tx) => {
        const old = await tx.resultsAttach.findMany({
          where: { resultsId: c.row.id, kind, isDeleted: 0 },
          select: { id: true, attachId: true },
        })
        replaced = old.map((o) => o.attachId)
        if (old.length) {
          await tx.resultsAttach.updateMany({
            where: { id: { in: old.map((o) => o.id) } },
            data: { isDeleted: 1 },
          })
        }
        await tx.resultsAttach.create({
          data: {
            id: nextId(),
            resultsId: c.row.id,
            attachId,
            kind,
            name: fileName,
            ...withAudit(ctx).author,
          },
        })
        await results.addEvent(tx, ctx, c.row.id, 'document', `生成${DOCUMENT_TITLES[kind]}`)
        await inTx?.(tx)
      })
    } catch (err) {
      await oss.removeAttachments(ctx, async () => [attachId])
      throw err
    }
    if (replaced.length) {
      // The replaced file is no longer referenced: removing it need not hold up the answer.
      void oss
        .removeAttachments(ctx, async () => replaced)
        .catch((err: unknown) => {
          ctx.log.warn({ err }, 'could not remove a replaced document')
        })
    }
    return { fileName, bytes }
  }

  const saveForm = async (
    tx: Parameters<Parameters<ReturnType<typeof db>['$transaction']>[0]>[0],
    ctx: TCtx,
    resultsId: bigint,
    kind: string,
    data: Record<string, unknown>,
  ) => {
    const existing = await tx.resultsForm.findFirst({
      where: { resultsId, kind, isDeleted: 0 },
      select: { id: true },
    })
    if (existing) {
      await tx.resultsForm.updateMany({
        where: { id: existing.id },
        data: { data: data as object, ...withAudit(ctx).updated },
      })
    } else {
      await tx.resultsForm.create({
        data: { id: nextId(), resultsId, kind, data: data as object, ...withAudit(ctx).author },
      })
    }
  }

  const assertStatus = (c: TDocContext, kind: TFormKind) => {
    if (!FORM_STATUSES[kind].includes(c.row.status)) {
      throw AppError.badRequest(
        kind === 'notice'
          ? DocumentMsg.NOTICE_STATUS
          : kind === 'report'
            ? DocumentMsg.REPORT_STATUS
            : DocumentMsg.MEETING_STATUS,
      )
    }
  }

  /**
   * The report prints what the form does not hold: its number must be the agreement's, and the rows and
   * principal group it shows must be complete (spec sections 2 and 5: every field is required).
   */
  const assertReportable = (c: TDocContext, form: TReportForm) => {
    if (form.reportNum !== (c.row.agreementNumber ?? '')) {
      throw AppError.badRequest(AppraiseReportMsg.REPORT_NUM_BOUND)
    }
    if (!c.rows.unitEntityList.length) {
      throw AppError.badRequest(ResultsMsg.UNITS)
    }
    if (!c.rows.peopleEntityList.length) {
      throw AppError.badRequest(ResultsMsg.PEOPLE)
    }
    const p = c.rows.principal
    const missing = (
      [
        ['unitName', ResultsMsg.P_UNIT_NAME],
        ['address', ResultsMsg.P_ADDRESS],
        ['agent', ResultsMsg.P_AGENT],
        ['name', ResultsMsg.P_NAME],
        ['phone', ResultsMsg.P_PHONE],
        ['fax', ResultsMsg.P_FAX],
        ['postcode', ResultsMsg.P_POSTCODE],
        ['personMail', AppraiseReportMsg.P_MAIL],
      ] as const
    ).find(([key]) => !p?.[key])
    if (missing) {
      throw AppError.badRequest(missing[1])
    }
  }

  const service = {
    noticeDetail: (ctx: TCtx, resultsId: bigint) => formDetail(ctx, resultsId, 'notice'),
    reportDetail: (ctx: TCtx, resultsId: bigint) => formDetail(ctx, resultsId, 'report'),

    meetingDetail: (ctx: TCtx, resultsId: bigint) => formDetail(ctx, resultsId, 'meeting'),

    /** `have/findAll`: the application's meetings (one form per application, once saved). */
    async meetings(ctx: TCtx, resultsId: bigint) {
      const detail = await formDetail(ctx, resultsId, 'meeting')
      return detail.saved ? [detail] : []
    },

    /**
     * 暂存: the notice, report or meeting form saved as it is (its filled fields checked by the draft
     * schema), without generating its document or moving the application on.
     */
    async saveDraft<K extends TFormKind>(
      ctx: TCtx,
      kind: K,
      form: Record<string, unknown> & { resultsId: string },
    ): Promise<TFormAnswer[K]> {
      const c = await contextOf(ctx, BigInt(form.resultsId))
      assertStatus(c, kind)
      const clean: Record<string, unknown> = { ...form }
      for (const key of RICH_FIELDS[kind]) {
        if (typeof clean[key] === 'string') {
          clean[key] = sanitizeRichText(clean[key] as string)
        }
      }
      await db(ctx).$transaction((tx) => saveForm(tx, ctx, c.row.id, kind, clean))
      return formDetail(ctx, c.row.id, kind)
    },

    /** 评价通知: saved, rendered, stored; the first one moves 已受理 → 评价中. */
    async createNotice(ctx: TCtx, form: TNoticeForm) {
      const c = await contextOf(ctx, BigInt(form.resultsId))
      assertStatus(c, 'notice')
      const bytes = await render.notice(ctx, c, form)
      return storeDocument(ctx, c, 'notice', bytes, async (tx) => {
        await saveForm(tx, ctx, c.row.id, 'notice', form)
        if (c.row.status === S.ACCEPTED) {
          await results.transition(tx, ctx, c.row.id, S.EVALUATING, { by: 'server' })
          // Experts pushed and scored before the notice: the application is scored at once.
          await scoring.advanceIfScored(tx, ctx, c.row.id)
        }
      })
    },

    /** 评价报告: saved, rendered with the scores, stored; the first one moves 已评分 → 已出具报告. */
    async createReport(ctx: TCtx, form: TReportForm) {
      const clean = {
        ...form,
        projectSource: sanitizeRichText(form.projectSource),
        statement: sanitizeRichText(form.statement),
        reportDictionaryEntityListOne: sanitizeRichText(form.reportDictionaryEntityListOne),
        sources: sanitizeRichText(form.sources),
        reportDictionaryEntityListTwo: sanitizeRichText(form.reportDictionaryEntityListTwo),
      }
      const c = await contextOf(ctx, BigInt(form.resultsId))
      assertStatus(c, 'report')
      assertReportable(c, form)
      const bytes = await render.report(ctx, c, clean, reportExtras)
      return storeDocument(ctx, c, 'report', bytes, async (tx) => {
        await saveForm(tx, ctx, c.row.id, 'report', clean)
        if (c.row.status === S.SCORED) {
          await results.transition(tx, ctx, c.row.id, S.REPORTED, { by: 'server' })
        }
      })
    },

    /** 评价会: the meeting form saved; answers the meeting notice file. */
    async haveMeeting(ctx: TCtx, form: TMeetingForm) {
      const clean = { ...form, meetingAgenda: sanitizeRichText(form.meetingAgenda) }
      const c = await contextOf(ctx, BigInt(form.resultsId))
      assertStatus(c, 'meeting')
      if (!c.rows.unitEntityList.length) {
        throw AppError.badRequest(ResultsMsg.UNITS)
      }
      const bytes = await render.meeting(ctx, c, clean, sendDateOf(clean))
      return storeDocument(ctx, c, 'meeting', bytes, (tx) => saveForm(tx, ctx, c.row.id, 'meeting', clean))
    },

    /** 评价协议书: rendered from the application as it stands, stored. */
    async protocol(ctx: TCtx, resultsId: bigint) {
      const c = await contextOf(ctx, resultsId)
      // The stored one while the application has not changed since (not a new file on every read).
      const stored = await db(ctx).resultsAttach.findFirst({
        where: { resultsId, kind: 'protocol', isDeleted: 0 },
        orderBy: { createTime: 'desc' },
      })
      if (stored && stored.createTime >= (c.row.updateTime ?? c.row.createTime)) {
        const attach = await db(ctx).attach.findFirst({ where: { id: stored.attachId, isDeleted: 0 } })
        const found = attach ? await oss.read(ctx, attach.name) : null
        if (found) {
          const chunks: Buffer[] = []
          for await (const chunk of found.body as Readable) {
            chunks.push(Buffer.from(chunk as Uint8Array))
          }
          return { fileName: stored.name, bytes: Buffer.concat(chunks) }
        }
      }
      return storeDocument(ctx, c, 'protocol', await render.protocol(ctx, c))
    },

    /** Renders a document without storing it (benchmarks measure this). */
    async renderOnly(ctx: TCtx, resultsId: bigint, kind: 'protocol' | 'report') {
      const c = await contextOf(ctx, resultsId)
      if (kind === 'protocol') {
        return render.protocol(ctx, c)
      }
      const saved = await savedForm(ctx, resultsId, 'report')
      return render.report(ctx, c, (saved?.data ?? prefill.report(c)) as TReportForm, reportExtras)
    },

    async files(ctx: TCtx, resultsId: bigint, assortId?: bigint) {
      await loadResults(deps, ctx, resultsId)
      const rows = await db(ctx).resultsAttach.findMany({
        where: { resultsId, isDeleted: 0, ...(assortId ? { assortId } : {}) },
        orderBy: [{ createTime: 'asc' }, { id: 'asc' }],
      })
      const attaches = await db(ctx).attach.findMany({
        where: { id: { in: rows.map((r) => r.attachId) }, isDeleted: 0 },
        select: { id: true, link: true, attachSize: true },
      })
      const byId = new Map(attaches.map((a) => [a.id, a]))
      return rows
        .filter((r) => byId.has(r.attachId))
        .map((r) => ({
          id: r.id,
          resultsId: r.resultsId,
          attachId: r.attachId,
          assortId: r.assortId,
          kind: r.kind,
          name: r.name,
          link: byId.get(r.attachId)!.link,
          attachSize: Number(byId.get(r.attachId)!.attachSize ?? 0),
          createTime: r.createTime,
        }))
    },

    /** `attach/put-object`: an uploaded file filed under one of the six categories of the application. */
    async addFile(ctx: TCtx, resultsId: bigint, assortId: bigint, file: Parameters<TOssService['store']>[1]) {
      const { canEdit, staff, row } = await loadResults(deps, ctx, resultsId)
      if (!canEdit && !(staff && row.status !== S.ARCHIVED)) {
        file.body.resume()
        throw AppError.badRequest('当前状态不能修改该成果')
      }
      if (deps.assorts && !(await deps.assorts.isCategory(assortId))) {
        file.body.resume()
        throw AppError.badRequest(AppraiseAssortMsg.SELECT)
      }
      const stored = await oss.store(ctx, file, true, 'attach')
      const attachId = stored.attachId!
      try {
        await db(ctx).$transaction(async (tx) => {
          // The category stays until this file is filed under it (a removal counts it, decision 030).
          if (!(await lockReferenced(tx, 'blade_assort', assortId))) {
            throw AppError.badRequest(AppraiseAssortMsg.SELECT)
          }
          await tx.resultsAttach.create({
            data: {
              id: nextId(),
              resultsId,
              attachId,
              assortId,
              kind: 'upload',
              name: stored.originalName,
              ...withAudit(ctx).author,
            },
          })
          await results.addEvent(tx, ctx, resultsId, 'attach', `上传附件 ${stored.originalName}`)
        })
      } catch (err) {
        await oss.removeAttachments(ctx, async () => [attachId])
        throw err
      }
      return stored
    },

    async removeFiles(ctx: TCtx, ids: bigint[]) {
      const rows = await db(ctx).resultsAttach.findMany({
        where: { id: { in: ids }, isDeleted: 0, kind: 'upload' },
      })
      for (const r of rows) {
        const { canEdit, staff, row } = await loadResults(deps, ctx, r.resultsId)
        if (!canEdit && !(staff && row.status !== S.ARCHIVED)) {
          throw AppError.badRequest('当前状态不能修改该成果')
        }
      }
      await oss.removeAttachments(ctx, async (tx) => {
        await tx.resultsAttach.updateMany({
          where: { id: { in: rows.map((r) => r.id) } },
          data: { isDeleted: 1 },
        })
        for (const r of rows) {
          await results.addEvent(tx, ctx, r.resultsId, 'attach', `删除附件 ${r.name}`)
        }
        return rows.map((r) => r.attachId)
      })
    },

    /** One stored document of the application (the protocol is generated when none is stored). */
    async openDocument(ctx: TCtx, resultsId: bigint, kind: TDocumentKind) {
      if (kind === 'protocol') {
        // The agreement follows the application: stored while unchanged, made again otherwise.
        const made = await service.protocol(ctx, resultsId)
        return { fileName: made.fileName, body: Readable.from([made.bytes]), size: made.bytes.length }
      }
      await loadResults(deps, ctx, resultsId)
      const row = await db(ctx).resultsAttach.findFirst({
        where: { resultsId, kind, isDeleted: 0 },
        orderBy: { createTime: 'desc' },
      })
      if (!row) {
        throw AppError.badRequest(DocumentMsg.NOT_GENERATED(kind))
      }
      const attach = await db(ctx).attach.findFirst({ where: { id: row.attachId, isDeleted: 0 } })
      const found = attach ? await oss.read(ctx, attach.name) : null
      if (!found) {
        throw AppError.badRequest(DocumentMsg.NOT_GENERATED(kind))
      }
      return { fileName: row.name, body: found.body, size: found.object.size }
    },

    /** `download?type=all`: every file of the application and its dossier, streamed as a zip. */
    async zip(ctx: TCtx, resultsId: bigint) {
      const { row } = await loadResults(deps, ctx, resultsId)
      return dossierZip(deps, ctx, row, await service.files(ctx, resultsId))
    },
  }
  return service
}

export type TDocumentsService = ReturnType<typeof createDocumentsService>

import {
  formatDate,
  formatDateTime,
  type TMeetingForm,
  type ZAppraiseReportDetailSchema,
  type ZMeetingDetailSchema,
  type ZNoticeDetailSchema,
} from '@ysjs/shared'
import type { z } from 'zod'
import type { TCtx } from '../../lib/context.ts'
import { dictLabels } from '../../lib/dict-labels.ts'
import { tenantDb } from '../../lib/tenancy.ts'
import type { TIssuerService } from '../issuer/issuer.service.ts'
import { APPRAISE_CODES, dateText, decimal, loadResults, type TAppraiseDeps } from './appraise-access.ts'
import type { TResultsService } from './results.service.ts'
import type { TScoringService } from './scoring.service.ts'

/**
 * The reads of the notice, report and meeting forms (decision 023): the saved draft over the prefill
 * from the application, answered with spec section 3's fields at the top level and the form's own
 * facts (saved, generated, canEdit) beside them.
 */

export type TFormKind = 'notice' | 'report' | 'meeting'

/** A form's answer; what a saved draft holds was typed by the draft schema that saved it. */
export type TFormAnswer = {
  notice: z.infer<typeof ZNoticeDetailSchema>
  report: z.infer<typeof ZAppraiseReportDetailSchema>
  meeting: z.infer<typeof ZMeetingDetailSchema>
}

export type TFormDetailDeps = TAppraiseDeps & {
  results: TResultsService
  scoring: TScoringService
  issuer: TIssuerService
}

export const FORM_PERMISSION = {
  notice: APPRAISE_CODES.noticeCreate,
  report: APPRAISE_CODES.reportCreate,
  meeting: APPRAISE_CODES.meetingCreate,
} as const

const dropBlank = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null && v !== ''))

export const today = () => formatDate(new Date())

/**
 * A report saved before decision 023 holds the technical description and the conclusion as `technical`
 * and `conclusion`: read under the spec's names, which win when both are there.
 */
export const reportAliases = (data: Record<string, unknown>): Record<string, unknown> => {
  const { technical, conclusion, ...rest } = data
  return {
    ...rest,
    reportDictionaryEntityListOne: rest.reportDictionaryEntityListOne ?? technical,
    reportDictionaryEntityListTwo: rest.reportDictionaryEntityListTwo ?? conclusion,
  }
}

export const createFormDetail = (
  deps: TFormDetailDeps,
  formEditable: (ctx: TCtx, status: number, kind: TFormKind) => Promise<boolean>,
) => {
  const { prisma, results, scoring } = deps
  const db = (ctx: TCtx) => tenantDb(prisma, ctx.tenantId)

  const savedForm = async (ctx: TCtx, resultsId: bigint, kind: string) => {
    const saved = await db(ctx).resultsForm.findFirst({
      where: { resultsId, kind, isDeleted: 0 },
      orderBy: { createTime: 'desc' },
    })
    if (saved && kind === 'report') {
      return { ...saved, data: reportAliases((saved.data ?? {}) as Record<string, unknown>) }
    }
    return saved
  }

  /** Everything a document of the application prints, read once. */
  const contextOf = async (ctx: TCtx, resultsId: bigint) => {
    const { row, staff } = await loadResults(deps, ctx, resultsId)
    const [rows, issuer, titles, levels, outcomes] = await Promise.all([
      results.rowsOf(ctx, resultsId),
      deps.issuer.profile(ctx),
      dictLabels(prisma, ctx.tenantId, 'technical_title'),
      dictLabels(prisma, ctx.tenantId, 'educational_level'),
      dictLabels(prisma, ctx.tenantId, 'achievement_type'),
    ])
    return { row, staff, rows, issuer, titles, levels, outcomes }
  }
  type TDocContext = Awaited<ReturnType<typeof contextOf>>

  const prefill = {
    notice: (c: TDocContext): Record<string, unknown> => ({
      agreementNumber: c.row.agreementNumber ?? '',
      name: c.row.name,
      unit: c.issuer.fullName,
      evaluationDate: c.row.meetingTime ? formatDate(c.row.meetingTime) : '',
      sendDate: today(),
      meetingType: c.row.meetingType ?? 2,
      meetingCode: '',
      contact: '',
      phone: '',
      list: [],
    }),
    report: (c: TDocContext): Record<string, unknown> => ({
      reportNum: c.row.agreementNumber ?? '',
      outcomeName: c.row.name,
      projectSource: c.row.resultsSource ?? '',
      outcomeType: c.row.outcomeType,
      firstParty: c.rows.principal?.unitName ?? c.row.firstParty ?? '',
      commissionDate: dateText(c.row.signingDate) ?? '',
      appraiseType: c.row.appraiseType ?? '',
      appraiseUnit: c.issuer.fullName,
      completeDate: today(),
      times: [dateText(c.row.signingDate) ?? today(), today()],
      statement: '',
      reportDictionaryEntityListOne: c.row.synopsis ?? '',
      sources: '',
      reportDictionaryEntityListTwo: '',
      list: [],
    }),
    meeting: (c: TDocContext): Record<string, unknown> => ({
      meetingTime: c.row.meetingTime ? formatDateTime(c.row.meetingTime) : '',
      meetingType: c.row.meetingType ?? 2,
      meetingNo: '',
      direct: '',
      meetingAgenda: '',
      enterpriseList: [],
      leaders: [],
      sendDate: today(),
    }),
  }

  /**
   * What the report holds besides its form (spec section 3): index items with their scores, total,
   * grade, rows, and the linked results, principal and haveMeeting.
   */
  const reportExtras = async (ctx: TCtx, c: TDocContext) => {
    const [index, meeting] = await Promise.all([
      c.staff ? scoring.selectByResultsId(ctx, c.row.id) : null,
      savedForm(ctx, c.row.id, 'meeting'),
    ])
    const m = (meeting?.data ?? {}) as Partial<TMeetingForm>
    const p = c.rows.principal
    return {
      indexList: (index?.records ?? []).map((i) => ({
        id: i.id === 0n ? null : i.id,
        indexName: i.name,
        score: i.score,
        weight: i.weight,
      })),
      totalScore: decimal(c.row.totalScore),
      grade: c.row.grade,
      unitList: c.rows.unitEntityList,
      peopleList: c.rows.peopleEntityList,
      results: {
        id: c.row.id,
        agreementNumber: c.row.agreementNumber,
        name: c.row.name,
        outcomeType: c.row.outcomeType,
      },
      principal: p
        ? {
            unitName: p.unitName,
            address: p.address,
            agent: p.agent,
            name: p.name,
            phone: p.phone,
            fax: p.fax,
            postcode: p.postcode,
            personMail: p.personMail,
          }
        : null,
      haveMeeting: meeting
        ? {
            meetingType: m.meetingType ?? null,
            meetingNo: m.meetingNo ?? null,
            direct: m.direct ?? null,
            meetingAgenda: m.meetingAgenda ?? null,
          }
        : null,
    }
  }

  const formDetail = async <K extends TFormKind>(
    ctx: TCtx,
    resultsId: bigint,
    kind: K,
  ): Promise<TFormAnswer[K]> => {
    const c = await contextOf(ctx, resultsId)
    const [saved, generated] = await Promise.all([
      savedForm(ctx, resultsId, kind),
      db(ctx).resultsAttach.count({ where: { resultsId, kind, isDeleted: 0 } }),
    ])
    // A draft keeps what was typed; what it left empty is prefilled from the application.
    const { resultsId: _typed, ...typed } = dropBlank((saved?.data ?? {}) as Record<string, unknown>)
    const fields = { ...prefill[kind](c), ...typed }
    const extras =
      kind === 'report'
        ? await reportExtras(ctx, c)
        : kind === 'meeting'
          ? { projectName: c.row.name, unitList: c.rows.unitEntityList }
          : {}
    return {
      ...fields,
      ...extras,
      id: saved?.id ?? null,
      resultsId,
      saved: !!saved,
      generated: generated > 0,
      canEdit: await formEditable(ctx, c.row.status, kind),
      updateTime: saved?.updateTime ?? saved?.createTime ?? null,
    } as unknown as TFormAnswer[K]
  }

  return { contextOf, savedForm, prefill, reportExtras, formDetail }
}

export type TFormDetail = ReturnType<typeof createFormDetail>
export type TDocContext = Awaited<ReturnType<TFormDetail['contextOf']>>

import type { Readable } from 'node:stream'
import type { PrismaClient } from '@ysjs/db'
import {
  AGREEMENT_PARAMS,
  AGREEMENT_TEMPLATE_TYPE,
  DEFAULT_AGREEMENT_TERMS,
  type TMeetingForm,
  type TNoticeForm,
  type TReportForm,
} from '@ysjs/shared'
import type { TCtx } from '../../../lib/context.ts'
import { tenantDb } from '../../../lib/tenancy.ts'
import { storedKeyOf, type TOssService } from '../../oss/oss.service.ts'
import type { TDocContext, TFormDetail } from '../form-detail.ts'
import { renderAgreement, type TAgreementTerms } from './agreement.document.ts'
import { renderMeetingNotice } from './meeting-notice.document.ts'
import { renderNotice } from './notice.document.ts'
import type { TDocInput } from './parts.ts'
import { renderReport, type TPanelMember } from './report.document.ts'
import { imageInfo, imageSources, type TRichImage } from './rich-text-docx.ts'

type TDeps = {
  prisma: PrismaClient
  oss: TOssService
  /** A parameter's value (参数管理); null when not set. */
  param?: (key: string) => Promise<string | null>
}

/** The most pictures, and the largest, a document embeds (a rich text could name many). */
const MAX_IMAGES = 20
const MAX_IMAGE_BYTES = 5 * 1024 * 1024

/**
 * The stored pictures the rich texts embed; links elsewhere are not fetched (never a request out). A
 * picture that is not stored (`read` answers null) is left out and its alt text stays; a store that
 * cannot answer fails the document (issue 28): a document silently missing its pictures is not one.
 */
export const storedImages = async (
  read: (key: string) => Promise<{ object: { size: number }; body: unknown } | null>,
  htmls: (string | null | undefined)[],
) => {
  const images = new Map<string, TRichImage>()
  const sources = [...new Set(htmls.flatMap(imageSources))].slice(0, MAX_IMAGES)
  for (const src of sources) {
    const key = storedKeyOf(src.replace(/[?#].*$/, ''))
    const found = key ? await read(key) : null
    if (!found || found.object.size > MAX_IMAGE_BYTES) {
      continue
    }
    const chunks: Buffer[] = []
    for await (const chunk of found.body as Readable) {
      chunks.push(Buffer.from(chunk as Uint8Array))
    }
    const data = Buffer.concat(chunks)
    const info = imageInfo(data)
    if (info && info.width > 0 && info.height > 0) {
      images.set(src, { ...info, data })
    }
  }
  return images
}

/**
 * Renders the four documents (decision 027): reads what they need besides the application (rich-text
 * pictures from storage, the 协议模板 and its parameters, the expert panel), then builds the docx.
 */
export const createDocumentRenderer = ({ prisma, oss, param }: TDeps) => {
  const db = (ctx: TCtx) => tenantDb(prisma, ctx.tenantId)

  const imagesOf = (ctx: TCtx, htmls: (string | null | undefined)[]) =>
    storedImages((key) => oss.read(ctx, key), htmls)

  const input = async (
    ctx: TCtx,
    c: TDocContext,
    htmls: (string | null | undefined)[],
  ): Promise<TDocInput> => ({
    c,
    images: await imagesOf(ctx, htmls),
  })

  const agreementTerms = async (ctx: TCtx): Promise<TAgreementTerms> => {
    const template = await db(ctx).template.findFirst({
      where: { type: AGREEMENT_TEMPLATE_TYPE, isDeleted: 0 },
      orderBy: [{ updateTime: { sort: 'desc', nulls: 'last' } }, { createTime: 'desc' }],
      select: { content: true },
    })
    const value = async (p: (typeof AGREEMENT_PARAMS)[keyof typeof AGREEMENT_PARAMS]) =>
      ((await param?.(p.key)) ?? '').trim() || p.value
    return {
      html: template?.content?.trim() || DEFAULT_AGREEMENT_TERMS,
      fee: await value(AGREEMENT_PARAMS.fee),
      paymentDays: await value(AGREEMENT_PARAMS.paymentDays),
      reportDays: await value(AGREEMENT_PARAMS.reportDays),
      copies: await value(AGREEMENT_PARAMS.copies),
      deliverables: await value(AGREEMENT_PARAMS.deliverables),
    }
  }

  /** The pushed experts in the order they were pushed, with their units, titles and opinions. */
  const panelOf = async (ctx: TCtx, resultsId: bigint): Promise<TPanelMember[]> => {
    const rows = await db(ctx).resultsExpert.findMany({
      where: { resultsId, isDeleted: 0 },
      orderBy: [{ createTime: 'asc' }, { id: 'asc' }],
      select: { expertId: true, opinion: true },
    })
    const experts = await db(ctx).expertBasic.findMany({
      where: { id: { in: rows.map((r) => r.expertId) } },
      select: { id: true, name: true, workUnit: true, level: true, position: true },
    })
    const byId = new Map(experts.map((e) => [e.id, e]))
    return rows.map((r) => {
      const e = byId.get(r.expertId)
      return {
        name: e?.name ?? '',
        unit: e?.workUnit ?? '',
        title: e?.level || e?.position || '',
        opinion: r.opinion ?? '',
      }
    })
  }

  return {
    notice: async (ctx: TCtx, c: TDocContext, f: TNoticeForm) => renderNotice(await input(ctx, c, []), f),
    meeting: async (ctx: TCtx, c: TDocContext, f: TMeetingForm, sendDate: string) =>
      renderMeetingNotice(await input(ctx, c, [f.meetingAgenda]), f, sendDate),
    protocol: async (ctx: TCtx, c: TDocContext) => {
      const terms = await agreementTerms(ctx)
      return renderAgreement(await input(ctx, c, [c.row.resultsSource, c.row.synopsis, terms.html]), terms)
    },
    report: async (ctx: TCtx, c: TDocContext, f: TReportForm, reportExtras: TFormDetail['reportExtras']) => {
      const [extras, panel] = await Promise.all([reportExtras(ctx, c), panelOf(ctx, c.row.id)])
      const htmls = [
        f.projectSource,
        f.statement,
        f.reportDictionaryEntityListOne,
        f.sources,
        f.reportDictionaryEntityListTwo,
        extras.haveMeeting?.meetingAgenda,
      ]
      return renderReport(await input(ctx, c, htmls), f, extras, panel)
    },
  }
}

export type TDocumentRenderer = ReturnType<typeof createDocumentRenderer>

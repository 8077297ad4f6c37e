import { Prisma } from '@ysjs/db'
import {
  bigramsOf,
  KMS_CONTENT_MAX,
  KmsMsg,
  parseDateTime,
  type TKmsMainListQuery,
  type TKmsMainSubmit,
} from '@ysjs/shared'
import sanitizeHtml from 'sanitize-html'
import { AppError } from '../../lib/errors.ts'
import { escapeLike } from '../../lib/filters.ts'
import { sanitizeRichTextFields, stripMarkup } from '../../lib/rich-text.ts'
import type { TKmsCatalogService } from './kms-catalog.service.ts'

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }

/**
 * Plain text of sanitised rich text, for the keyword index: markup removed and its entities decoded
 * once (so `A&amp;B` is searchable as A&B, and `&amp;lt;` stays the text `&lt;`).
 */
const textOf = (html: string | null | undefined) =>
  html
    ? sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(
        /&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,6});/gi,
        (whole, name: string) => {
          if (name[0] === '#') {
            const code =
              name[1]?.toLowerCase() === 'x' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1))
            return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole
          }
          return ENTITIES[name.toLowerCase()] ?? whole
        },
      )
    : ''

/** Where an export of entries continues: the last entry's rank, sort date and id. */
export type TMainKeyset = { rank: number; sortAt: Date; id: bigint }

export type TMainRow = {
  id: bigint
  tenantId: string
  title: string
  catalogId: bigint
  summary: string | null
  content: string | null
  fileAttach: string | null
  source: string | null
  publishDate: Date | null
  shelves: number
  createTime: Date
  updateTime: Date | null
}
export const MAIN_COLUMNS = {
  id: true,
  tenantId: true,
  title: true,
  catalogId: true,
  summary: true,
  content: true,
  fileAttach: true,
  source: true,
  publishDate: true,
  shelves: true,
  createTime: true,
  updateTime: true,
} as const

/**
 * Knowledge entries (知识管理). The keyword search matches substrings of title, summary and content
 * text through a GIN index on the entries' character bigrams (`search_grams @> grams(keyword)`), then
 * confirms the substring and ranks title matches before summary before content (ADR 013).
 */

/** The columns an entry's submit writes (rich text sanitised, plain fields stripped of markup, search grams). */
export const entryData = (input: TKmsMainSubmit) => {
  const clean = sanitizeRichTextFields({ content: input.content ?? '' }, { content: KMS_CONTENT_MAX })
  const content = clean.content || null
  const contentText = textOf(content)
  const publishDate = input.publishDate ? parseDateTime(input.publishDate) : null
  if (input.publishDate && !publishDate) {
    throw AppError.badRequest(KmsMsg.PUBLISH_DATE)
  }
  // Title, summary and source are plain text: markup is stripped on write (issue 22), so a portal
  // that renders them as HTML runs nothing.
  const title = stripMarkup(input.title)
  if (!title) {
    throw AppError.badRequest(KmsMsg.TITLE)
  }
  const summary = input.summary ? stripMarkup(input.summary) || null : null
  const source = input.source ? stripMarkup(input.source) || null : null
  return {
    title,
    catalogId: BigInt(input.catalogId),
    summary,
    content,
    contentText,
    fileAttach: input.fileAttach ?? null,
    source,
    publishDate,
    searchGrams: bigramsOf(`${title}\n${summary ?? ''}\n${contentText}`),
  }
}

/** The list's filter (and keyword rank) as SQL over `kms_main m`; the portal sees shelved entries only. */
export const mainFilter = async (
  catalogs: Pick<TKmsCatalogService, 'subtreeIds'>,
  tenantId: string,
  q: TKmsMainListQuery,
  portal: boolean,
) => {
  const conds: Prisma.Sql[] = [Prisma.sql`m.tenant_id = ${tenantId}`, Prisma.sql`m.is_deleted = 0`]
  if (portal) {
    conds.push(Prisma.sql`m.shelves = 1`)
  } else if (q.shelves !== undefined) {
    conds.push(Prisma.sql`m.shelves = ${Number(q.shelves)}`)
  }
  if (q.catalogId) {
    const ids = await catalogs.subtreeIds(tenantId, BigInt(q.catalogId))
    conds.push(Prisma.sql`m.catalog_id IN (${Prisma.join(ids)})`)
  }
  if (q.labelId) {
    conds.push(
      Prisma.sql`EXISTS (SELECT 1 FROM kms_main_label l WHERE l.main_id = m.id AND l.label_id = ${BigInt(q.labelId)})`,
    )
  }
  if (q.title) {
    conds.push(Prisma.sql`m.title ILIKE ${`%${escapeLike(q.title)}%`}`)
  }
  const keyword = q.keyword?.trim().toLowerCase()
  let rank: Prisma.Sql | null = null
  if (keyword) {
    const like = `%${escapeLike(keyword)}%`
    const grams = bigramsOf(keyword)
    if (grams.length) {
      conds.push(Prisma.sql`m.search_grams @> ${grams}::text[]`)
    }
    conds.push(
      Prisma.sql`(lower(m.title) LIKE ${like} OR lower(coalesce(m.summary, '')) LIKE ${like} OR lower(coalesce(m.content_text, '')) LIKE ${like})`,
    )
    rank = Prisma.sql`CASE WHEN lower(m.title) LIKE ${like} THEN 0 WHEN lower(coalesce(m.summary, '')) LIKE ${like} THEN 1 ELSE 2 END`
  }
  return { where: Prisma.join(conds, ' AND '), rank }
}

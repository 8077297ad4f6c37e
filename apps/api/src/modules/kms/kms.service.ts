import { type KmsCatalog, nextId, Prisma, type PrismaClient } from '@ysjs/db'
import {
  bigramsOf,
  KMS_CONTENT_MAX,
  KMS_PREFIX,
  KmsMsg,
  parseDateTime,
  type TKmsCatalogSubmit,
  type TKmsMainListQuery,
  type TKmsMainSubmit,
  ZKmsAuthorRecordSchema,
  ZKmsAuthorSubmitSchema,
  ZKmsLabelRecordSchema,
  ZKmsLabelSubmitSchema,
} from '@ysjs/shared'
import sanitizeHtml from 'sanitize-html'
import type { TCtx } from '../../lib/context.ts'
import { createCrudService } from '../../lib/crud.ts'
import { dictLabels } from '../../lib/dict-labels.ts'
import { AppError } from '../../lib/errors.ts'
import { escapeLike } from '../../lib/filters.ts'
import { boundedPage, boundedRows, skipTake } from '../../lib/paging.ts'
import { sanitizeRichTextFields, stripMarkup } from '../../lib/rich-text.ts'
import { type TTenantDb, tenantDb } from '../../lib/tenancy.ts'
import { buildTree } from '../../lib/tree.ts'
import { linkExperts } from './main-expert.service.ts'

type TTx = Parameters<Parameters<TTenantDb['$transaction']>[0]>[0]
const LIVE = { isDeleted: 0 }
const ORDER = [{ sort: 'asc' as const }, { id: 'asc' as const }]
const ROOT_NAME = '顶级'
const db = (prisma: PrismaClient, tenantId: string) => tenantDb(prisma, tenantId)
const audit = (ctx: TCtx) => ({ user: ctx.user?.userId ?? null, dept: ctx.user?.deptIds[0] ?? null })

/** Labels (知识标签): the generic CRUD, unique name per tenant. */
export const createKmsLabelService = (prisma: PrismaClient) =>
  createCrudService(prisma, {
    name: 'kms-label',
    prefix: `${KMS_PREFIX}/label`,
    model: (d) => d.kmsLabel,
    tenantScoped: true,
    submit: ZKmsLabelSubmitSchema,
    record: ZKmsLabelRecordSchema,
    filters: { labelName: 'string' },
    sortable: ['labelName', 'createTime'],
    defaultOrder: [{ createTime: 'desc' }],
    permissions: {
      list: 'kms_label',
      add: 'kms_label_add',
      edit: 'kms_label_edit',
      remove: 'kms_label_delete',
    },
    unique: [{ fields: ['labelName'], message: KmsMsg.LABEL_NAME_TAKEN }],
    export: {
      fileName: '知识标签',
      columns: [
        { key: 'labelName', header: '标签名称', width: 30 },
        { key: 'createTime', header: '创建时间', kind: 'datetime' },
      ],
    },
  })

/** Authors of an entry (知识作者): the generic CRUD; the entry must be the tenant's. */
export const createKmsAuthorService = (prisma: PrismaClient) =>
  createCrudService(prisma, {
    name: 'kms-author',
    prefix: `${KMS_PREFIX}/main_to_author`,
    model: (d) => d.kmsMainToAuthor,
    tenantScoped: true,
    submit: ZKmsAuthorSubmitSchema,
    record: ZKmsAuthorRecordSchema,
    filters: { mainId: 'id', authorName: 'string', unitName: 'string?' },
    sortable: ['authorName', 'sort', 'createTime'],
    defaultOrder: [{ sort: 'asc' }, { createTime: 'asc' }],
    permissions: {
      list: 'kms_author',
      add: 'kms_author_add',
      edit: 'kms_author_edit',
      remove: 'kms_author_delete',
    },
    toData: ({ mainId, sort, ...rest }) => ({ ...rest, mainId: BigInt(mainId), sort: sort ?? 0 }),
    enrich: async (ctx, rows) => {
      const ids = [...new Set(rows.map((r) => r.mainId as bigint))]
      const entries = ids.length
        ? await db(prisma, ctx.tenantId).kmsMain.findMany({
            where: { id: { in: ids } },
            select: { id: true, title: true },
          })
        : []
      const titles = new Map(entries.map((e) => [e.id, e.title]))
      return rows.map((r) => ({ ...r, mainTitle: titles.get(r.mainId as bigint) ?? '' }))
    },
    export: {
      fileName: '知识作者',
      columns: [
        { key: 'mainTitle', header: '知识条目', width: 40 },
        { key: 'authorName', header: '作者姓名' },
        { key: 'unitName', header: '工作单位', width: 30 },
        { key: 'sort', header: '排序', width: 8, kind: 'number' },
      ],
    },
    validate: async (ctx, data) => {
      const entry = await db(prisma, ctx.tenantId).kmsMain.findFirst({
        where: { id: data.mainId as bigint, ...LIVE },
        select: { id: true },
      })
      if (!entry) {
        throw AppError.badRequest(KmsMsg.ENTRY_MISSING)
      }
    },
  })

/** Catalogs (知识目录): a tree per tenant by `parentId`. */
export const createKmsCatalogService = (prisma: PrismaClient) => {
  const label = async (tenantId: string, rows: KmsCatalog[]) => {
    const parentIds = [...new Set(rows.map((r) => r.parentId).filter((p) => p > 0n))]
    const parents = parentIds.length
      ? await db(prisma, tenantId).kmsCatalog.findMany({
          where: { id: { in: parentIds } },
          select: { id: true, catalogName: true },
        })
      : []
    const names = new Map(parents.map((p) => [p.id, p.catalogName]))
    return rows.map((r) => ({
      ...r,
      parentName: r.parentId === 0n ? ROOT_NAME : (names.get(r.parentId) ?? ''),
    }))
  }
  const all = (tenantId: string) => db(prisma, tenantId).kmsCatalog.findMany({ where: LIVE, orderBy: ORDER })
  const lockTree = (tx: { $executeRaw: PrismaClient['$executeRaw'] }, tenantId: string) =>
    tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`kms_catalog:${tenantId}`}))`

  return {
    /** The catalog and every catalog under it (ids), read from the tenant's whole tree. */
    async subtreeIds(tenantId: string, id: bigint): Promise<bigint[]> {
      const rows = await db(prisma, tenantId).kmsCatalog.findMany({
        where: LIVE,
        select: { id: true, parentId: true },
      })
      const children = new Map<bigint, bigint[]>()
      for (const r of rows) {
        children.set(r.parentId, [...(children.get(r.parentId) ?? []), r.id])
      }
      const out = [id]
      for (let i = 0; i < out.length; i++) {
        out.push(...(children.get(out[i]!) ?? []))
      }
      return out
    },
    async list(ctx: TCtx, q: { catalogName?: string }) {
      const rows = await db(prisma, ctx.tenantId).kmsCatalog.findMany({
        where: {
          ...LIVE,
          ...(q.catalogName
            ? { catalogName: { contains: escapeLike(q.catalogName), mode: 'insensitive' as const } }
            : {}),
        },
        orderBy: ORDER,
      })
      const labelled = await label(ctx.tenantId, rows)
      return q.catalogName ? labelled : buildTree(labelled)
    },
    /**
     * The export's rows: the catalogs of the list's filter, in the tree's order (depth first) when not
     * filtered, each with its full path. A tenant's catalogs are few and the list answers them all at
     * once, so the export is one batch.
     */
    async exportRows(ctx: TCtx, q: { catalogName?: string }) {
      const rows = await label(ctx.tenantId, await all(ctx.tenantId))
      const byId = new Map(rows.map((r) => [r.id, r]))
      const pathOf = (row: KmsCatalog) => {
        const names = [row.catalogName]
        const seen = new Set([row.id])
        for (let up = byId.get(row.parentId); up && !seen.has(up.id); up = byId.get(up.parentId)) {
          seen.add(up.id)
          names.unshift(up.catalogName)
        }
        return names.join(' / ')
      }
      const needle = q.catalogName?.toLowerCase()
      const ordered: typeof rows = []
      const walk = (nodes: ReturnType<typeof buildTree<(typeof rows)[number]>>) => {
        for (const { children, ...n } of nodes) {
          ordered.push(byId.get(n.id)!)
          walk(children ?? [])
        }
      }
      walk(buildTree(rows))
      return ordered
        .filter((r) => !needle || r.catalogName.toLowerCase().includes(needle))
        .map((r) => ({ ...r, path: pathOf(r) }))
    },
    async lazyList(ctx: TCtx, q: { parentId?: string; catalogName?: string }) {
      const d = db(prisma, ctx.tenantId)
      const rows = await d.kmsCatalog.findMany({
        where: {
          ...LIVE,
          ...(q.catalogName
            ? { catalogName: { contains: escapeLike(q.catalogName), mode: 'insensitive' as const } }
            : { parentId: BigInt(q.parentId ?? '0') }),
        },
        orderBy: ORDER,
      })
      const groups = rows.length
        ? await d.kmsCatalog.groupBy({
            by: ['parentId'],
            where: { parentId: { in: rows.map((r) => r.id) }, ...LIVE },
          })
        : []
      const parents = new Set(groups.map((g) => g.parentId))
      return (await label(ctx.tenantId, rows)).map((r) => ({ ...r, hasChildren: parents.has(r.id) }))
    },
    async tree(ctx: TCtx) {
      const rows = await all(ctx.tenantId)
      return buildTree(
        rows.map((r) => ({
          id: r.id,
          parentId: r.parentId,
          title: r.catalogName,
          key: String(r.id),
          value: String(r.id),
        })),
      )
    },
    async detail(ctx: TCtx, id: bigint) {
      const row = await db(prisma, ctx.tenantId).kmsCatalog.findFirst({ where: { id, ...LIVE } })
      if (!row) {
        throw AppError.notFound()
      }
      return (await label(ctx.tenantId, [row]))[0]!
    },
    async submit(ctx: TCtx, input: TKmsCatalogSubmit) {
      const tenantId = ctx.tenantId
      const id = input.id ? BigInt(input.id) : null
      const parentId = BigInt(input.parentId)
      const who = audit(ctx)
      await db(prisma, tenantId).$transaction(async (tx) => {
        await lockTree(tx, tenantId)
        if (id && !(await tx.kmsCatalog.findFirst({ where: { id, ...LIVE }, select: { id: true } }))) {
          throw AppError.notFound()
        }
        if (parentId !== 0n) {
          if (!(await tx.kmsCatalog.findFirst({ where: { id: parentId, ...LIVE }, select: { id: true } }))) {
            throw AppError.badRequest(KmsMsg.CATALOG_PARENT_MISSING)
          }
          if (id) {
            // A move under itself or its own sub-tree would make a cycle.
            const rows = await tx.kmsCatalog.findMany({ where: LIVE, select: { id: true, parentId: true } })
            const up = new Map(rows.map((r) => [r.id, r.parentId]))
            for (let at: bigint | undefined = parentId; at && at !== 0n; at = up.get(at)) {
              if (at === id) {
                throw AppError.badRequest(KmsMsg.CATALOG_PARENT_SELF)
              }
            }
          }
        }
        const clash = await tx.kmsCatalog.findFirst({
          where: { parentId, catalogName: input.catalogName, ...LIVE, ...(id ? { NOT: { id } } : {}) },
          select: { id: true },
        })
        if (clash) {
          throw AppError.badRequest(KmsMsg.CATALOG_NAME_TAKEN)
        }
        const data = { catalogName: input.catalogName, parentId, sort: input.sort ?? 0 }
        if (id) {
          await tx.kmsCatalog.updateMany({
            where: { id, ...LIVE },
            data: { ...data, updateUser: who.user, updateTime: new Date() },
          })
        } else {
          await tx.kmsCatalog.create({
            data: {
              ...data,
              id: nextId(),
              createUser: who.user,
              createDept: who.dept,
              updateTime: new Date(),
            },
          })
        }
      })
    },
    /** Refused while a catalog has sub-catalogs or entries; all or nothing. */
    async remove(ctx: TCtx, ids: bigint[]) {
      const who = audit(ctx)
      await db(prisma, ctx.tenantId).$transaction(async (tx) => {
        await lockTree(tx, ctx.tenantId)
        const child = await tx.kmsCatalog.findFirst({
          where: { parentId: { in: ids }, id: { notIn: ids }, ...LIVE },
          select: { id: true },
        })
        if (child) {
          throw AppError.badRequest(KmsMsg.CATALOG_HAS_CHILDREN)
        }
        const entry = await tx.kmsMain.findFirst({
          where: { catalogId: { in: ids }, ...LIVE },
          select: { id: true },
        })
        if (entry) {
          throw AppError.badRequest(KmsMsg.CATALOG_HAS_ENTRIES)
        }
        await tx.kmsCatalog.updateMany({
          where: { id: { in: ids }, ...LIVE },
          data: { isDeleted: 1, updateUser: who.user, updateTime: new Date() },
        })
      })
    },
  }
}
export type TKmsCatalogService = ReturnType<typeof createKmsCatalogService>

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

type TMainRow = {
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
const MAIN_COLUMNS = {
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
export const createKmsMainService = (prisma: PrismaClient, catalogs: TKmsCatalogService) => {
  const enrich = async (tenantId: string, rows: TMainRow[], withAttach = false) => {
    const d = db(prisma, tenantId)
    const ids = rows.map((r) => r.id)
    const [shelves, cats, links] = await Promise.all([
      dictLabels(prisma, tenantId, 'shelves'),
      d.kmsCatalog.findMany({
        where: { id: { in: [...new Set(rows.map((r) => r.catalogId))] } },
        select: { id: true, catalogName: true },
      }),
      ids.length ? d.kmsMainLabel.findMany({ where: { mainId: { in: ids } } }) : [],
    ])
    const labels = links.length
      ? await d.kmsLabel.findMany({
          where: { id: { in: [...new Set(links.map((l) => l.labelId))] }, ...LIVE },
          select: { id: true, labelName: true },
        })
      : []
    const labelById = new Map(labels.map((l) => [l.id, l]))
    const catNames = new Map(cats.map((c) => [c.id, c.catalogName]))
    const attachIds = withAttach
      ? rows.flatMap((r) => (r.fileAttach ? r.fileAttach.split(',').map(BigInt) : []))
      : []
    const attaches = attachIds.length
      ? await d.attach.findMany({
          where: { id: { in: attachIds }, ...LIVE },
          select: { id: true, link: true, originalName: true },
        })
      : []
    const attachById = new Map(attaches.map((a) => [a.id, a]))
    const attachmentsOf = (r: TMainRow) =>
      (r.fileAttach ? r.fileAttach.split(',').map(BigInt) : []).flatMap((id) => attachById.get(id) ?? [])
    return rows.map((r) => ({
      ...r,
      catalogName: catNames.get(r.catalogId) ?? '',
      shelvesName: shelves.get(String(r.shelves)) ?? '',
      labels: links
        .filter((l) => l.mainId === r.id)
        .flatMap((l) => {
          const found = labelById.get(l.labelId)
          return found ? [found] : []
        }),
      ...(withAttach ? { attachments: attachmentsOf(r) } : {}),
    }))
  }

  const checkLabels = async (tx: TTx, labelIds: bigint[]) => {
    if (!labelIds.length) {
      return
    }
    const found = await tx.kmsLabel.count({ where: { id: { in: labelIds }, ...LIVE } })
    if (found !== labelIds.length) {
      throw AppError.badRequest(KmsMsg.LABEL_MISSING)
    }
  }
  const linkLabels = async (tx: TTx, tenantId: string, mainId: bigint, labelIds: bigint[]) => {
    await checkLabels(tx, labelIds)
    await tx.kmsMainLabel.deleteMany({ where: { mainId } })
    if (labelIds.length) {
      await tx.kmsMainLabel.createMany({
        data: labelIds.map((labelId) => ({ id: nextId(), tenantId, mainId, labelId })),
      })
    }
  }

  const filterOf = async (tenantId: string, q: TKmsMainListQuery, portal: boolean) => {
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

  /**
   * The entries of one window of the filtered, ranked list, in order: from `skip` (a page), or after a
   * keyset (the export). Undated entries sort by when they were entered, so a new one is not buried.
   */
  const windowOf = async (
    tenantId: string,
    filter: { where: Prisma.Sql; rank: Prisma.Sql | null },
    at: { skip: number } | { after: TMainKeyset | null },
    take: number,
  ) => {
    const { where, rank } = filter
    const rankOf = rank ?? Prisma.sql`0`
    const sortAt = Prisma.sql`coalesce(m.publish_date, m.create_time)`
    const after = 'after' in at ? at.after : null
    const keyset = after
      ? Prisma.sql`AND (${rankOf} > ${after.rank} OR (${rankOf} = ${after.rank} AND (${sortAt}, m.id) < (${after.sortAt}, ${after.id})))`
      : Prisma.empty
    const rows = await prisma.$queryRaw<{ id: bigint; rank: number; sort_at: Date }[]>`
        SELECT m.id, ${rankOf}::int AS rank, ${sortAt} AS sort_at FROM kms_main m WHERE ${where} ${keyset}
        ORDER BY ${rank ? Prisma.sql`${rank},` : Prisma.empty} ${sortAt} DESC, m.id DESC
        LIMIT ${take} OFFSET ${'skip' in at ? at.skip : 0}`
    const ids = rows.map((r) => r.id)
    const found = ids.length
      ? await db(prisma, tenantId).kmsMain.findMany({ where: { id: { in: ids } }, select: MAIN_COLUMNS })
      : []
    const byId = new Map(found.map((r) => [r.id, r]))
    const ordered = ids.flatMap((id) => {
      const r = byId.get(id)
      return r ? [r] : []
    })
    const last = rows.at(-1)
    return {
      rows: await enrich(tenantId, ordered),
      next: rows.length === take && last ? { rank: last.rank, sortAt: last.sort_at, id: last.id } : null,
    }
  }

  const page = async (ctx: TCtx, q: TKmsMainListQuery, portal: boolean) => {
    const tenantId = ctx.tenantId
    const { skip, take } = skipTake(q)
    const filter = await filterOf(tenantId, q, portal)
    const b = await boundedRows(
      q,
      async () => (await windowOf(tenantId, filter, { skip }, take)).rows,
      async (limit) =>
        (
          await prisma.$queryRaw<{ n: bigint }[]>`
            SELECT count(*) AS n FROM (SELECT 1 FROM kms_main m WHERE ${filter.where} LIMIT ${limit}) bounded`
        )[0]?.n ?? 0n,
    )
    return boundedPage(b.rows, b, q)
  }

  const dataOf = (input: TKmsMainSubmit) => {
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

  return {
    list: (ctx: TCtx, q: TKmsMainListQuery) => page(ctx, q, false),
    /** The management list's rows after a keyset, in its order (the xlsx export reads them batch by batch). */
    batch: async (ctx: TCtx, q: TKmsMainListQuery, after: TMainKeyset | null, take: number) =>
      windowOf(ctx.tenantId, await filterOf(ctx.tenantId, q, false), { after }, take),
    /** What the portal shows: entries on the shelf only, whatever `shelves` the caller asks for. */
    portalList: (ctx: TCtx, q: TKmsMainListQuery) => page(ctx, q, true),

    async detail(ctx: TCtx, id: bigint, portal = false) {
      const row = await db(prisma, ctx.tenantId).kmsMain.findFirst({
        where: { id, ...LIVE, ...(portal ? { shelves: 1 } : {}) },
        select: MAIN_COLUMNS,
      })
      if (!row) {
        throw AppError.notFound()
      }
      const [entry] = await enrich(ctx.tenantId, [row], true)
      const d = db(prisma, ctx.tenantId)
      const links = await d.kmsMainExpert.findMany({
        where: { mainId: id, ...LIVE },
        orderBy: [{ sort: 'asc' }, { createTime: 'asc' }],
        select: { expertId: true },
      })
      const experts = links.length
        ? await d.expertBasic.findMany({
            where: { id: { in: links.map((l) => l.expertId) }, ...LIVE },
            select: { id: true, name: true },
          })
        : []
      const byId = new Map(experts.map((e) => [e.id, { id: e.id, name: e.name ?? '' }]))
      return { ...entry!, experts: links.flatMap((l) => byId.get(l.expertId) ?? []) }
    },

    async save(ctx: TCtx, input: TKmsMainSubmit, mustExist = false) {
      const tenantId = ctx.tenantId
      const id = input.id ? BigInt(input.id) : null
      if (mustExist && !id) {
        throw AppError.badRequest(KmsMsg.ENTRY_MISSING)
      }
      const data = dataOf(input)
      const who = audit(ctx)
      return db(prisma, tenantId).$transaction(async (tx) => {
        if (
          !(await tx.kmsCatalog.findFirst({ where: { id: data.catalogId, ...LIVE }, select: { id: true } }))
        ) {
          throw AppError.badRequest(KmsMsg.CATALOG_MISSING)
        }
        if (data.fileAttach) {
          const attachIds = [...new Set(data.fileAttach.split(',').map(BigInt))]
          if ((await tx.attach.count({ where: { id: { in: attachIds }, ...LIVE } })) !== attachIds.length) {
            throw AppError.badRequest(KmsMsg.ATTACH_MISSING)
          }
        }
        let mainId: bigint
        if (id) {
          const result = await tx.kmsMain.updateMany({
            where: { id, ...LIVE },
            data: {
              ...data,
              ...(input.shelves !== undefined ? { shelves: input.shelves } : {}),
              updateUser: who.user,
              updateTime: new Date(),
            },
          })
          if (result.count === 0) {
            throw AppError.notFound()
          }
          mainId = id
        } else {
          mainId = nextId()
          await tx.kmsMain.create({
            data: {
              ...data,
              id: mainId,
              shelves: input.shelves ?? 0,
              createUser: who.user,
              createDept: who.dept,
              updateUser: who.user,
              updateTime: new Date(),
            },
          })
        }
        if (input.labelIds !== undefined) {
          await linkLabels(tx, tenantId, mainId, input.labelIds === '' ? [] : input.labelIds.map(BigInt))
        }
        if (input.expertIds !== undefined) {
          await linkExperts(tx, ctx, mainId, input.expertIds === '' ? [] : input.expertIds.map(BigInt))
        }
        return { id: String(mainId) }
      })
    },

    async remove(ctx: TCtx, ids: bigint[]) {
      const who = audit(ctx)
      await db(prisma, ctx.tenantId).$transaction(async (tx) => {
        await tx.kmsMain.updateMany({
          where: { id: { in: ids }, ...LIVE },
          data: { isDeleted: 1, updateUser: who.user, updateTime: new Date() },
        })
        await tx.kmsMainLabel.deleteMany({ where: { mainId: { in: ids } } })
        await tx.kmsMainExpert.updateMany({
          where: { mainId: { in: ids }, ...LIVE },
          data: { isDeleted: 1, updateUser: who.user, updateTime: new Date() },
        })
        // An entry's authors belong to it: they leave the 知识作者 list with it.
        await tx.kmsMainToAuthor.updateMany({
          where: { mainId: { in: ids }, ...LIVE },
          data: { isDeleted: 1, updateUser: who.user, updateTime: new Date() },
        })
      })
    },

    async labelAssociate(ctx: TCtx, mainId: bigint, labelIds: bigint[]) {
      await db(prisma, ctx.tenantId).$transaction(async (tx) => {
        if (!(await tx.kmsMain.findFirst({ where: { id: mainId, ...LIVE }, select: { id: true } }))) {
          throw AppError.badRequest(KmsMsg.ENTRY_MISSING)
        }
        await linkLabels(tx, ctx.tenantId, mainId, labelIds)
      })
    },

    async upOrLow(ctx: TCtx, ids: bigint[], shelves: number) {
      const who = audit(ctx)
      const result = await db(prisma, ctx.tenantId).kmsMain.updateMany({
        where: { id: { in: ids }, ...LIVE },
        data: { shelves, updateUser: who.user, updateTime: new Date() },
      })
      if (result.count === 0) {
        throw AppError.badRequest(KmsMsg.ENTRY_MISSING)
      }
    },
  }
}
export type TKmsMainService = ReturnType<typeof createKmsMainService>

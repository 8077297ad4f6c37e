import { nextId, Prisma, type PrismaClient } from '@ysjs/db'
import { KmsMsg, type TKmsMainListQuery, type TKmsMainSubmit } from '@ysjs/shared'
import type { TCtx } from '../../lib/context.ts'
import { LIVE, withAudit } from '../../lib/crud.ts'
import { dictLabels } from '../../lib/dict-labels.ts'
import { AppError } from '../../lib/errors.ts'
import { boundedPage, boundedRows, skipTake } from '../../lib/paging.ts'
import { type TTenantDb, tenantDb } from '../../lib/tenancy.ts'
import type { TKmsCatalogService } from './kms-catalog.service.ts'
import { entryData, MAIN_COLUMNS, mainFilter, type TMainRow } from './kms-main-data.ts'
import { linkExperts } from './main-expert.service.ts'

type TTx = Parameters<Parameters<TTenantDb['$transaction']>[0]>[0]
const db = (prisma: PrismaClient, tenantId: string) => tenantDb(prisma, tenantId)

/** Where an export of entries continues: the last entry's rank, sort date and id. */
export type TMainKeyset = { rank: number; sortAt: Date; id: bigint }

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
    const filter = await mainFilter(catalogs, tenantId, q, portal)
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

  return {
    list: (ctx: TCtx, q: TKmsMainListQuery) => page(ctx, q, false),
    /** The management list's rows after a keyset, in its order (the xlsx export reads them batch by batch). */
    batch: async (ctx: TCtx, q: TKmsMainListQuery, after: TMainKeyset | null, take: number) =>
      windowOf(ctx.tenantId, await mainFilter(catalogs, ctx.tenantId, q, false), { after }, take),
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
      const data = entryData(input)
      const audit = withAudit(ctx)
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
              ...audit.updated,
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
              ...audit.created,
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
      const { deleted } = withAudit(ctx)
      await db(prisma, ctx.tenantId).$transaction(async (tx) => {
        await tx.kmsMain.updateMany({
          where: { id: { in: ids }, ...LIVE },
          data: deleted,
        })
        await tx.kmsMainLabel.deleteMany({ where: { mainId: { in: ids } } })
        await tx.kmsMainExpert.updateMany({
          where: { mainId: { in: ids }, ...LIVE },
          data: deleted,
        })
        // An entry's authors belong to it: they leave the 知识作者 list with it.
        await tx.kmsMainToAuthor.updateMany({
          where: { mainId: { in: ids }, ...LIVE },
          data: deleted,
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
      const result = await db(prisma, ctx.tenantId).kmsMain.updateMany({
        where: { id: { in: ids }, ...LIVE },
        data: { shelves, ...withAudit(ctx).updated },
      })
      if (result.count === 0) {
        throw AppError.badRequest(KmsMsg.ENTRY_MISSING)
      }
    },
  }
}
export type TKmsMainService = ReturnType<typeof createKmsMainService>

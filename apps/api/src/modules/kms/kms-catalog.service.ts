import { type KmsCatalog, nextId, type PrismaClient } from '@ysjs/db'
import { KmsMsg, type TKmsCatalogSubmit } from '@ysjs/shared'
import type { TCtx } from '../../lib/context.ts'
import { LIVE, withAudit } from '../../lib/crud.ts'
import { AppError } from '../../lib/errors.ts'
import { escapeLike } from '../../lib/filters.ts'
import { namesByKey } from '../../lib/names.ts'
import { tenantDb } from '../../lib/tenancy.ts'
import { buildTree } from '../../lib/tree.ts'

const ORDER = [{ sort: 'asc' as const }, { id: 'asc' as const }]
const ROOT_NAME = '顶级'
const db = (prisma: PrismaClient, tenantId: string) => tenantDb(prisma, tenantId)

/** Catalogs (知识目录): a tree per tenant by `parentId`. */
export const createKmsCatalogService = (prisma: PrismaClient) => {
  const label = async (tenantId: string, rows: KmsCatalog[]) => {
    const names = await namesByKey(
      rows.map((r) => r.parentId).filter((p) => p > 0n),
      (ids) =>
        db(prisma, tenantId).kmsCatalog.findMany({
          where: { id: { in: ids } },
          select: { id: true, catalogName: true },
        }),
      (p) => [p.id, p.catalogName],
    )
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
      const audit = withAudit(ctx)
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
            data: { ...data, ...audit.updated },
          })
        } else {
          await tx.kmsCatalog.create({
            data: {
              ...data,
              id: nextId(),
              ...audit.created,
            },
          })
        }
      })
    },
    /** Refused while a catalog has sub-catalogs or entries; all or nothing. */
    async remove(ctx: TCtx, ids: bigint[]) {
      const { deleted } = withAudit(ctx)
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
          data: deleted,
        })
      })
    },
  }
}
export type TKmsCatalogService = ReturnType<typeof createKmsCatalogService>

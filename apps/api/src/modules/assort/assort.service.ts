import { nextId, type PrismaClient } from '@ysjs/db'
import { AssortMsg, type TAssortSubmit } from '@ysjs/shared'
import type { TCtx } from '../../lib/context.ts'
import { withAudit } from '../../lib/crud.ts'
import { AppError } from '../../lib/errors.ts'
import { lockForRemoval, lockReferenced } from '../../lib/row-locks.ts'
import { assertTableWritable } from '../../lib/table-ownership.ts'
import { buildTree, withDescendants } from '../../lib/tree.ts'

const LIVE = { isDeleted: 0 }
const ORDER = [{ sort: 'asc' as const }, { id: 'asc' as const }]

/**
 * Categories (分类, `/api/blade-label/assort`): one platform-wide tree, so the attachment categories
 * 12–17 the seed names exist for every tenant (decision 011a).
 */
export const createAssortService = (prisma: PrismaClient) => {
  const db = prisma.assort

  /** Ids of the node and everything under it. */
  const subtree = async (id: bigint): Promise<Set<bigint>> => {
    const all = await db.findMany({ where: LIVE, select: { id: true, parentId: true } })
    return withDescendants(all, id)
  }

  const checkParent = async (parentId: bigint, id?: bigint) => {
    if (parentId === 0n) {
      return
    }
    if (!(await db.findFirst({ where: { id: parentId, ...LIVE }, select: { id: true } }))) {
      throw AppError.badRequest(AssortMsg.NO_PARENT)
    }
    if (id && (await subtree(id)).has(parentId)) {
      throw AppError.badRequest(AssortMsg.CYCLE)
    }
  }

  return {
    /** The tree; with a name or code filter, the matching rows and their ancestors. */
    async tree(filter: { name?: string; code?: string }) {
      const rows = await db.findMany({ where: LIVE, orderBy: ORDER })
      const matches = (r: (typeof rows)[number]) =>
        (!filter.name || r.name.includes(filter.name)) &&
        (!filter.code || (r.code ?? '').includes(filter.code))
      if (!filter.name && !filter.code) {
        return buildTree(rows)
      }
      const byId = new Map(rows.map((r) => [r.id, r]))
      const keep = new Set<bigint>()
      for (const r of rows.filter(matches)) {
        for (let n: (typeof rows)[number] | undefined = r; n && !keep.has(n.id); n = byId.get(n.parentId)) {
          keep.add(n.id)
        }
      }
      return buildTree(rows.filter((r) => keep.has(r.id)))
    },
    async detail(id: bigint) {
      const row = await db.findFirst({ where: { id, ...LIVE } })
      if (!row) {
        throw AppError.notFound()
      }
      return row
    },
    /** The children of the category with this code (e.g. the attachment categories). */
    async listByCode(code: string) {
      const parent = await db.findFirst({ where: { code, ...LIVE }, select: { id: true }, orderBy: ORDER })
      return parent ? db.findMany({ where: { parentId: parent.id, ...LIVE }, orderBy: ORDER }) : []
    },
    listByParent: (parentId: bigint) => db.findMany({ where: { parentId, ...LIVE }, orderBy: ORDER }),
    async submit(ctx: TCtx, input: TAssortSubmit) {
      assertTableWritable(ctx, 'Assort')
      const parentId = input.parentId ? BigInt(input.parentId) : 0n
      const data = {
        parentId,
        name: input.name,
        code: input.code ?? null,
        remark: input.remark ?? null,
        sort: input.sort ?? 0,
      }
      const id = input.id ? BigInt(input.id) : undefined
      await checkParent(parentId, id)
      await prisma.$transaction(async (tx) => {
        // The parent stays until this row is written under it (its removal counts children, decision 030).
        if (parentId !== 0n && !(await lockReferenced(tx, 'blade_assort', parentId))) {
          throw AppError.badRequest(AssortMsg.NO_PARENT)
        }
        if (id) {
          const { count } = await tx.assort.updateMany({
            where: { id, ...LIVE },
            data: { ...data, ...withAudit(ctx).updated },
          })
          if (count === 0) {
            throw AppError.notFound()
          }
          return
        }
        await tx.assort.create({
          data: {
            ...data,
            id: nextId(),
            ...withAudit(ctx).created,
          },
        })
      })
    },
    /** Removes categories without live children; all or nothing. */
    async remove(ctx: TCtx, ids: bigint[]) {
      assertTableWritable(ctx, 'Assort')
      await prisma.$transaction(async (tx) => {
        await lockForRemoval(tx, 'blade_assort', ids)
        const children = await tx.assort.count({
          where: { parentId: { in: ids }, id: { notIn: ids }, ...LIVE },
        })
        if (children > 0) {
          throw AppError.badRequest(AssortMsg.HAS_CHILDREN)
        }
        await tx.assort.updateMany({
          where: { id: { in: ids }, ...LIVE },
          data: { ...withAudit(ctx).deleted },
        })
      })
    },
  }
}
export type TAssortService = ReturnType<typeof createAssortService>

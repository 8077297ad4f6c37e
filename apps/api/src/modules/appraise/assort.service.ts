import type { PrismaClient } from '@ysjs/db'
import {
  AppraiseAssortMsg,
  ATTACHMENT_CATEGORY_CODE,
  type TAppraiseAssortSubmit,
  type TAppraiseRowsQuery,
} from '@ysjs/shared'
import type { TCtx } from '../../lib/context.ts'
import { crudTable, LIVE, type TRowOf } from '../../lib/crud.ts'
import { AppError } from '../../lib/errors.ts'
import { skipTake, toPage } from '../../lib/paging.ts'
import { lockForRemoval } from '../../lib/row-locks.ts'
import { assertTableWritable } from '../../lib/table-ownership.ts'
import { tenantDb } from '../../lib/tenancy.ts'

/**
 * `/api/ysjs-appraise/assort`: the achievement attachment categories. They are the children of the
 * `attachment_category` node of the platform-wide category tree (decision 011a), so the categories an
 * application's files are filed under and the ones `/api/blade-label/assort` edits are the same rows
 * (decision 017). Shared by every tenant, they are the platform's to write (`lib/table-ownership.ts`).
 */
export const createAppraiseAssortService = (prisma: PrismaClient) => {
  const assorts = crudTable(prisma, { model: (db) => db.assort, tenantScoped: false, table: 'assort' })
  // The categories are platform rows: no tenant scopes a read of them.
  const platform = { tenantId: '' }
  const parentId = async () => {
    const parent = await prisma.assort.findFirst({
      where: { code: ATTACHMENT_CATEGORY_CODE, ...LIVE },
      orderBy: [{ sort: 'asc' }, { id: 'asc' }],
      select: { id: true },
    })
    if (!parent) {
      throw AppError.badRequest(AppraiseAssortMsg.NOT_FOUND)
    }
    return parent.id
  }
  const fileCounts = async (ctx: TCtx, ids: bigint[]) => {
    const counts = await tenantDb(prisma, ctx.tenantId).resultsAttach.groupBy({
      by: ['assortId'],
      where: { assortId: { in: ids }, ...LIVE },
      _count: { _all: true },
    })
    return new Map(counts.map((c) => [c.assortId, c._count._all]))
  }
  const record = (r: TRowOf<typeof prisma.assort>, files: Map<bigint | null, number>) => ({
    id: r.id,
    parentId: r.parentId,
    name: r.name,
    code: r.code,
    remark: r.remark,
    sort: r.sort,
    files: files.get(r.id) ?? 0,
  })

  const service = {
    /** Whether `id` names a live attachment category (what `attach/put-object` files under). */
    async isCategory(id: bigint) {
      return !!(await assorts.first(platform, { id, parentId: await parentId() }))
    },
    async page(ctx: TCtx, q: Pick<TAppraiseRowsQuery, 'current' | 'size' | 'keyword'>) {
      const where = { parentId: await parentId(), ...(q.keyword ? { name: { contains: q.keyword } } : {}) }
      const [rows, total] = await Promise.all([
        assorts.many(ctx, { where, orderBy: [{ sort: 'asc' }, { id: 'asc' }], ...skipTake(q) }),
        assorts.count(ctx, where),
      ])
      const files = await fileCounts(
        ctx,
        rows.map((r) => r.id),
      )
      return toPage(
        rows.map((r) => record(r, files)),
        total,
        q,
      )
    },
    async detail(ctx: TCtx, id: bigint) {
      const row = await assorts.first(ctx, { id, parentId: await parentId() })
      if (!row) {
        throw AppError.badRequest(AppraiseAssortMsg.NOT_FOUND)
      }
      return record(row, await fileCounts(ctx, [id]))
    },
    async submit(ctx: TCtx, input: TAppraiseAssortSubmit) {
      assertTableWritable(ctx, 'Assort')
      const parent = await parentId()
      const data = {
        name: input.name,
        code: input.code ?? null,
        remark: input.remark ?? null,
        sort: input.sort ?? 0,
      }
      if (input.id) {
        if (!(await assorts.change(ctx, { id: BigInt(input.id), parentId: parent }, data))) {
          throw AppError.badRequest(AppraiseAssortMsg.NOT_FOUND)
        }
        return
      }
      await assorts.insert(ctx, { ...data, parentId: parent })
    },
    /** Categories that file no application's attachment (of any tenant: the tree is shared). */
    async remove(ctx: TCtx, ids: bigint[]) {
      assertTableWritable(ctx, 'Assort')
      const parent = await parentId()
      await prisma.$transaction(async (tx) => {
        // Locked before counting: a file filed meanwhile (it locks its category) is counted, or waits
        // and finds its category gone (decision 030).
        await lockForRemoval(tx, 'blade_assort', ids)
        if (await tx.resultsAttach.count({ where: { assortId: { in: ids }, ...LIVE } })) {
          throw AppError.badRequest(AppraiseAssortMsg.IN_USE)
        }
        await assorts.remove(ctx, { id: { in: ids }, parentId: parent }, tx)
      })
    },
  }
  return service
}
export type TAppraiseAssortService = ReturnType<typeof createAppraiseAssortService>

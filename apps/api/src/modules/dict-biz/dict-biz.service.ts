import { type DictBiz, nextId, type PrismaClient } from '@ysjs/db'
import { DictMsg, Msg, type TDictSubmit, type TPageQuery } from '@ysjs/shared'
import type { TCtx } from '../../lib/context.ts'
import { AppError } from '../../lib/errors.ts'
import { whereFromFilters } from '../../lib/filters.ts'
import { orderByFrom, skipTake, toPage } from '../../lib/paging.ts'
import { tenantDb } from '../../lib/tenancy.ts'
import { buildTree } from '../../lib/tree.ts'

const LIVE = { isDeleted: 0 }
const ORDER = [{ sort: 'asc' as const }, { id: 'asc' as const }]
const FILTERS = { code: 'string', dictValue: 'string', dictKey: 'string', remark: 'string?' } as const
const HEADER_KEY = '-1'

/**
 * Business dictionaries (contract 8): tenant rows, one header row per code (`parentId = 0`,
 * `dictKey = -1`) and its items. Every query goes through the tenant-scoped client.
 */
export const createDictBizService = (prisma: PrismaClient) => {
  const db = (ctx: TCtx) => tenantDb(prisma, ctx.tenantId)

  const withParentNames = (rows: DictBiz[]) => {
    const names = new Map(rows.map((r) => [r.id, r.dictValue]))
    return rows.map((r) => ({ ...r, parentName: r.parentId === 0n ? '顶级' : (names.get(r.parentId) ?? '') }))
  }

  return {
    /** Items of one dictionary for selects: unsealed, not the header row, by sort. */
    dictionary(ctx: TCtx, code: string) {
      return db(ctx).dictBiz.findMany({
        where: { code, parentId: { gt: 0 }, isSealed: 0, ...LIVE },
        orderBy: ORDER,
      })
    },

    async dictionaryTree(ctx: TCtx, code: string) {
      const rows = await db(ctx).dictBiz.findMany({ where: { code, isSealed: 0, ...LIVE }, orderBy: ORDER })
      const header = rows.find((r) => r.parentId === 0n)
      return buildTree(
        rows.filter((r) => r !== header).map((r) => (r.parentId === header?.id ? { ...r, parentId: 0n } : r)),
      )
    },

    async list(ctx: TCtx, query: Record<string, unknown>) {
      const rows = await db(ctx).dictBiz.findMany({
        where: { AND: [LIVE, ...whereFromFilters(query, FILTERS)] },
        orderBy: ORDER,
      })
      return buildTree(withParentNames(rows))
    },

    async parentPage(ctx: TCtx, query: TPageQuery & Record<string, unknown>) {
      const where = { AND: [LIVE, { parentId: 0n }, ...whereFromFilters(query, FILTERS)] }
      const requested = orderByFrom(query, ['code', 'dictValue', 'sort', 'id'])
      const orderBy = requested.length ? requested : ORDER
      const [records, total] = await Promise.all([
        db(ctx).dictBiz.findMany({ where, orderBy, ...skipTake(query) }),
        db(ctx).dictBiz.count({ where }),
      ])
      return toPage(records, total, query, requested)
    },

    /** Every item of the dictionary whose header is `parentId`, as a tree; [] for a bad parent. */
    async childList(ctx: TCtx, parentId: bigint | undefined, query: Record<string, unknown>) {
      if (parentId === undefined || parentId <= 0n) {
        return []
      }
      const parent = await db(ctx).dictBiz.findFirst({ where: { id: parentId, ...LIVE } })
      if (!parent) {
        return []
      }
      const rows = await db(ctx).dictBiz.findMany({
        where: {
          AND: [LIVE, { code: parent.code, NOT: { id: parent.id } }, ...whereFromFilters(query, FILTERS)],
        },
        orderBy: ORDER,
      })
      const named = withParentNames([parent, ...rows]).slice(1)
      return buildTree(named.map((r) => (r.parentId === parent.id ? { ...r, parentId: 0n } : r))).map(
        (node) => ({
          ...node,
          parentId: parent.id,
        }),
      )
    },

    async tree(ctx: TCtx) {
      const rows = await db(ctx).dictBiz.findMany({ where: LIVE, orderBy: ORDER })
      const toNode = (r: DictBiz) => ({
        id: r.id,
        parentId: r.parentId,
        title: r.dictValue,
        key: r.id,
        value: r.id,
      })
      return buildTree(rows.map(toNode))
    },

    async detail(ctx: TCtx, id: bigint) {
      const row = await db(ctx).dictBiz.findFirst({ where: { id, ...LIVE } })
      if (!row) {
        throw AppError.notFound()
      }
      const parent =
        row.parentId === 0n ? null : await db(ctx).dictBiz.findFirst({ where: { id: row.parentId } })
      return { ...row, parentName: parent?.dictValue ?? '顶级' }
    },

    async submit(ctx: TCtx, input: TDictSubmit): Promise<void> {
      const d = db(ctx)
      const parentId = input.parentId ? BigInt(input.parentId) : 0n
      const parent = parentId > 0n ? await d.dictBiz.findFirst({ where: { id: parentId, ...LIVE } }) : null
      if (parentId > 0n && !parent) {
        throw AppError.badRequest('上级字典不存在')
      }
      const code = parent ? parent.code : input.code!
      const dictKey = parent ? input.dictKey! : HEADER_KEY
      const id = input.id ? BigInt(input.id) : undefined
      const clash = await d.dictBiz.findFirst({
        where: { code, dictKey, ...LIVE, ...(id ? { NOT: { id } } : {}) },
        select: { id: true },
      })
      if (clash) {
        throw AppError.badRequest(DictMsg.KEY_EXISTS)
      }
      const data = {
        parentId,
        code,
        dictKey,
        dictValue: input.dictValue,
        sort: input.sort,
        isSealed: input.isSealed,
        remark: input.remark ?? null,
      }
      if (!id) {
        await d.dictBiz.create({ data: { id: nextId(), ...data } })
        return
      }
      const current = await d.dictBiz.findFirst({ where: { id, ...LIVE } })
      if (!current) {
        throw AppError.notFound()
      }
      if (id === parentId) {
        throw AppError.badRequest('上级字典不能是自己')
      }
      await d.$transaction(async (t) => {
        await t.dictBiz.update({ where: { id }, data })
        // Renaming a dictionary's code renames it on every item, or the items would be orphaned.
        if (current.parentId === 0n && current.code !== code) {
          await t.dictBiz.updateMany({ where: { code: current.code, NOT: { id } }, data: { code } })
        }
      })
    },

    async remove(ctx: TCtx, ids: bigint[]): Promise<void> {
      const d = db(ctx)
      const children = await d.dictBiz.count({
        where: { parentId: { in: ids }, NOT: { id: { in: ids } }, ...LIVE },
      })
      if (children > 0) {
        throw AppError.badRequest(Msg.HAS_CHILDREN)
      }
      await d.dictBiz.updateMany({ where: { id: { in: ids }, ...LIVE }, data: { isDeleted: 1 } })
    },
  }
}
export type TDictBizService = ReturnType<typeof createDictBizService>

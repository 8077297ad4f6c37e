import { nextId, type PrismaClient } from '@ysjs/db'
import { DictMsg, Msg, type TDictSubmit, type TPageQuery } from '@ysjs/shared'
import type { TCtx } from '../../lib/context.ts'
import {
  crudTable,
  LIVE,
  type TCrudTable,
  type TLooseDelegate,
  type TRowOf,
  type TTx,
} from '../../lib/crud.ts'
import { AppError } from '../../lib/errors.ts'
import { whereFromFilters } from '../../lib/filters.ts'
import { orderByFrom, skipTake, toPage } from '../../lib/paging.ts'
import { lockForRemoval, lockReferenced } from '../../lib/row-locks.ts'
import { buildTree } from '../../lib/tree.ts'

const ORDER = [{ sort: 'asc' as const }, { id: 'asc' as const }]
const FILTERS = { code: 'string', dictValue: 'string', dictKey: 'string', remark: 'string?' } as const
const HEADER_KEY = '-1'

/** A dictionary row of either table (the business one adds `tenantId`). */
type TDictRow = TRowOf<PrismaClient['dict']>
/** Either table, as the dictionaries use it; both tables' rows are dictionary rows. */
type TDictTable = TLooseDelegate<TDictRow>
type TDictDb = {
  table: TDictTable
  /** The table's name, for its row locks (decision 030). */
  name: 'blade_dict' | 'blade_dict_biz'
  transaction: <T>(fn: (table: TDictTable, tx: TTx) => Promise<T>) => Promise<T>
}

/**
 * The dictionary tables of contract 8, which share one API: `blade_dict_biz` (business: each tenant its
 * own, through the tenant-scoped client) and `blade_dict` (system: one set, kept by the platform).
 * Their rows carry no audit columns: the service writes them itself, through the typed table.
 */
const dictDb =
  (
    table: {
      loose: (ctx: Pick<TCtx, 'tenantId'>, tx?: TTx) => TDictTable
      transaction: TCrudTable<unknown>['transaction']
    },
    name: TDictDb['name'],
  ) =>
  (ctx: Pick<TCtx, 'tenantId'>): TDictDb => ({
    table: table.loose(ctx),
    name,
    transaction: (fn) => table.transaction(ctx, (tx) => fn(table.loose(ctx, tx), tx)),
  })
export const dictTables = {
  business: (prisma: PrismaClient) =>
    dictDb(
      crudTable(prisma, { model: (db) => db.dictBiz, tenantScoped: true, table: 'dictBiz' }),
      'blade_dict_biz',
    ),
  system: (prisma: PrismaClient) =>
    dictDb(crudTable(prisma, { model: (db) => db.dict, tenantScoped: false, table: 'dict' }), 'blade_dict'),
}

/**
 * One dictionary table: one header row per code (`parentId = 0`, `dictKey = -1`) and its items.
 * `dbOf` gives the table as the caller may see it (the business table is tenant-scoped).
 */
export const createDictService = (dbOf: (ctx: TCtx) => TDictDb) => {
  const db = (ctx: TCtx) => dbOf(ctx).table

  const withParentNames = (rows: TDictRow[]) => {
    const names = new Map(rows.map((r) => [r.id, r.dictValue]))
    return rows.map((r) => ({ ...r, parentName: r.parentId === 0n ? '顶级' : (names.get(r.parentId) ?? '') }))
  }

  return {
    /** Items of one dictionary for selects: unsealed, not the header row, by sort. */
    dictionary(ctx: TCtx, code: string) {
      return db(ctx).findMany({
        where: { code, parentId: { gt: 0 }, isSealed: 0, ...LIVE },
        orderBy: ORDER,
      })
    },

    async dictionaryTree(ctx: TCtx, code: string) {
      const rows = await db(ctx).findMany({ where: { code, isSealed: 0, ...LIVE }, orderBy: ORDER })
      const header = rows.find((r) => r.parentId === 0n)
      return buildTree(
        rows.filter((r) => r !== header).map((r) => (r.parentId === header?.id ? { ...r, parentId: 0n } : r)),
      )
    },

    async list(ctx: TCtx, query: Record<string, unknown>) {
      const rows = await db(ctx).findMany({
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
        db(ctx).findMany({ where, orderBy, ...skipTake(query) }),
        db(ctx).count({ where }),
      ])
      return toPage(records, total, query, requested)
    },

    /** Every item of the dictionary whose header is `parentId`, as a tree; [] for a bad parent. */
    async childList(ctx: TCtx, parentId: bigint | undefined, query: Record<string, unknown>) {
      if (parentId === undefined || parentId <= 0n) {
        return []
      }
      const parent = await db(ctx).findFirst({ where: { id: parentId, ...LIVE } })
      if (!parent) {
        return []
      }
      const rows = await db(ctx).findMany({
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
      const rows = await db(ctx).findMany({ where: LIVE, orderBy: ORDER })
      const toNode = (r: TDictRow) => ({
        id: r.id,
        parentId: r.parentId,
        title: r.dictValue,
        key: r.id,
        value: r.id,
      })
      return buildTree(rows.map(toNode))
    },

    async detail(ctx: TCtx, id: bigint) {
      const row = await db(ctx).findFirst({ where: { id, ...LIVE } })
      if (!row) {
        throw AppError.notFound()
      }
      const parent = row.parentId === 0n ? null : await db(ctx).findFirst({ where: { id: row.parentId } })
      return { ...row, parentName: parent?.dictValue ?? '顶级' }
    },

    /**
     * Creates or changes a header or an item, in one transaction (decision 030): the parent is locked
     * until the item is written (its removal counts items), and writers of the same code and key take
     * turns (a transaction-scoped advisory lock), so the second sees the first's row and is refused.
     */
    async submit(ctx: TCtx, input: TDictSubmit): Promise<void> {
      const d = db(ctx)
      const parentId = input.parentId ? BigInt(input.parentId) : 0n
      const parent = parentId > 0n ? await d.findFirst({ where: { id: parentId, ...LIVE } }) : null
      if (parentId > 0n && !parent) {
        throw AppError.badRequest('上级字典不存在')
      }
      const code = parent ? parent.code : input.code!
      const dictKey = parent ? input.dictKey! : HEADER_KEY
      const id = input.id ? BigInt(input.id) : undefined
      const data = {
        parentId,
        code,
        dictKey,
        dictValue: input.dictValue,
        sort: input.sort,
        isSealed: input.isSealed,
        remark: input.remark ?? null,
      }
      const { name, transaction } = dbOf(ctx)
      await transaction(async (t, tx) => {
        if (parent && !(await lockReferenced(tx, name, parent.id))) {
          throw AppError.badRequest('上级字典不存在')
        }
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${name}), hashtext(${`${ctx.tenantId}:${code}:${dictKey}`}))`
        const clash = await t.findFirst({
          where: { code, dictKey, ...LIVE, ...(id ? { NOT: { id } } : {}) },
          select: { id: true },
        })
        if (clash) {
          throw AppError.badRequest(DictMsg.KEY_EXISTS)
        }
        if (!id) {
          await t.create({ data: { id: nextId(), ...data } })
          return
        }
        const current = await t.findFirst({ where: { id, ...LIVE } })
        if (!current) {
          throw AppError.notFound()
        }
        if (id === parentId) {
          throw AppError.badRequest('上级字典不能是自己')
        }
        await t.updateMany({ where: { id }, data })
        // Renaming a dictionary's code renames it on every item, or the items would be orphaned.
        if (current.parentId === 0n && current.code !== code) {
          await t.updateMany({ where: { code: current.code, NOT: { id } }, data: { code } })
        }
      })
    },

    /** Locked before counting: an item added meanwhile is counted, or finds its parent gone (decision 030). */
    async remove(ctx: TCtx, ids: bigint[]): Promise<void> {
      const { name, transaction } = dbOf(ctx)
      await transaction(async (t, tx) => {
        await lockForRemoval(tx, name, ids)
        const children = await t.count({
          where: { parentId: { in: ids }, NOT: { id: { in: ids } }, ...LIVE },
        })
        if (children > 0) {
          throw AppError.badRequest(Msg.HAS_CHILDREN)
        }
        await t.updateMany({ where: { id: { in: ids }, ...LIVE }, data: { isDeleted: 1 } })
      })
    },
  }
}
export type TDictService = ReturnType<typeof createDictService>

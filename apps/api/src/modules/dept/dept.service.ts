import { type Dept, nextId, type PrismaClient } from '@ysjs/db'
import { ancestorsInclude, childAncestors, DeptMsg, type TDeptSubmit } from '@ysjs/shared'
import { readTenantOf, type TCtx } from '../../lib/context.ts'
import { dictLabels } from '../../lib/dict-labels.ts'
import { AppError } from '../../lib/errors.ts'
import { escapeLike } from '../../lib/filters.ts'
import { namesByKey } from '../../lib/names.ts'
import { tenantDb } from '../../lib/tenancy.ts'
import { buildTree } from '../../lib/tree.ts'

const LIVE = { isDeleted: 0 }
const ORDER = [{ sort: 'asc' as const }, { id: 'asc' as const }]
const ANCESTORS_MAX = 2000
export const ROOT_PARENT_NAME = '顶级'

export type TDeptFilters = { deptName?: string; fullName?: string; tenantId?: string }

/** `deptName`/`fullName` filters match anywhere in the name (contract 4.3 B, LIKE). */
const nameWhere = (q: TDeptFilters) => ({
  ...(q.deptName ? { deptName: { contains: escapeLike(q.deptName), mode: 'insensitive' as const } } : {}),
  ...(q.fullName ? { fullName: { contains: escapeLike(q.fullName), mode: 'insensitive' as const } } : {}),
})

/** Depts whose `ancestors` name `id` (its whole sub-tree, without itself). */
export const underWhere = (id: bigint) => ({
  OR: [{ ancestors: { endsWith: `,${id}` } }, { ancestors: { contains: `,${id},` } }],
})

/**
 * Departments (机构): a tree per tenant kept with `ancestors` (`0,<grand>,<parent>`), which the user
 * filter and data scopes read. Writes take a per-tenant advisory lock so that two moves cannot build a
 * cycle between them, and a move rewrites the whole sub-tree's ancestors in the same transaction.
 */
export const createDeptService = (prisma: PrismaClient) => {
  const db = (tenantId: string) => tenantDb(prisma, tenantId)

  const label = async (tenantId: string, rows: Dept[]) => {
    const categories = await dictLabels(prisma, tenantId, 'org_category')
    const parentNames = await namesByKey(
      rows.map((r) => r.parentId).filter((p) => p > 0n),
      (ids) =>
        db(tenantId).dept.findMany({ where: { id: { in: ids } }, select: { id: true, deptName: true } }),
      (p) => [p.id, p.deptName],
    )
    return rows.map((r) => ({
      ...r,
      parentName: r.parentId === 0n ? ROOT_PARENT_NAME : (parentNames.get(r.parentId) ?? ''),
      deptCategoryName: categories.get(String(r.deptCategory)) ?? '',
    }))
  }

  /** Which of these depts have live children. */
  const withChildren = async (tenantId: string, ids: bigint[]): Promise<Set<bigint>> => {
    if (!ids.length) {
      return new Set()
    }
    const groups = await db(tenantId).dept.groupBy({
      by: ['parentId'],
      where: { parentId: { in: ids }, ...LIVE },
    })
    return new Set(groups.map((g) => g.parentId))
  }

  const node = (d: Pick<Dept, 'id' | 'parentId' | 'deptName'>) => ({
    id: d.id,
    parentId: d.parentId,
    title: d.deptName,
    key: String(d.id),
    value: String(d.id),
  })

  /** The write lock of a tenant's tree, held until the transaction ends. */
  const lockTree = (tx: { $executeRaw: PrismaClient['$executeRaw'] }, tenantId: string) =>
    tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`blade_dept:${tenantId}`}))`

  return {
    async list(ctx: TCtx, q: TDeptFilters) {
      const tenantId = readTenantOf(ctx, q.tenantId)
      const rows = await db(tenantId).dept.findMany({ where: { ...LIVE, ...nameWhere(q) }, orderBy: ORDER })
      return buildTree(await label(tenantId, rows))
    },

    async lazyList(ctx: TCtx, q: TDeptFilters & { parentId?: string }) {
      const tenantId = readTenantOf(ctx, q.tenantId)
      const filtered = !!(q.deptName || q.fullName)
      const rows = await db(tenantId).dept.findMany({
        // A name search looks through every level, as a flat list (the platform does the same).
        where: { ...LIVE, ...nameWhere(q), ...(filtered ? {} : { parentId: BigInt(q.parentId ?? '0') }) },
        orderBy: ORDER,
      })
      const parents = await withChildren(
        tenantId,
        rows.map((r) => r.id),
      )
      return (await label(tenantId, rows)).map((r) => ({ ...r, hasChildren: parents.has(r.id) }))
    },

    async detail(ctx: TCtx, id: bigint) {
      const row = await db(ctx.tenantId).dept.findFirst({ where: { id, ...LIVE } })
      if (!row) {
        throw AppError.notFound()
      }
      return (await label(ctx.tenantId, [row]))[0]!
    },

    async tree(ctx: TCtx, requestedTenant?: string) {
      const tenantId = readTenantOf(ctx, requestedTenant)
      const rows = await db(tenantId).dept.findMany({
        where: LIVE,
        orderBy: ORDER,
        select: { id: true, parentId: true, deptName: true },
      })
      return buildTree(rows.map(node))
    },

    async lazyTree(ctx: TCtx, q: { parentId?: string; tenantId?: string }) {
      const tenantId = readTenantOf(ctx, q.tenantId)
      const rows = await db(tenantId).dept.findMany({
        where: { ...LIVE, parentId: BigInt(q.parentId ?? '0') },
        orderBy: ORDER,
        select: { id: true, parentId: true, deptName: true },
      })
      const parents = await withChildren(
        tenantId,
        rows.map((r) => r.id),
      )
      return rows.map((r) => ({ ...node(r), hasChildren: parents.has(r.id) }))
    },

    /** Creates, or updates and possibly moves, a dept of the caller's tenant. */
    async submit(ctx: TCtx, input: TDeptSubmit) {
      const tenantId = ctx.tenantId
      const parentId = BigInt(input.parentId ?? '0')
      const id = input.id ? BigInt(input.id) : null
      const fields = {
        deptName: input.deptName,
        fullName: input.fullName,
        deptCategory: input.deptCategory,
        sort: input.sort,
        remark: input.remark ?? null,
      }
      const saved = await db(tenantId).$transaction(async (tx) => {
        await lockTree(tx, tenantId)
        const current = id ? await tx.dept.findFirst({ where: { id, ...LIVE } }) : null
        if (id && !current) {
          throw AppError.notFound()
        }
        const parent = parentId === 0n ? null : await tx.dept.findFirst({ where: { id: parentId, ...LIVE } })
        if (parentId !== 0n && !parent) {
          throw AppError.badRequest(DeptMsg.PARENT_MISSING)
        }
        if (id && parent && (parent.id === id || ancestorsInclude(parent.ancestors, id))) {
          throw AppError.badRequest(DeptMsg.PARENT_SELF)
        }
        const ancestors = childAncestors(parent)
        if (!current) {
          if (ancestors.length > ANCESTORS_MAX - 20) {
            throw AppError.badRequest(DeptMsg.TOO_DEEP)
          }
          return tx.dept.create({ data: { id: nextId(), parentId, ancestors, ...fields } })
        }
        if (current.ancestors !== ancestors) {
          const oldPrefix = `${current.ancestors},${current.id}`
          const newPrefix = `${ancestors},${current.id}`
          const deepest = await tx.dept.findMany({
            where: { ...underWhere(current.id) },
            select: { ancestors: true },
          })
          const longest = Math.max(
            newPrefix.length,
            ...deepest.map((d) => d.ancestors.length - oldPrefix.length + newPrefix.length),
          )
          if (longest > ANCESTORS_MAX) {
            throw AppError.badRequest(DeptMsg.TOO_DEEP)
          }
          // Every descendant (deleted ones too, so a restore stays consistent) gets the new prefix.
          await tx.$executeRaw`
            UPDATE blade_dept SET ancestors = ${newPrefix} || substr(ancestors, ${oldPrefix.length + 1})
            WHERE tenant_id = ${tenantId} AND (ancestors = ${oldPrefix} OR ancestors LIKE ${`${oldPrefix},%`})`
        }
        return tx.dept.update({ where: { id: current.id }, data: { parentId, ancestors, ...fields } })
      })
      const [labelled] = await label(tenantId, [saved])
      return { id: saved.id, tenantId: saved.tenantId, deptCategoryName: labelled!.deptCategoryName }
    },

    /** Logical delete; refused while a dept keeps live children (outside the batch) or users. */
    async remove(ctx: TCtx, ids: bigint[]) {
      const tenantId = ctx.tenantId
      await db(tenantId).$transaction(async (tx) => {
        await lockTree(tx, tenantId)
        const children = await tx.dept.count({
          where: { parentId: { in: ids }, id: { notIn: ids }, ...LIVE },
        })
        if (children) {
          throw AppError.badRequest(DeptMsg.HAS_CHILDREN)
        }
        const links = await tx.userDept.findMany({ where: { deptId: { in: ids } }, select: { userId: true } })
        const users = links.length
          ? await tx.user.count({ where: { id: { in: links.map((l) => l.userId) }, ...LIVE } })
          : 0
        if (users) {
          throw AppError.badRequest(DeptMsg.HAS_USERS)
        }
        await tx.dept.updateMany({ where: { id: { in: ids }, ...LIVE }, data: { isDeleted: 1 } })
      })
    },

    /** A dept and its whole sub-tree (live), in the given tenant or, for null, any tenant. */
    async subtreeIds(tenantId: string | null, id: bigint): Promise<bigint[]> {
      const rows = await prisma.dept.findMany({
        where: { ...LIVE, ...(tenantId ? { tenantId } : {}), OR: [{ id }, ...underWhere(id).OR] },
        select: { id: true },
      })
      return rows.map((r) => r.id)
    },
  }
}
export type TDeptService = ReturnType<typeof createDeptService>

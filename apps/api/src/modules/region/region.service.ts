import type { PrismaClient, Region } from '@ysjs/db'
import { REGION_MAX_LEVEL, REGION_ROOT, RegionMsg, type TPageQuery, type TRegionSubmit } from '@ysjs/shared'
import type { TCtx } from '../../lib/context.ts'
import { AppError } from '../../lib/errors.ts'
import { escapeLike } from '../../lib/filters.ts'
import { namesByKey } from '../../lib/names.ts'
import { skipTake, toPage } from '../../lib/paging.ts'
import { assertTableWritable } from '../../lib/table-ownership.ts'

/** Query of `region/list`: entity binding (contract 4.3 A), equality except the name. */
export type TRegionListQuery = TPageQuery & {
  code?: string
  parentCode?: string
  name?: string
  regionLevel?: number
}

/** Which of the `*_code`/`*_name` columns a level fills with the region itself. */
const LEVEL_FIELDS: Record<number, [code: keyof Region, name: keyof Region]> = {
  1: ['provinceCode', 'provinceName'],
  2: ['cityCode', 'cityName'],
  3: ['districtCode', 'districtName'],
  4: ['townCode', 'townName'],
  5: ['villageCode', 'villageName'],
}
const INHERITED = [
  'provinceCode',
  'provinceName',
  'cityCode',
  'cityName',
  'districtCode',
  'districtName',
  'townCode',
  'townName',
] as const

const ORDER = [{ sort: 'asc' as const }, { code: 'asc' as const }]

/**
 * Administrative regions (blade_region, keyed by their GB/T 2260 `code`, not tenant rows). The tree is
 * read level by level (`lazy-tree?parentCode=`); the provincial level hangs under the code `00`.
 */
export const createRegionService = (prisma: PrismaClient) => {
  /** One writer of the region tree at a time (the platform's, written rarely). */
  const lockTree = (tx: Pick<PrismaClient, '$executeRaw'>) =>
    tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('blade_region'))`
  const withChildren = async (rows: Region[]) => {
    const counts = rows.length
      ? await prisma.region.groupBy({
          by: ['parentCode'],
          where: { parentCode: { in: rows.map((r) => r.code) } },
          _count: { _all: true },
        })
      : []
    const has = new Set(counts.filter((c) => c._count._all > 0).map((c) => c.parentCode))
    const names = await namesByKey(
      rows.map((r) => r.parentCode || null),
      (codes) =>
        prisma.region.findMany({ where: { code: { in: codes } }, select: { code: true, name: true } }),
      (p) => [p.code, p.name],
    )
    return rows.map((r) => ({
      ...r,
      parentName: r.parentCode ? (names.get(r.parentCode) ?? null) : null,
      hasChildren: has.has(r.code),
    }))
  }

  const children = (parentCode: string | undefined) =>
    prisma.region.findMany({ where: { parentCode: parentCode ?? REGION_ROOT }, orderBy: ORDER })

  return {
    async page(query: TRegionListQuery) {
      const where = {
        ...(query.code ? { code: query.code } : {}),
        ...(query.parentCode ? { parentCode: query.parentCode } : {}),
        ...(query.regionLevel !== undefined ? { regionLevel: query.regionLevel } : {}),
        ...(query.name ? { name: { contains: escapeLike(query.name), mode: 'insensitive' as const } } : {}),
      }
      const [records, total] = await Promise.all([
        prisma.region.findMany({ where, orderBy: ORDER, ...skipTake(query) }),
        prisma.region.count({ where }),
      ])
      return toPage(await withChildren(records), total, query)
    },

    /** One level of the tree as tree nodes (contract 4.5; `code` is the key). */
    async lazyTree(parentCode: string | undefined) {
      const rows = await withChildren(await children(parentCode))
      return rows.map((r) => ({
        id: r.code,
        parentId: r.parentCode ?? REGION_ROOT,
        title: r.name,
        key: r.code,
        value: r.code,
        hasChildren: r.hasChildren,
      }))
    },

    /** One level of the tree as records (for the region screen's table). */
    async lazyList(parentCode: string | undefined) {
      return withChildren(await children(parentCode))
    },

    /** Children of a code, flat (the province selects of other screens use `00`). */
    select: (code: string | undefined) => children(code),

    async detail(code: string) {
      const row = await prisma.region.findUnique({ where: { code } })
      if (!row) {
        throw AppError.notFound(RegionMsg.NOT_FOUND)
      }
      return (await withChildren([row]))[0]!
    },

    /**
     * A new code is inserted under its parent (level, ancestors and the province/city/… columns
     * follow from the parent); an existing code keeps its place and takes the new name, sort and remark.
     */
    /** Checks and writes under the region tree's lock (decision 030): a removal meanwhile waits. */
    async submit(ctx: TCtx, input: TRegionSubmit): Promise<void> {
      assertTableWritable(ctx, 'Region')
      await prisma.$transaction(async (tx) => {
        await lockTree(tx)
        const existing = await tx.region.findUnique({ where: { code: input.code } })
        if (existing) {
          const [codeField, nameField] = LEVEL_FIELDS[existing.regionLevel ?? 0] ?? []
          await tx.region.update({
            where: { code: input.code },
            data: {
              name: input.name,
              sort: input.sort ?? existing.sort,
              remark: input.remark ?? null,
              ...(codeField && nameField ? { [nameField]: input.name } : {}),
            },
          })
          return
        }
        const parentCode = input.parentCode ?? REGION_ROOT
        if (parentCode === input.code) {
          throw AppError.badRequest(RegionMsg.PARENT_SELF)
        }
        const parent =
          parentCode === REGION_ROOT ? null : await tx.region.findUnique({ where: { code: parentCode } })
        if (parentCode !== REGION_ROOT && !parent) {
          throw AppError.badRequest(RegionMsg.PARENT_UNKNOWN)
        }
        const level = (parent?.regionLevel ?? 0) + 1
        if (level > REGION_MAX_LEVEL) {
          throw AppError.badRequest(RegionMsg.TOO_DEEP)
        }
        const inherited = Object.fromEntries(INHERITED.map((f) => [f, parent?.[f] ?? null]))
        const [codeField, nameField] = LEVEL_FIELDS[level]!
        await tx.region.create({
          data: {
            ...inherited,
            code: input.code,
            parentCode,
            ancestors: parent ? `${parent.ancestors ?? REGION_ROOT},${parent.code}` : REGION_ROOT,
            name: input.name,
            regionLevel: level,
            sort: input.sort ?? 0,
            remark: input.remark ?? null,
            [codeField]: input.code,
            [nameField]: input.name,
          },
        })
      })
    },

    /** Removes one region; a region with children stays (请先删除子节点!). */
    async remove(ctx: TCtx, code: string): Promise<void> {
      assertTableWritable(ctx, 'Region')
      // Under the tree's lock: a child added meanwhile is seen, or finds its parent gone (decision 030).
      await prisma.$transaction(async (tx) => {
        await lockTree(tx)
        const child = await tx.region.findFirst({ where: { parentCode: code }, select: { code: true } })
        if (child) {
          throw AppError.badRequest(RegionMsg.HAS_CHILDREN)
        }
        await tx.region.deleteMany({ where: { code } })
      })
    },
  }
}
export type TRegionService = ReturnType<typeof createRegionService>

import { type Menu, nextId, type PrismaClient } from '@ysjs/db'
import {
  MENU_ACTION_NAMES,
  MENU_CATEGORY_NAMES,
  MenuCategory,
  MenuMsg,
  Msg,
  type TMenuSubmit,
  TOP_LEVEL_NAME,
  YES_NO_NAMES,
  type ZMenuSubmitSchema,
  type ZTopMenuGrantSchema,
} from '@ysjs/shared'
import type { z } from 'zod'
import type { TAccessRules } from '../../lib/access-rules.ts'
import type { TCacheRegistry } from '../../lib/caches.ts'
import { isPlatformAdmin, isTenantAdministrator, type TCtx } from '../../lib/context.ts'
import { AppError } from '../../lib/errors.ts'
import { escapeLike } from '../../lib/filters.ts'
import { tenantDb } from '../../lib/tenancy.ts'
import { buildTree, type TTreeNode, withAncestors, withDescendants } from '../../lib/tree.ts'

export type TMenuFilters = { name?: string; code?: string; alias?: string }
type TNode = { id: bigint; parentId: bigint; title: string; key: string; value: string }

/**
 * Menu management (contract 5.4): the platform-wide menu table, written only by `administrator`, and
 * the trees the grant dialogs show. Kept apart from `menu.service.ts` (routes and buttons of the
 * signed-in user) so that hot path stays small.
 */
export const createMenuAdminService = (deps: {
  prisma: PrismaClient
  rules: TAccessRules
  caches: TCacheRegistry
}) => {
  const { prisma, rules, caches } = deps
  /** One writer of the menu tree at a time (menus are the platform administrator's, written rarely). */
  const lockTree = (tx: Pick<PrismaClient, '$executeRaw'>) =>
    tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('blade_menu'))`

  const live = (where: object = {}) =>
    prisma.menu.findMany({ where: { isDeleted: 0, ...where }, orderBy: [{ sort: 'asc' }, { id: 'asc' }] })

  const vo = (rows: Menu[], all: Menu[]) => {
    const names = new Map(all.map((m) => [m.id, m.name]))
    const parents = new Set(all.map((m) => m.parentId))
    return rows.map((m) => ({
      ...m,
      parentName: m.parentId === 0n ? TOP_LEVEL_NAME : (names.get(m.parentId) ?? ''),
      categoryName: MENU_CATEGORY_NAMES[m.category] ?? '',
      actionName: MENU_ACTION_NAMES[m.action] ?? '',
      isOpenName: YES_NO_NAMES[m.isOpen] ?? '',
      hasChildren: parents.has(m.id),
    }))
  }

  const filterWhere = (f: TMenuFilters) => {
    const where: Record<string, unknown> = {}
    for (const key of ['name', 'code', 'alias'] as const) {
      const v = f[key]?.trim()
      if (v) {
        where[key] = { contains: escapeLike(v), mode: 'insensitive' }
      }
    }
    return where
  }

  const assertAdministrator = (ctx: TCtx) => {
    if (!isPlatformAdmin(ctx.user)) {
      throw AppError.forbidden()
    }
  }

  /** Menu ids the caller may see in grant trees: all for `administrator` of 000000, else their own (+ ancestors). */
  const visibleIds = async (ctx: TCtx, all: Menu[]): Promise<Set<bigint> | null> => {
    const user = ctx.user!
    if (isPlatformAdmin(user)) {
      return null
    }
    const own = await rules.menuIdsOf({
      administrator: isTenantAdministrator(user),
      roleIds: user.roleIds,
      tenantId: user.tenantId,
    })
    return withAncestors(all, own)
  }

  const toNodes = (rows: { id: bigint; parentId: bigint; name: string }[]): TTreeNode<TNode>[] =>
    buildTree(
      rows.map((m) => ({
        id: m.id,
        parentId: m.parentId,
        title: m.name,
        key: String(m.id),
        value: String(m.id),
      })),
    )

  /** Scope rows under their menus, with the menus' ancestors so the tree is complete. */
  const scopeTree = (
    all: Menu[],
    visible: Set<bigint> | null,
    scopes: { id: bigint; menuId: bigint | null; scopeName: string | null }[],
  ) => {
    const usable = scopes.filter((s) => s.menuId !== null && (!visible || visible.has(s.menuId)))
    const menuIds = withAncestors(all, new Set(usable.map((s) => s.menuId!)))
    return toNodes([
      ...all.filter((m) => menuIds.has(m.id)),
      ...usable.map((s) => ({ id: s.id, parentId: s.menuId!, name: s.scopeName ?? '' })),
    ])
  }

  const service = {
    async list(filters: TMenuFilters, category?: number) {
      const all = await live()
      const rows = await live({ ...filterWhere(filters), ...(category ? { category } : {}) })
      return buildTree(vo(rows, all))
    },

    /** One level (or, without parentId, every level) with `hasChildren`. */
    async lazyList(parentId: bigint | undefined, filters: TMenuFilters, category?: number) {
      const all = await live(category ? { category } : {})
      const rows = await live({
        ...filterWhere(filters),
        ...(category ? { category } : {}),
        ...(parentId !== undefined ? { parentId } : {}),
      })
      return vo(rows, all)
    },

    async detail(id: bigint) {
      const row = await prisma.menu.findFirst({ where: { id, isDeleted: 0 } })
      if (!row) {
        throw AppError.notFound()
      }
      const all = await live()
      return vo([row], all)[0]!
    },

    async tree(ctx: TCtx) {
      const all = await live({ category: MenuCategory.MENU })
      const visible = await visibleIds(ctx, all)
      return toNodes(all.filter((m) => !visible || visible.has(m.id)))
    },

    /**
     * Checks (the row, unique code and name, a live parent menu) and writes in one transaction under
     * the menu tree's lock (decision 030): a removal or another submit meanwhile waits, so the checks
     * hold when the row is written.
     */
    async submit(ctx: TCtx, input: z.output<typeof ZMenuSubmitSchema>): Promise<{ id: bigint }> {
      assertAdministrator(ctx)
      const saved = await prisma.$transaction(async (tx) => {
        await lockTree(tx)
        const id = input.id ? BigInt(input.id) : undefined
        if (id !== undefined && !(await tx.menu.findFirst({ where: { id, isDeleted: 0 } }))) {
          throw AppError.notFound()
        }
        const clash = await tx.menu.findFirst({
          where: {
            isDeleted: 0,
            OR: [{ code: input.code }, { name: input.name, category: MenuCategory.MENU }],
            ...(id !== undefined ? { NOT: { id } } : {}),
          },
          select: { id: true, code: true, category: true },
        })
        // A button may share its name with others (every page has a 新增); only menus' names are unique.
        if (clash && (clash.code === input.code || input.category === MenuCategory.MENU)) {
          throw AppError.badRequest(MenuMsg.EXISTS)
        }
        let parentId = 0n
        if (input.parentId && input.parentId !== '0') {
          const parent = await tx.menu.findFirst({ where: { id: BigInt(input.parentId), isDeleted: 0 } })
          if (!parent || parent.category !== MenuCategory.MENU) {
            throw AppError.badRequest(MenuMsg.PARENT_NOT_MENU)
          }
          if (id !== undefined) {
            const below = withDescendants(await live(), id)
            if (below.has(parent.id)) {
              throw AppError.badRequest(MenuMsg.PARENT_SELF)
            }
          }
          parentId = parent.id
        }
        const data = {
          parentId,
          code: input.code,
          name: input.name,
          alias: input.alias,
          path: input.path ?? null,
          source: input.source ?? null,
          sort: input.sort,
          category: input.category,
          action: input.action,
          isOpen: input.isOpen,
          remark: input.remark ?? null,
        }
        return id !== undefined
          ? tx.menu.update({ where: { id }, data })
          : tx.menu.create({ data: { ...data, id: nextId() } })
      })
      caches.clearAll()
      return { id: saved.id }
    },

    /** Under the menu tree's lock: a child added meanwhile is counted, or finds its parent gone. */
    async remove(ctx: TCtx, ids: bigint[]): Promise<void> {
      assertAdministrator(ctx)
      await prisma.$transaction(async (tx) => {
        await lockTree(tx)
        const children = await tx.menu.count({
          where: { parentId: { in: ids }, isDeleted: 0, NOT: { id: { in: ids } } },
        })
        if (children > 0) {
          throw AppError.badRequest(Msg.HAS_CHILDREN)
        }
        await tx.menu.updateMany({ where: { id: { in: ids }, isDeleted: 0 }, data: { isDeleted: 1 } })
      })
      caches.clearAll()
    },

    /** `grant-tree`: menus with buttons, and the data and API scopes under their menus. */
    async grantTree(ctx: TCtx) {
      const all = await live()
      const visible = await visibleIds(ctx, all)
      const [dataScopes, apiScopes] = await Promise.all([
        prisma.scopeData.findMany({
          where: { isDeleted: 0 },
          select: { id: true, menuId: true, scopeName: true },
          orderBy: { id: 'asc' },
        }),
        prisma.scopeApi.findMany({
          where: { isDeleted: 0 },
          select: { id: true, menuId: true, scopeName: true },
          orderBy: { id: 'asc' },
        }),
      ])
      return {
        menu: toNodes(all.filter((m) => !visible || visible.has(m.id))),
        dataScope: scopeTree(all, visible, dataScopes),
        apiScope: scopeTree(all, visible, apiScopes),
      }
    },

    async grantTopTree(ctx: TCtx) {
      return { menu: await service.tree(ctx) }
    },

    async topTreeKeys(ctx: TCtx, topMenuIds: bigint[]) {
      const tops = await tenantDb(prisma, ctx.tenantId).topMenu.findMany({
        where: { id: { in: topMenuIds }, isDeleted: 0 },
        select: { id: true },
      })
      const settings = tops.length
        ? await prisma.topMenuSetting.findMany({
            where: { topMenuId: { in: tops.map((t) => t.id) } },
            select: { menuId: true },
          })
        : []
      return { menu: [...new Set(settings.map((s) => s.menuId))] }
    },

    /** `topmenu/grant`: replaces the menus of these top menus (of the caller's tenant). */
    async grantTop(ctx: TCtx, input: z.output<typeof ZTopMenuGrantSchema>): Promise<void> {
      const topIds = [...new Set(input.topMenuIds.map(BigInt))]
      const tops = await tenantDb(prisma, ctx.tenantId).topMenu.findMany({
        where: { id: { in: topIds }, isDeleted: 0 },
        select: { id: true },
      })
      if (tops.length !== topIds.length) {
        throw AppError.notFound()
      }
      const menus = await prisma.menu.findMany({
        where: { id: { in: input.menuIds.map(BigInt) }, isDeleted: 0, category: MenuCategory.MENU },
        select: { id: true },
      })
      await prisma.$transaction(async (tx) => {
        await tx.topMenuSetting.deleteMany({ where: { topMenuId: { in: topIds } } })
        const rows = topIds.flatMap((topMenuId) =>
          menus.map((m) => ({ id: nextId(), topMenuId, menuId: m.id })),
        )
        if (rows.length) {
          await tx.topMenuSetting.createMany({ data: rows })
        }
      })
      caches.clearAll()
    },
  }
  return service
}
export type TMenuAdminService = ReturnType<typeof createMenuAdminService>

export type TSubmitMenu = TMenuSubmit

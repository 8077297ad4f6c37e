import type { Menu, PrismaClient } from '@ysjs/db'
import { MEMBER_ONLY_MENUS, MEMBER_ROLE, MenuCategory } from '@ysjs/shared'
import { packageMenuIds } from '../../lib/access-rules.ts'
import type { TCtx } from '../../lib/context.ts'
import { isTenantAdministrator } from '../../lib/context.ts'
import { tenantDb } from '../../lib/tenancy.ts'
import { buildTree, type TTreeNode, withAncestors } from '../../lib/tree.ts'

const MENUS_CACHE_MS = 5_000

/** Menus as read at one moment; a new object every time they are read again. */
type TMenuSnapshot = { at: number; rows: Menu[]; routeMenus: Menu[] }

/**
 * What decides a user's route tree, known without querying anything but the (cached) menus: the menu
 * snapshot, and a key naming the user's view of it (administrator, or tenant and role set; top menu).
 * `tree()` reads that view's grants, package and top-menu settings and builds the tree. Callers may
 * keep the answer per (snapshot, key): a snapshot lives MENUS_CACHE_MS at most and clearCache ends it
 * at once, so grants, packages and top-menu settings, like the menus themselves, show within that
 * time, the same delay as the permission checker's.
 */
export type TRouteSelection = {
  snapshot: object
  key: string
  tree: () => Promise<TTreeNode<Menu>[]>
}

/**
 * Menus are platform-wide (not tenant rows); what a user sees is decided by role grants, the tenant's
 * product package and, optionally, a top menu (contract 5.2–5.3).
 */
export const createMenuService = (prisma: PrismaClient) => {
  let cached: TMenuSnapshot | null = null
  const snapshot = async (): Promise<TMenuSnapshot> => {
    if (cached && Date.now() - cached.at < MENUS_CACHE_MS) {
      return cached
    }
    const rows = await prisma.menu.findMany({
      where: { isDeleted: 0 },
      orderBy: [{ sort: 'asc' }, { id: 'asc' }],
    })
    cached = { at: Date.now(), rows, routeMenus: rows.filter((m) => m.category === MenuCategory.MENU) }
    return cached
  }
  const allMenus = async (): Promise<Menu[]> => (await snapshot()).rows
  const roleMenuIds = async (roleIds: readonly bigint[]): Promise<Set<bigint>> => {
    if (!roleIds.length) {
      return new Set()
    }
    const links = await prisma.roleMenu.findMany({
      where: { roleId: { in: [...roleIds] } },
      select: { menuId: true },
    })
    return new Set(links.map((l) => l.menuId))
  }

  /** Menus granted to a user who is not the administrator, capped to the tenant's package. */
  const roleGrantedIds = async (ctx: TCtx): Promise<Set<bigint>> => {
    const user = ctx.user!
    const granted = await roleMenuIds(user.roleIds)
    const pkg = await packageMenuIds(prisma, user.tenantId)
    return pkg ? new Set([...granted].filter((id) => pkg.has(id))) : granted
  }

  /** Menus (category 1, or buttons too) the user may see, before ancestors are added. */
  const grantedIds = async (ctx: TCtx, menus: Menu[]): Promise<Set<bigint>> =>
    isTenantAdministrator(ctx.user) ? new Set(menus.map((m) => m.id)) : roleGrantedIds(ctx)

  /** Whether the user fills for a member unit; the member-only menus are offered to such users alone. */
  const fillsForMember = (ctx: TCtx) => !!ctx.user?.roles.includes(MEMBER_ROLE)

  /**
   * The route tree of menus for a grant (null: every menu) narrowed to a top menu's (null: none),
   * without the member-only screens for a user who is not a member (their every call would refuse).
   */
  const routeTree = (
    menus: Menu[],
    granted: Set<bigint> | null,
    top: Set<bigint> | null,
    member: boolean,
  ): TTreeNode<Menu>[] => {
    const offered = member ? menus : menus.filter((m) => !MEMBER_ONLY_MENUS.includes(m.code))
    let ids = withAncestors(offered, granted ?? new Set(offered.map((m) => m.id)))
    if (top) {
      ids = withAncestors(offered, new Set([...ids].filter((id) => top.has(id))))
    }
    return buildTree(offered.filter((m) => ids.has(m.id)))
  }

  const routeSelection = async (ctx: TCtx, topMenuId?: bigint): Promise<TRouteSelection | null> => {
    const user = ctx.user
    if (!user?.roleIds.length) {
      return null
    }
    const snap = await snapshot()
    const admin = isTenantAdministrator(user)
    const member = fillsForMember(ctx)
    const view = admin
      ? `*${member ? '|member' : ''}`
      : `${user.tenantId}|${[...user.roleIds].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).join(',')}`
    return {
      snapshot: snap,
      key: `${view}|${topMenuId ?? ''}`,
      tree: async () => {
        const granted = admin ? null : await roleGrantedIds(ctx)
        let top: Set<bigint> | null = null
        if (topMenuId !== undefined) {
          const settings = await prisma.topMenuSetting.findMany({
            where: { topMenuId },
            select: { menuId: true },
          })
          top = new Set(settings.map((s) => s.menuId))
        }
        return routeTree(snap.routeMenus, granted, top, member)
      },
    }
  }

  return {
    allMenus,
    clearCache: () => {
      cached = null
    },

    routeSelection,

    async routes(ctx: TCtx, topMenuId?: bigint): Promise<TTreeNode<Menu>[] | null> {
      const selection = await routeSelection(ctx, topMenuId)
      return selection ? selection.tree() : null
    },

    /** Buttons granted to the user's roles plus their direct parent menus, as a tree. */
    async buttons(ctx: TCtx): Promise<TTreeNode<Menu>[]> {
      if (!ctx.user?.roleIds.length) {
        return []
      }
      const menus = await allMenus()
      const granted = await grantedIds(ctx, menus)
      const buttons = menus.filter((m) => m.category === MenuCategory.BUTTON && granted.has(m.id))
      const parentIds = new Set(buttons.map((b) => b.parentId))
      const parents = menus.filter((m) => parentIds.has(m.id))
      return buildTree([...parents, ...buttons])
    },

    async topMenus(ctx: TCtx) {
      return tenantDb(prisma, ctx.tenantId).topMenu.findMany({
        where: { isDeleted: 0 },
        orderBy: [{ sort: 'asc' }, { id: 'asc' }],
      })
    },
  }
}
export type TMenuService = ReturnType<typeof createMenuService>

import type { PrismaClient, ScopeApi, ScopeData } from '@ysjs/db'
import { DEFAULT_TENANT_ID, ScopeCategory } from '@ysjs/shared'
import { isTenantAdministrator, type TAuthUser } from './context.ts'
import { splitIds } from './tree.ts'

/**
 * The rules that decide what a user may reach, in one place: the permission check of every route, the
 * API-scope gate, the data-scope filter of every generic list, the change preview and the access
 * explainer all read them from here, so what the preview promises is what the server enforces.
 *
 * - A user's menus and buttons are those granted to any of their roles, capped by their tenant's
 *   product package when it has one; `administrator` holds every menu (contract 5.2, 6.1).
 * - API scopes: an endpoint covered by at least one API scope is reachable only by users whose roles
 *   hold one of the scopes covering it; `administrator` bypasses (contract 6.3, decision 010b).
 * - Data scopes: see `lib/data-scope.ts`.
 */

/** The pure rule: the menu ids (menus and buttons) a user holds. */
export const effectiveMenuIds = (facts: {
  administrator: boolean
  allMenuIds: Iterable<bigint>
  roleMenuIds: Iterable<bigint>
  packageMenuIds: ReadonlySet<bigint> | null
}): Set<bigint> => {
  if (facts.administrator) {
    return new Set(facts.allMenuIds)
  }
  const granted = [...facts.roleMenuIds]
  return new Set(facts.packageMenuIds ? granted.filter((id) => facts.packageMenuIds!.has(id)) : granted)
}

/** `/api/ysjs-desk/notice/list` is covered by a scope path `/api/ysjs-desk/notice` (or its `/ysjs-desk/…` form). */
export const apiScopeCovers = (scopePath: string, pathname: string): boolean => {
  const scope = scopePath.trim().replace(/\/+$/, '')
  if (!scope.startsWith('/')) {
    return false
  }
  const candidates = [pathname, pathname.startsWith('/api/') ? pathname.slice(4) : pathname]
  return candidates.some((p) => p === scope || p.startsWith(`${scope}/`))
}

/** The menu ids of the tenant's product package, or null when the tenant has none. */
export const packageMenuIds = async (prisma: PrismaClient, tenantId: string): Promise<Set<bigint> | null> => {
  const tenant = await prisma.tenant.findFirst({
    where: { tenantId, isDeleted: 0 },
    select: { packageId: true },
  })
  if (!tenant?.packageId) {
    return null
  }
  const pkg = await prisma.tenantPackage.findFirst({ where: { id: tenant.packageId, isDeleted: 0 } })
  return pkg ? new Set(splitIds(pkg.menuId)) : null
}

const CACHE_MS = 5_000

type TCached<T> = { at: number; value: T }

export const createAccessRules = (prisma: PrismaClient) => {
  const codeCache = new Map<string, TCached<Set<string>>>()
  let menusCache: TCached<{ id: bigint; code: string }[]> | null = null
  let apiScopesCache: TCached<ScopeApi[]> | null = null
  const roleScopeCache = new Map<string, TCached<Set<bigint>>>()

  const fresh = <T>(hit: TCached<T> | null | undefined): hit is TCached<T> =>
    !!hit && Date.now() - hit.at < CACHE_MS

  const liveMenus = async () => {
    if (fresh(menusCache)) {
      return menusCache.value
    }
    const value = await prisma.menu.findMany({ where: { isDeleted: 0 }, select: { id: true, code: true } })
    menusCache = { at: Date.now(), value }
    return value
  }

  /** Live roles among these ids (a deleted role grants nothing). */
  const liveRoleIds = async (roleIds: readonly bigint[]): Promise<bigint[]> => {
    if (!roleIds.length) {
      return []
    }
    const rows = await prisma.role.findMany({
      where: { id: { in: [...roleIds] }, isDeleted: 0 },
      select: { id: true },
    })
    return rows.map((r) => r.id)
  }

  const rules = {
    /** Menu ids granted to each of these roles (deleted roles grant nothing). */
    async roleMenus(roleIds: readonly bigint[]): Promise<Map<bigint, Set<bigint>>> {
      const out = new Map<bigint, Set<bigint>>(roleIds.map((id) => [id, new Set<bigint>()]))
      const live = await liveRoleIds(roleIds)
      if (!live.length) {
        return out
      }
      const links = await prisma.roleMenu.findMany({
        where: { roleId: { in: live } },
        select: { roleId: true, menuId: true },
      })
      for (const l of links) {
        out.get(l.roleId)?.add(l.menuId)
      }
      return out
    },

    /** The menu ids of a tenant's product package, or null when it has none (no cap). */
    async packageMenus(tenantId: string): Promise<Set<bigint> | null> {
      return tenantId === DEFAULT_TENANT_ID ? null : packageMenuIds(prisma, tenantId)
    },

    /** The menu ids (menus and buttons) a subject holds, by `effectiveMenuIds`. */
    async menuIdsOf(subject: { administrator: boolean; roleIds: readonly bigint[]; tenantId: string }) {
      const menus = await liveMenus()
      const byRole = subject.administrator ? new Map() : await rules.roleMenus(subject.roleIds)
      return effectiveMenuIds({
        administrator: subject.administrator,
        allMenuIds: menus.map((m) => m.id),
        roleMenuIds: [...byRole.values()].flatMap((s: Set<bigint>) => [...s]),
        packageMenuIds: subject.administrator ? null : await rules.packageMenus(subject.tenantId),
      })
    },

    /** The permission codes (menu and button codes) of a user; cached briefly per tenant and role set. */
    async codesOf(user: TAuthUser): Promise<Set<string>> {
      const key = `${user.tenantId}:${[...user.roleIds].sort().join(',')}`
      const hit = codeCache.get(key)
      if (fresh(hit)) {
        return hit.value
      }
      const ids = await rules.menuIdsOf({
        administrator: isTenantAdministrator(user),
        roleIds: user.roleIds,
        tenantId: user.tenantId,
      })
      const codes = new Set((await liveMenus()).filter((m) => ids.has(m.id)).map((m) => m.code))
      codeCache.set(key, { at: Date.now(), value: codes })
      return codes
    },

    /** Scope ids (data or API) granted to any of these live roles. */
    async grantedScopeIds(roleIds: readonly bigint[], category: number): Promise<Set<bigint>> {
      const key = `${category}:${[...roleIds].sort().join(',')}`
      const hit = roleScopeCache.get(key)
      if (fresh(hit)) {
        return hit.value
      }
      const live = await liveRoleIds(roleIds)
      const rows = live.length
        ? await prisma.roleScope.findMany({
            where: { roleId: { in: live }, scopeCategory: category },
            select: { scopeId: true },
          })
        : []
      const value = new Set(rows.map((r) => r.scopeId))
      roleScopeCache.set(key, { at: Date.now(), value })
      return value
    },

    /** Every live API scope (a small platform table, cached briefly). */
    async apiScopes(): Promise<ScopeApi[]> {
      if (fresh(apiScopesCache)) {
        return apiScopesCache.value
      }
      const value = await prisma.scopeApi.findMany({ where: { isDeleted: 0 } })
      apiScopesCache = { at: Date.now(), value }
      return value
    },

    /** The API scopes covering a path, and whether the user's roles hold one of them. */
    async apiDecision(
      user: TAuthUser,
      pathname: string,
    ): Promise<{ covering: ScopeApi[]; held: ScopeApi[]; allowed: boolean }> {
      const covering = (await rules.apiScopes()).filter(
        (s) => s.scopePath && apiScopeCovers(s.scopePath, pathname),
      )
      if (!covering.length || isTenantAdministrator(user)) {
        return { covering, held: covering, allowed: true }
      }
      const granted = await rules.grantedScopeIds(user.roleIds, ScopeCategory.API)
      const held = covering.filter((s) => granted.has(s.id))
      return { covering, held, allowed: held.length > 0 }
    },

    /** Data scopes of a resource granted to the user's roles (none for `administrator`: no filter). */
    async dataScopesOf(user: TAuthUser, resourceCode: string): Promise<ScopeData[]> {
      if (isTenantAdministrator(user)) {
        return []
      }
      const granted = await rules.grantedScopeIds(user.roleIds, ScopeCategory.DATA)
      if (!granted.size) {
        return []
      }
      return prisma.scopeData.findMany({
        where: { id: { in: [...granted] }, resourceCode, isDeleted: 0 },
      })
    },

    /** The user's depts and every dept below them (by `ancestors`), within the user's tenant. */
    async deptsWithChildren(tenantId: string, deptIds: readonly bigint[]): Promise<bigint[]> {
      if (!deptIds.length) {
        return []
      }
      const below = await prisma.dept.findMany({
        where: {
          tenantId,
          isDeleted: 0,
          OR: deptIds.map((d) => ({ ancestors: { contains: String(d) } })),
        },
        select: { id: true, ancestors: true },
      })
      const wanted = new Set(deptIds.map(String))
      const out = new Set(deptIds)
      for (const d of below) {
        // `contains` is a prefilter: only a whole element of the ancestors list counts.
        if (d.ancestors.split(',').some((a) => wanted.has(a.trim()))) {
          out.add(d.id)
        }
      }
      return [...out]
    },

    clear(): void {
      codeCache.clear()
      roleScopeCache.clear()
      menusCache = null
      apiScopesCache = null
    },
  }
  return rules
}
export type TAccessRules = ReturnType<typeof createAccessRules>

import { nextId, type PrismaClient, type Role } from '@ysjs/db'
import {
  Msg,
  ROLE_ADMIN,
  ROLE_ADMINISTRATOR,
  RoleMsg,
  ScopeCategory,
  type TRoleSubmit,
  type ZRoleGrantSchema,
} from '@ysjs/shared'
import type { z } from 'zod'
import type { TAccessRules } from '../../lib/access-rules.ts'
import type { TCacheRegistry } from '../../lib/caches.ts'
import { isPlatformAdmin, isTenantAdministrator, type TCtx } from '../../lib/context.ts'
import { AppError } from '../../lib/errors.ts'
import { escapeLike } from '../../lib/filters.ts'
import { namesByKey } from '../../lib/names.ts'
import { lockForRemoval, lockReferenced } from '../../lib/row-locks.ts'
import { callerDb } from '../../lib/tenancy.ts'
import { buildTree, type TTreeNode, withDescendants } from '../../lib/tree.ts'
import { changedRoles, planRoleMenus } from './grant-plan.ts'

type TGrant = z.output<typeof ZRoleGrantSchema>
export type TRoleFilters = { roleName?: string; roleAlias?: string; tenantId?: string }
type TRoleVo = Role & { parentName: string }
export type TTreeNodeOut = { id: bigint; parentId: bigint; title: string; key: string; value: string }

/**
 * Roles (contract 6.1, 7.1). Tenant admins see and change only their tenant's roles; `administrator`
 * of tenant 000000 every tenant's (decision 003). Only `administrator` sees or touches the
 * `administrator` role.
 */
export const createRoleService = (deps: {
  prisma: PrismaClient
  rules: TAccessRules
  caches: TCacheRegistry
}) => {
  const { prisma, rules, caches } = deps
  const db = (ctx: TCtx) => callerDb(prisma, ctx)

  const hidden = (ctx: TCtx, role: Pick<Role, 'roleAlias'>) =>
    role.roleAlias === ROLE_ADMINISTRATOR && !isTenantAdministrator(ctx.user)

  const visibleRoles = async (ctx: TCtx, where: object = {}): Promise<Role[]> => {
    const rows = await db(ctx).role.findMany({
      where: { isDeleted: 0, ...where },
      orderBy: [{ sort: 'asc' }, { id: 'asc' }],
    })
    return rows.filter((r) => !hidden(ctx, r))
  }

  const findVisible = async (ctx: TCtx, id: bigint): Promise<Role> => {
    const row = await db(ctx).role.findFirst({ where: { id, isDeleted: 0 } })
    if (!row || hidden(ctx, row)) {
      throw AppError.notFound()
    }
    return row
  }

  const withParentNames = async (rows: Role[]): Promise<TRoleVo[]> => {
    const names = await namesByKey(
      rows.map((r) => r.parentId).filter((p) => p !== 0n),
      (ids) => prisma.role.findMany({ where: { id: { in: ids } }, select: { id: true, roleName: true } }),
      (p) => [p.id, p.roleName],
    )
    return rows.map((r) => ({ ...r, parentName: names.get(r.parentId) ?? '' }))
  }

  const toTreeNodes = (rows: Role[]): TTreeNode<TTreeNodeOut>[] =>
    buildTree(
      rows.map((r) => ({
        id: r.id,
        parentId: r.parentId,
        title: r.roleName,
        key: String(r.id),
        value: String(r.id),
      })),
    )

  /** Ids of a role and everything below it (to refuse a parent that would make a cycle). */
  const subtreeIds = async (rootId: bigint): Promise<Set<bigint>> => {
    const all = await prisma.role.findMany({ where: { isDeleted: 0 }, select: { id: true, parentId: true } })
    return withDescendants(all, rootId)
  }

  const usersHolding = async (
    tx: Pick<PrismaClient, '$queryRaw'>,
    roleIds: readonly bigint[],
  ): Promise<number> => {
    if (!roleIds.length) {
      return 0
    }
    const rows = await tx.$queryRaw<{ n: bigint }[]>`
      SELECT count(*) AS n FROM blade_user
      WHERE is_deleted = 0
        AND string_to_array(replace(role_id, ' ', ''), ',') && ${roleIds.map(String)}::text[]`
    return Number(rows[0]?.n ?? 0)
  }

  const service = {
    async list(ctx: TCtx, filters: TRoleFilters): Promise<TTreeNode<TRoleVo>[]> {
      const where: Record<string, unknown> = {}
      for (const key of ['roleName', 'roleAlias'] as const) {
        const v = filters[key]?.trim()
        if (v) {
          where[key] = { contains: escapeLike(v), mode: 'insensitive' }
        }
      }
      const tenant = filters.tenantId?.trim()
      if (tenant) {
        where.tenantId = tenant
      }
      return buildTree(await withParentNames(await visibleRoles(ctx, where)))
    },

    async detail(ctx: TCtx, id: bigint): Promise<TRoleVo> {
      return (await withParentNames([await findVisible(ctx, id)]))[0]!
    },

    /** Role tree of a tenant: the caller's, or any for `administrator` of 000000. */
    async tree(ctx: TCtx, tenantId?: string): Promise<TTreeNode<TTreeNodeOut>[]> {
      const tenant = isPlatformAdmin(ctx.user) && tenantId ? tenantId : ctx.tenantId
      return toTreeNodes(await visibleRoles(ctx, { tenantId: tenant }))
    },

    async treeById(ctx: TCtx, roleId: bigint): Promise<TTreeNode<TTreeNodeOut>[]> {
      const role = await findVisible(ctx, roleId)
      return toTreeNodes(await visibleRoles(ctx, { tenantId: role.tenantId }))
    },

    async submit(ctx: TCtx, input: TRoleSubmit): Promise<void> {
      if (input.roleAlias === ROLE_ADMINISTRATOR && !isTenantAdministrator(ctx.user)) {
        throw AppError.badRequest(RoleMsg.NO_CREATE_ADMINISTRATOR)
      }
      const existing = input.id ? await findVisible(ctx, BigInt(input.id)) : null
      let tenantId = existing?.tenantId ?? ctx.tenantId
      let parentId = 0n
      if (input.parentId && input.parentId !== '0') {
        const parent = await db(ctx)
          .role.findFirst({ where: { id: BigInt(input.parentId), isDeleted: 0 } })
          .then((p) => (p && !hidden(ctx, p) ? p : null))
        if (!parent) {
          throw AppError.badRequest(RoleMsg.PARENT_MISSING)
        }
        if (existing && (await subtreeIds(existing.id)).has(parent.id)) {
          throw AppError.badRequest(RoleMsg.PARENT_SELF)
        }
        // A role stays in its tenant: the parent must be a role of the same tenant (a new role takes
        // its parent's tenant, which only the platform administrator can name another of).
        if (existing && parent.tenantId !== existing.tenantId) {
          throw AppError.badRequest(RoleMsg.PARENT_OTHER_TENANT)
        }
        parentId = parent.id
        tenantId = parent.tenantId
      }
      const clash = await prisma.role.findFirst({
        where: {
          tenantId,
          roleAlias: input.roleAlias,
          isDeleted: 0,
          ...(existing ? { NOT: { id: existing.id } } : {}),
        },
        select: { id: true },
      })
      if (clash) {
        throw AppError.badRequest(RoleMsg.ALIAS_EXISTS)
      }
      const data = {
        parentId,
        roleName: input.roleName,
        roleAlias: input.roleAlias,
        sort: input.sort,
        tenantId,
      }
      // The parent is held (FOR SHARE) until the write commits: a removal of it meanwhile waits, then
      // counts this child and refuses; a removal that came first leaves no parent, refused here.
      await prisma.$transaction(async (tx) => {
        if (parentId !== 0n && !(await lockReferenced(tx, 'blade_role', parentId))) {
          throw AppError.badRequest(RoleMsg.PARENT_MISSING)
        }
        if (existing) {
          await tx.role.update({ where: { id: existing.id }, data })
        } else {
          await tx.role.create({ data: { ...data, id: nextId() } })
        }
      })
      caches.clearAll()
    },

    async remove(ctx: TCtx, ids: bigint[]): Promise<void> {
      const roles = await db(ctx).role.findMany({ where: { id: { in: ids }, isDeleted: 0 } })
      const visible = roles.filter((r) => !hidden(ctx, r))
      if (visible.length !== roles.length) {
        throw AppError.forbidden()
      }
      const targets = visible.map((r) => r.id)
      // Locked before counting (decision 030): a child added or a user given the role meanwhile holds
      // the role FOR SHARE, so either it is counted here or it finds the role gone.
      await prisma.$transaction(async (tx) => {
        await lockForRemoval(tx, 'blade_role', targets)
        const children = await tx.role.count({
          where: { parentId: { in: targets }, isDeleted: 0, NOT: { id: { in: targets } } },
        })
        if (children > 0) {
          throw AppError.badRequest(Msg.HAS_CHILDREN)
        }
        if ((await usersHolding(tx, targets)) > 0) {
          throw AppError.badRequest(RoleMsg.HAS_USERS)
        }
        await tx.role.updateMany({ where: { id: { in: targets } }, data: { isDeleted: 1 } })
      })
      caches.clearAll()
    },

    /** What the caller may hand out: everything for `administrator` of 000000, else their own menus. */
    async grantable(ctx: TCtx): Promise<{ all: boolean; menuIds: Set<bigint> }> {
      const user = ctx.user!
      if (isPlatformAdmin(user)) {
        return { all: true, menuIds: new Set() }
      }
      return {
        all: false,
        menuIds: await rules.menuIdsOf({
          administrator: isTenantAdministrator(user),
          roleIds: user.roleIds,
          tenantId: user.tenantId,
        }),
      }
    },

    /**
     * Checks a grant and resolves its ids to live rows (unknown ids are dropped, as half-checked tree
     * keys may name anything); refuses roles the caller may not configure and menus or scopes beyond
     * the caller's own.
     */
    async resolveGrant(ctx: TCtx, grant: TGrant) {
      const roleIds = [...new Set(grant.roleIds.map(BigInt))]
      const roles = await db(ctx).role.findMany({ where: { id: { in: roleIds }, isDeleted: 0 } })
      if (roles.length !== roleIds.length) {
        throw AppError.notFound()
      }
      const user = ctx.user!
      if (roles.some((r) => r.roleAlias === ROLE_ADMINISTRATOR) && !isTenantAdministrator(user)) {
        throw AppError.badRequest(RoleMsg.NO_GRANT_ADMINISTRATOR)
      }
      if (
        roles.some((r) => r.roleAlias === ROLE_ADMIN) &&
        !user.roles.some((a) => a === ROLE_ADMIN || a === ROLE_ADMINISTRATOR)
      ) {
        throw AppError.badRequest(RoleMsg.NO_GRANT_ADMIN)
      }
      const menus = await prisma.menu.findMany({
        where: { id: { in: grant.menuIds.map(BigInt) }, isDeleted: 0 },
        select: { id: true },
      })
      const dataScopes = await prisma.scopeData.findMany({
        where: { id: { in: grant.dataScopeIds.map(BigInt) }, isDeleted: 0 },
        select: { id: true, menuId: true },
      })
      const apiScopes = await prisma.scopeApi.findMany({
        where: { id: { in: grant.apiScopeIds.map(BigInt) }, isDeleted: 0 },
        select: { id: true, menuId: true },
      })
      const can = await service.grantable(ctx)
      if (!can.all) {
        const beyond =
          menus.some((m) => !can.menuIds.has(m.id)) ||
          [...dataScopes, ...apiScopes].some((s) => s.menuId === null || !can.menuIds.has(s.menuId))
        if (beyond) {
          throw AppError.badRequest(RoleMsg.NOT_GRANTABLE)
        }
      }
      return {
        roles,
        roleIds,
        menuIds: menus.map((m) => m.id),
        dataScopeIds: dataScopes.map((s) => s.id),
        apiScopeIds: apiScopes.map((s) => s.id),
      }
    },

    /** The role tree's menus after a grant: the granted roles and every role below them. */
    async planGrant(roleIds: readonly bigint[], menuIds: readonly bigint[]) {
      const tenants = await prisma.role.findMany({
        where: { id: { in: [...roleIds] } },
        select: { tenantId: true },
      })
      const roles = await prisma.role.findMany({
        where: { isDeleted: 0, tenantId: { in: [...new Set(tenants.map((t) => t.tenantId))] } },
        select: { id: true, parentId: true },
      })
      const current = await rules.roleMenus(roles.map((r) => r.id))
      const next = planRoleMenus({ roles, current, roleIds, menuIds })
      return { current, next, changed: changedRoles(current, next) }
    },

    async grant(ctx: TCtx, input: TGrant): Promise<void> {
      const g = await service.resolveGrant(ctx, input)
      const plan = await service.planGrant(g.roleIds, g.menuIds)
      const pruned = plan.changed.filter((id) => !g.roleIds.includes(id))
      await prisma.$transaction(async (tx) => {
        const rewrite = [...g.roleIds, ...pruned]
        await tx.roleMenu.deleteMany({ where: { roleId: { in: rewrite } } })
        const rows = rewrite.flatMap((roleId) =>
          [...(plan.next.get(roleId) ?? [])].map((menuId) => ({ id: nextId(), roleId, menuId })),
        )
        if (rows.length) {
          await tx.roleMenu.createMany({ data: rows })
        }
        for (const [category, ids] of [
          [ScopeCategory.DATA, g.dataScopeIds],
          [ScopeCategory.API, g.apiScopeIds],
        ] as const) {
          await tx.roleScope.deleteMany({ where: { roleId: { in: g.roleIds }, scopeCategory: category } })
          const scopeRows = g.roleIds.flatMap((roleId) =>
            ids.map((scopeId) => ({ id: nextId(), roleId, scopeId, scopeCategory: category })),
          )
          if (scopeRows.length) {
            await tx.roleScope.createMany({ data: scopeRows })
          }
        }
      })
      caches.clearAll()
    },

    /** The keys the grant dialog starts from (menu/role-tree-keys). */
    async grantedKeys(ctx: TCtx, roleIds: bigint[]) {
      const roles = (await db(ctx).role.findMany({ where: { id: { in: roleIds }, isDeleted: 0 } })).filter(
        (r) => !hidden(ctx, r),
      )
      const ids = roles.map((r) => r.id)
      if (!ids.length) {
        return { menu: [], dataScope: [], apiScope: [] }
      }
      const [menus, scopes] = await Promise.all([
        prisma.roleMenu.findMany({ where: { roleId: { in: ids } }, select: { menuId: true } }),
        prisma.roleScope.findMany({
          where: { roleId: { in: ids } },
          select: { scopeId: true, scopeCategory: true },
        }),
      ])
      const uniq = (list: bigint[]) => [...new Set(list)]
      return {
        menu: uniq(menus.map((m) => m.menuId)),
        dataScope: uniq(scopes.filter((s) => s.scopeCategory === ScopeCategory.DATA).map((s) => s.scopeId)),
        apiScope: uniq(scopes.filter((s) => s.scopeCategory === ScopeCategory.API).map((s) => s.scopeId)),
      }
    },
  }
  return service
}
export type TRoleService = ReturnType<typeof createRoleService>

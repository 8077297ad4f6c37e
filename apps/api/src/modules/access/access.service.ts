import type { Menu, PrismaClient, User } from '@ysjs/db'
import {
  AccessMsg,
  DATA_SCOPE_TYPE_NAMES,
  DEFAULT_TENANT_ID,
  formatDateTime,
  ROLE_ADMINISTRATOR,
  ScopeCategory,
  type TAccessStep,
  type ZAccessExplainQuerySchema,
  type ZAccessPreviewSchema,
} from '@ysjs/shared'
import type { z } from 'zod'
import { effectiveMenuIds, type TAccessRules } from '../../lib/access-rules.ts'
import { isPlatformAdmin, type TAuthUser, type TCtx } from '../../lib/context.ts'
import { AppError } from '../../lib/errors.ts'
import { splitIds } from '../../lib/tree.ts'
import type { TAccess } from '../../plugins/access.ts'
import type { TRoleService } from '../role/role.service.ts'

type TPreviewRequest = z.output<typeof ZAccessPreviewSchema>
type TExplainQuery = z.output<typeof ZAccessExplainQuerySchema>
type TRouteInfo = { method: string; url: string; access: TAccess }
type TStep = { step: TAccessStep; result: 'pass' | 'fail' | 'info' | 'skip'; detail: string }

const PREVIEW_USER_LIMIT = 200

/**
 * What a change of grants does (preview) and why a user may or may not reach something (explainer).
 * Both compute from the access rules the server enforces (`lib/access-rules.ts`) and, for role grants,
 * the same plan the grant writes (`role/grant-plan.ts`).
 */
export const createAccessService = (deps: {
  prisma: PrismaClient
  rules: TAccessRules
  roles: TRoleService
  /** The route a method and path resolve to (to explain an endpoint). */
  findRoute: (method: string, path: string) => TRouteInfo | null
  hasPermission: (user: TAuthUser, codes: string | readonly string[]) => Promise<boolean>
}) => {
  const { prisma, rules, roles } = deps

  const menuIndex = async () => {
    const menus = await prisma.menu.findMany({
      where: { isDeleted: 0 },
      orderBy: [{ sort: 'asc' }, { id: 'asc' }],
    })
    return new Map(menus.map((m) => [m.id, m]))
  }
  const refs = (ids: Iterable<bigint>, index: Map<bigint, Menu>) =>
    [...ids]
      .map((id) => index.get(id))
      .filter((m): m is Menu => !!m)
      .map((m) => ({
        id: m.id,
        code: m.code,
        name: m.name,
        category: m.category,
        parentName: m.parentId === 0n ? '' : (index.get(m.parentId)?.name ?? ''),
      }))
  const diff = (before: ReadonlySet<bigint>, after: ReadonlySet<bigint>) => ({
    gained: [...after].filter((id) => !before.has(id)),
    lost: [...before].filter((id) => !after.has(id)),
  })

  /** Live roles (id, alias, tenant) of these users, by id. */
  const roleInfo = async (ids: bigint[]) => {
    const rows = ids.length
      ? await prisma.role.findMany({
          where: { id: { in: ids }, isDeleted: 0 },
          select: { id: true, roleAlias: true, roleName: true, tenantId: true },
        })
      : []
    return new Map(rows.map((r) => [r.id, r]))
  }

  /**
   * For each user, their effective menus with the role menus and role lists before and after. The
   * users' own roles count only when they are live roles of the user's tenant (as at login).
   */
  const userChanges = async (
    users: User[],
    opts: {
      rolesAfter?: (user: User) => bigint[]
      roleMenusAfter?: ReadonlyMap<bigint, ReadonlySet<bigint>>
      packageAfter?: (tenantId: string) => Set<bigint> | null | undefined
    },
  ) => {
    const allMenuIds = [...(await menuIndex()).keys()]
    const roleIdsOf = (u: User) => splitIds(u.roleId)
    const involved = [...new Set(users.flatMap((u) => [...roleIdsOf(u), ...(opts.rolesAfter?.(u) ?? [])]))]
    const info = await roleInfo(involved)
    const current = await rules.roleMenus(involved)
    const packages = new Map<string, Set<bigint> | null>()
    const packageOf = async (tenantId: string) => {
      if (!packages.has(tenantId)) {
        packages.set(tenantId, await rules.packageMenus(tenantId))
      }
      return packages.get(tenantId) ?? null
    }
    const effective = (
      u: User,
      roleIds: bigint[],
      menus: ReadonlyMap<bigint, ReadonlySet<bigint>>,
      pkg: Set<bigint> | null,
    ) => {
      const own = roleIds.filter((id) => info.get(id)?.tenantId === u.tenantId)
      return effectiveMenuIds({
        administrator: own.some((id) => info.get(id)?.roleAlias === ROLE_ADMINISTRATOR),
        allMenuIds,
        roleMenuIds: own.flatMap((id) => [...(menus.get(id) ?? [])]),
        packageMenuIds: pkg,
      })
    }
    const menusAfter = new Map(current)
    for (const [id, set] of opts.roleMenusAfter ?? []) {
      menusAfter.set(id, new Set(set))
    }
    const out: { user: User; gained: bigint[]; lost: bigint[] }[] = []
    for (const u of users) {
      const pkgBefore = await packageOf(u.tenantId)
      const pkgAfterRaw = opts.packageAfter?.(u.tenantId)
      const pkgAfter = pkgAfterRaw === undefined ? pkgBefore : pkgAfterRaw
      const before = effective(u, roleIdsOf(u), current, pkgBefore)
      const after = effective(u, opts.rolesAfter?.(u) ?? roleIdsOf(u), menusAfter, pkgAfter)
      const d = diff(before, after)
      if (d.gained.length || d.lost.length) {
        out.push({ user: u, ...d })
      }
    }
    return out
  }

  const usersHoldingAny = async (roleIds: bigint[]): Promise<User[]> => {
    if (!roleIds.length) {
      return []
    }
    const ids = await prisma.$queryRaw<{ id: bigint }[]>`
      SELECT id FROM blade_user
      WHERE is_deleted = 0
        AND string_to_array(replace(role_id, ' ', ''), ',') && ${roleIds.map(String)}::text[]`
    return ids.length
      ? prisma.user.findMany({ where: { id: { in: ids.map((r) => r.id) } }, orderBy: { id: 'asc' } })
      : []
  }

  const answer = async (
    reached: number,
    changes: Awaited<ReturnType<typeof userChanges>>,
    roleRows: {
      roleId: bigint
      roleName: string
      gained: bigint[]
      lost: bigint[]
      scopesGained: { id: bigint; name: string; kind: 'data' | 'api' }[]
      scopesLost: { id: bigint; name: string; kind: 'data' | 'api' }[]
    }[],
  ) => {
    const index = await menuIndex()
    return {
      users: changes.slice(0, PREVIEW_USER_LIMIT).map((c) => ({
        userId: c.user.id,
        account: c.user.account,
        realName: c.user.realName ?? c.user.name ?? '',
        tenantId: c.user.tenantId,
        gained: refs(c.gained, index),
        lost: refs(c.lost, index),
      })),
      reached,
      changed: changes.length,
      truncated: changes.length > PREVIEW_USER_LIMIT,
      roles: roleRows.map((r) => ({ ...r, gained: refs(r.gained, index), lost: refs(r.lost, index) })),
    }
  }

  const scopeNames = async (ids: bigint[], kind: 'data' | 'api') => {
    const rows =
      kind === 'data'
        ? await prisma.scopeData.findMany({
            where: { id: { in: ids } },
            select: { id: true, scopeName: true },
          })
        : await prisma.scopeApi.findMany({
            where: { id: { in: ids } },
            select: { id: true, scopeName: true },
          })
    return new Map(rows.map((r) => [r.id, r.scopeName ?? '']))
  }

  const previewRoleGrant = async (ctx: TCtx, req: Extract<TPreviewRequest, { kind: 'roleGrant' }>) => {
    const g = await roles.resolveGrant(ctx, req)
    const plan = await roles.planGrant(g.roleIds, g.menuIds)
    const touched = [...new Set([...g.roleIds, ...plan.changed])]
    const users = await usersHoldingAny(touched)
    const changes = await userChanges(users, { roleMenusAfter: plan.next })
    const names = await roleInfo(touched)
    const scopeRows = await prisma.roleScope.findMany({ where: { roleId: { in: g.roleIds } } })
    const dataNames = await scopeNames([...scopeRows.map((s) => s.scopeId), ...g.dataScopeIds], 'data')
    const apiNames = await scopeNames([...scopeRows.map((s) => s.scopeId), ...g.apiScopeIds], 'api')
    const roleRows = touched.map((roleId) => {
      const menus = diff(plan.current.get(roleId) ?? new Set(), plan.next.get(roleId) ?? new Set())
      const scopesGained: { id: bigint; name: string; kind: 'data' | 'api' }[] = []
      const scopesLost: typeof scopesGained = []
      if (g.roleIds.includes(roleId)) {
        for (const [kind, category, wanted, namesOf] of [
          ['data', ScopeCategory.DATA, g.dataScopeIds, dataNames],
          ['api', ScopeCategory.API, g.apiScopeIds, apiNames],
        ] as const) {
          const had = new Set(
            scopeRows
              .filter((s) => s.roleId === roleId && s.scopeCategory === category)
              .map((s) => s.scopeId),
          )
          const d = diff(had, new Set(wanted))
          scopesGained.push(...d.gained.map((id) => ({ id, name: namesOf.get(id) ?? '', kind })))
          scopesLost.push(...d.lost.map((id) => ({ id, name: namesOf.get(id) ?? '', kind })))
        }
      }
      return { roleId, roleName: names.get(roleId)?.roleName ?? '', ...menus, scopesGained, scopesLost }
    })
    return answer(
      users.length,
      changes,
      roleRows.filter(
        (r) => r.gained.length || r.lost.length || r.scopesGained.length || r.scopesLost.length,
      ),
    )
  }

  const previewPackage = async (ctx: TCtx, req: Extract<TPreviewRequest, { kind: 'package' }>) => {
    if (!isPlatformAdmin(ctx.user)) {
      throw AppError.forbidden()
    }
    if (!req.packageId) {
      return answer(0, [], [])
    }
    const packageId = BigInt(req.packageId)
    const pkg = await prisma.tenantPackage.findFirst({ where: { id: packageId, isDeleted: 0 } })
    if (!pkg) {
      throw AppError.badRequest(AccessMsg.PACKAGE_MISSING)
    }
    const tenants = await prisma.tenant.findMany({
      where: { packageId, isDeleted: 0, NOT: { tenantId: DEFAULT_TENANT_ID } },
      select: { tenantId: true },
    })
    const tenantIds = new Set(tenants.map((t) => t.tenantId))
    const users = await prisma.user.findMany({
      where: { isDeleted: 0, tenantId: { in: [...tenantIds] } },
      orderBy: { id: 'asc' },
    })
    const after = new Set(req.menuIds.map(BigInt))
    const changes = await userChanges(users, {
      packageAfter: (tenantId) => (tenantIds.has(tenantId) ? after : undefined),
    })
    return answer(users.length, changes, [])
  }

  const previewUserRoles = async (ctx: TCtx, req: Extract<TPreviewRequest, { kind: 'userRoles' }>) => {
    const users = await prisma.user.findMany({
      where: {
        id: { in: req.userIds.map(BigInt) },
        isDeleted: 0,
        ...(isPlatformAdmin(ctx.user) ? {} : { tenantId: ctx.tenantId }),
      },
      orderBy: { id: 'asc' },
    })
    if (users.length !== new Set(req.userIds).size) {
      throw AppError.badRequest(AccessMsg.USER_MISSING)
    }
    const wanted = req.roleIds.map(BigInt)
    const changes = await userChanges(users, { rolesAfter: () => wanted })
    return answer(users.length, changes, [])
  }

  /** The user as the access check would see them after logging in (live roles of their tenant). */
  const subjectOf = async (u: User): Promise<{ auth: TAuthUser; roleNames: string[] }> => {
    const info = await roleInfo(splitIds(u.roleId))
    const own = [...info.values()].filter((r) => r.tenantId === u.tenantId)
    return {
      auth: {
        userId: u.id,
        tenantId: u.tenantId,
        account: u.account,
        userName: u.account,
        nickName: u.name ?? '',
        realName: u.realName ?? '',
        roleIds: own.map((r) => r.id),
        roles: own.map((r) => r.roleAlias),
        deptIds: splitIds(u.deptId),
        postIds: splitIds(u.postId),
        clientId: '',
        oauthId: '',
        jti: '',
      },
      roleNames: own.map((r) => `${r.roleName}(${r.roleAlias})`),
    }
  }

  const explain = async (ctx: TCtx, q: TExplainQuery) => {
    const user = await prisma.user.findFirst({
      where: {
        ...(q.userId ? { id: BigInt(q.userId) } : { account: q.account, tenantId: ctx.tenantId }),
        isDeleted: 0,
        ...(isPlatformAdmin(ctx.user) ? {} : { tenantId: ctx.tenantId }),
      },
    })
    if (!user) {
      throw AppError.badRequest(AccessMsg.USER_MISSING)
    }
    const steps: TStep[] = []
    const { auth, roleNames } = await subjectOf(user)
    const administrator = auth.roles.includes(ROLE_ADMINISTRATOR)
    steps.push(
      user.status === 1
        ? { step: 'user', result: 'pass', detail: `账号 ${user.account} 状态正常` }
        : {
            step: 'user',
            result: 'fail',
            detail: `账号 ${user.account} 未审核或已停用 (status=${user.status})`,
          },
    )
    const tenant = await prisma.tenant.findFirst({ where: { tenantId: user.tenantId, isDeleted: 0 } })
    steps.push(
      tenant
        ? { step: 'tenant', result: 'pass', detail: `租户 ${tenant.tenantId} ${tenant.tenantName}` }
        : { step: 'tenant', result: 'fail', detail: `租户 ${user.tenantId} 不存在或已删除` },
    )
    if (tenant?.expireTime && tenant.tenantId !== DEFAULT_TENANT_ID) {
      const expired = tenant.expireTime.getTime() < Date.now()
      steps.push({
        step: 'expiry',
        result: expired ? 'fail' : 'pass',
        detail: `${expired ? '租户授权已于' : '租户授权到期时间'} ${formatDateTime(tenant.expireTime)}${expired ? ' 过期' : ''}`,
      })
    } else {
      steps.push({ step: 'expiry', result: 'pass', detail: '租户授权长期有效' })
    }

    // What the target needs: menu/button codes (and, for an endpoint, its declared access).
    let kind: 'menu' | 'button' | 'endpoint' | 'unknown' = 'unknown'
    let codes: string[] = []
    let neededRoles: readonly string[] | null = null
    let path: string | null = null
    if (q.target.startsWith('/')) {
      path = q.target.split('?')[0]!
      const route = deps.findRoute(q.method, path)
      if (!route) {
        steps.push({ step: 'endpoint', result: 'fail', detail: `接口 ${q.method} ${path} 不存在` })
      } else {
        kind = 'endpoint'
        const access = route.access
        if (access === 'public' || access === 'authenticated') {
          steps.push({
            step: 'endpoint',
            result: 'pass',
            detail: access === 'public' ? '公开接口, 无需登录' : '登录即可访问的接口',
          })
        } else if ('role' in access) {
          neededRoles = access.role
          const ok = access.role.some((r) => auth.roles.includes(r))
          steps.push({
            step: 'endpoint',
            result: ok ? 'pass' : 'fail',
            detail: `接口要求角色 ${access.role.join(' / ')}${ok ? '' : ', 用户的角色均不符合'}`,
          })
        } else {
          codes = typeof access.permission === 'string' ? [access.permission] : [...access.permission]
          steps.push({ step: 'endpoint', result: 'info', detail: `接口要求权限 ${codes.join(' 或 ')}` })
        }
      }
    } else {
      const menu = await prisma.menu.findFirst({ where: { code: q.target, isDeleted: 0 } })
      if (menu) {
        kind = menu.category === 2 ? 'button' : 'menu'
        codes = [menu.code]
      } else {
        steps.push({ step: 'role', result: 'fail', detail: `菜单或按钮编号 ${q.target} 不存在` })
      }
    }

    if (codes.length) {
      const menus = await prisma.menu.findMany({ where: { code: { in: codes }, isDeleted: 0 } })
      const pkg = administrator ? null : await rules.packageMenus(user.tenantId)
      if (administrator) {
        steps.push({ step: 'package', result: 'skip', detail: '超级管理员不受产品包限制' })
      } else if (!pkg) {
        steps.push({ step: 'package', result: 'pass', detail: '租户未设置产品包, 不限制菜单' })
      } else {
        const inPkg = menus.filter((m) => pkg.has(m.id))
        steps.push({
          step: 'package',
          result: inPkg.length ? 'pass' : 'fail',
          detail: inPkg.length
            ? `租户产品包包含 ${inPkg.map((m) => m.code).join(', ')}`
            : `租户产品包不包含 ${codes.join(', ')}`,
        })
      }
      if (administrator) {
        steps.push({ step: 'role', result: 'pass', detail: '超级管理员 (administrator) 拥有全部权限' })
      } else {
        const byRole = await rules.roleMenus(auth.roleIds)
        const info = await roleInfo(auth.roleIds)
        const granting = [...byRole.entries()]
          .filter(([, set]) => menus.some((m) => set.has(m.id)))
          .map(([id]) => info.get(id))
          .filter((r) => !!r)
        steps.push(
          granting.length
            ? {
                step: 'role',
                result: 'pass',
                detail: `角色 ${granting.map((r) => `${r.roleName}(${r.roleAlias})`).join(', ')} 授予 ${codes.join(' / ')}`,
              }
            : {
                step: 'role',
                result: 'fail',
                detail: `用户的角色 ${roleNames.join(', ') || '(无)'} 均未获授权 ${codes.join(' / ')}`,
              },
        )
      }
      // The final word on the permission is the check every route uses.
      const allowedByCheck = await deps.hasPermission(auth, codes)
      if (!allowedByCheck && !steps.some((s) => s.result === 'fail')) {
        steps.push({ step: 'role', result: 'fail', detail: `权限检查未通过 ${codes.join(' / ')}` })
      }
    } else if (neededRoles === null && kind === 'endpoint') {
      steps.push({ step: 'role', result: 'skip', detail: '接口不要求菜单或按钮权限' })
    }

    if (path && kind === 'endpoint') {
      const d = await rules.apiDecision(auth, path)
      const names = (list: typeof d.covering) => list.map((s) => `${s.scopeName} (${s.scopePath})`).join(', ')
      steps.push(
        !d.covering.length
          ? { step: 'apiScope', result: 'pass', detail: '没有接口权限覆盖该接口' }
          : administrator
            ? { step: 'apiScope', result: 'skip', detail: `超级管理员不受接口权限限制: ${names(d.covering)}` }
            : d.allowed
              ? { step: 'apiScope', result: 'pass', detail: `用户的角色持有接口权限 ${names(d.held)}` }
              : {
                  step: 'apiScope',
                  result: 'fail',
                  detail: `接口被接口权限 ${names(d.covering)} 覆盖, 用户的角色未获授予`,
                },
      )
    }

    const resourceCode = kind === 'menu' ? codes[0] : kind === 'endpoint' ? codes[0] : undefined
    if (resourceCode) {
      const scopes = await rules.dataScopesOf(auth, resourceCode)
      steps.push(
        administrator
          ? { step: 'dataScope', result: 'info', detail: '超级管理员不受数据权限限制, 可见全部数据' }
          : scopes.length
            ? {
                step: 'dataScope',
                result: 'info',
                detail: `数据范围: ${scopes
                  .map((s) => `${s.scopeName} (${DATA_SCOPE_TYPE_NAMES[s.scopeType ?? 1] ?? s.scopeType})`)
                  .join(' 或 ')}`,
              }
            : {
                step: 'dataScope',
                result: 'info',
                detail: `资源 ${resourceCode} 未授予数据权限, 可见全部数据`,
              },
      )
    }
    return { allowed: !steps.some((s) => s.result === 'fail'), target: q.target, kind, steps }
  }

  return {
    async preview(ctx: TCtx, req: TPreviewRequest) {
      const user = ctx.user!
      const need = {
        roleGrant: 'role_grant',
        package: ['tenantpackage_add', 'tenantpackage_edit'],
        userRoles: 'user_role',
      }[req.kind]
      if (!(await deps.hasPermission(user, need))) {
        throw AppError.forbidden()
      }
      switch (req.kind) {
        case 'roleGrant':
          return previewRoleGrant(ctx, req)
        case 'package':
          return previewPackage(ctx, req)
        case 'userRoles':
          return previewUserRoles(ctx, req)
      }
    },
    explain,
  }
}
export type TAccessService = ReturnType<typeof createAccessService>

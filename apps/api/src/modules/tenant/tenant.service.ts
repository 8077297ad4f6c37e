import { randomInt } from 'node:crypto'
import { hashPassword, md5Hex, nextId, type Prisma, type PrismaClient } from '@ysjs/db'
import {
  DEFAULT_TENANT_ID,
  PLATFORM_ONLY_MENU_CODES,
  parseDateTime,
  TenantMsg,
  TenantStatus,
  type TPageQuery,
  type TTenantSetting,
  type TTenantSubmit,
  UNLIMITED_ACCOUNTS,
} from '@ysjs/shared'
import { isPlatformAdmin, type TCtx } from '../../lib/context.ts'
import { withAudit } from '../../lib/crud.ts'
import { AppError } from '../../lib/errors.ts'
import { type TFilterFields, whereFromFilters } from '../../lib/filters.ts'
import { orderByFrom, skipTake, toPage } from '../../lib/paging.ts'
import { lockReferenced } from '../../lib/row-locks.ts'
import { splitIds } from '../../lib/tree.ts'
import type { TTokenService } from '../auth/token.service.ts'
import type { TParamService } from '../param/param.service.ts'

const LIVE = { isDeleted: 0 } as const
const FILTERS: TFilterFields = {
  tenantId: 'string',
  tenantName: 'string',
  contactNumber: 'string?',
  linkman: 'string?',
  status: 'int',
}
const SORTABLE = ['tenantId', 'tenantName', 'accountNumber', 'expireTime', 'createTime'] as const

/** What a new tenant gets (contract 6.4). */
export const NEW_TENANT = {
  roleName: '管理员',
  roleAlias: 'admin',
  postCode: 'ceo',
  postName: '首席执行官',
  account: 'admin',
  userName: '管理员',
  /** When `tenant.default.password` is not set. */
  password: 'admin',
} as const

const ID_ATTEMPTS = 30

/** A random 6-digit tenant code (leading zeros allowed, as `000000` shows). */
export const randomTenantCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0')

/** Menu ids of the given codes and all their descendants (buttons included). */
export const menuSubtreeIds = (
  menus: readonly { id: bigint; parentId: bigint; code: string | null }[],
  codes: readonly string[],
): bigint[] => {
  const children = new Map<bigint, bigint[]>()
  for (const m of menus) {
    children.set(m.parentId, [...(children.get(m.parentId) ?? []), m.id])
  }
  const out = new Set<bigint>()
  const walk = (id: bigint) => {
    if (out.has(id)) {
      return
    }
    out.add(id)
    for (const child of children.get(id) ?? []) {
      walk(child)
    }
  }
  const wanted = new Set(codes)
  for (const m of menus) {
    if (m.code && wanted.has(m.code)) {
      walk(m.id)
    }
  }
  return [...out]
}

type TTx = Prisma.TransactionClient

export const createTenantService = (deps: {
  prisma: PrismaClient
  params: TParamService
  tokens: TTokenService
}) => {
  const { prisma, params, tokens } = deps

  /** Management calls of the platform's `HAS_ROLE_ADMINISTRATOR` (contract 7.1, SA). */
  const assertAdministrator = (ctx: TCtx) => {
    if (!isPlatformAdmin(ctx.user)) {
      throw AppError.forbidden()
    }
  }
  /** The management tenant sees every tenant; any other caller only its own (contract 6.4). */
  const visible = (ctx: TCtx) => (ctx.tenantId === DEFAULT_TENANT_ID ? {} : { tenantId: ctx.tenantId })
  const who = (ctx: TCtx) => ctx.user?.userId ?? null

  const enrich = async <T extends { tenantId: string; packageId: bigint | null }>(rows: T[]) => {
    const packageIds = [...new Set(rows.map((r) => r.packageId).filter((id): id is bigint => id !== null))]
    const [packages, counts] = await Promise.all([
      packageIds.length
        ? prisma.tenantPackage.findMany({
            where: { id: { in: packageIds }, ...LIVE },
            select: { id: true, packageName: true },
          })
        : [],
      rows.length
        ? prisma.user.groupBy({
            by: ['tenantId'],
            where: { tenantId: { in: rows.map((r) => r.tenantId) }, ...LIVE },
            _count: { _all: true },
          })
        : [],
    ])
    const names = new Map(packages.map((p) => [p.id, p.packageName]))
    const accounts = new Map(counts.map((c) => [c.tenantId, c._count._all]))
    return rows.map((r) => ({
      ...r,
      packageName: r.packageId === null ? null : (names.get(r.packageId) ?? null),
      accountCount: accounts.get(r.tenantId) ?? 0,
    }))
  }

  const assertDomainFree = async (domain: string | undefined, exceptId?: bigint) => {
    if (!domain) {
      return
    }
    const clash = await prisma.tenant.findFirst({
      where: { domain, ...LIVE, ...(exceptId ? { NOT: { id: exceptId } } : {}) },
      select: { id: true },
    })
    if (clash) {
      throw AppError.badRequest(TenantMsg.DOMAIN_TAKEN)
    }
  }

  const livePackage = async (packageId: string | undefined) => {
    if (!packageId) {
      return null
    }
    const pkg = await prisma.tenantPackage.findFirst({ where: { id: BigInt(packageId), ...LIVE } })
    if (!pkg) {
      throw AppError.badRequest(TenantMsg.PACKAGE_NOT_FOUND)
    }
    return pkg
  }

  /** Holds the package until the tenant's write commits (its removal counts tenants, decision 030). */
  const holdPackage = async (tx: TTx, pkg: { id: bigint } | null) => {
    if (pkg && !(await lockReferenced(tx, 'blade_tenant_package', pkg.id))) {
      throw AppError.badRequest(TenantMsg.PACKAGE_NOT_FOUND)
    }
  }

  const freeTenantCode = async (tx: TTx): Promise<string> => {
    for (let i = 0; i < ID_ATTEMPTS; i++) {
      const code = randomTenantCode()
      // Deleted tenants keep their code: it stays in old rows and logs, so it is never given again.
      const taken = await tx.tenant.findUnique({ where: { tenantId: code }, select: { id: true } })
      if (!taken) {
        return code
      }
    }
    throw AppError.badRequest(TenantMsg.ID_EXHAUSTED)
  }

  const defaultQuota = async (): Promise<number> => {
    const raw = (await params.value('tenant.default.accountNumber'))?.trim() ?? ''
    const n = Number(raw)
    return raw !== '' && Number.isInteger(n) && n >= UNLIMITED_ACCOUNTS && n <= 2_147_483_647
      ? n
      : UNLIMITED_ACCOUNTS
  }

  /** The new tenant's admin menus: its package's, else `tenant.default.menuCode` with descendants. */
  const adminMenuIds = async (pkgMenuCsv: string | null): Promise<bigint[]> => {
    const menus = await prisma.menu.findMany({
      where: LIVE,
      select: { id: true, parentId: true, code: true },
    })
    // Menus whose calls are the platform administrator's alone (e.g. 流程管理) would only lead a
    // tenant's admin to refusals.
    const platformOnly = new Set(menuSubtreeIds(menus, PLATFORM_ONLY_MENU_CODES))
    if (pkgMenuCsv !== null) {
      const live = new Set(menus.map((m) => m.id))
      return splitIds(pkgMenuCsv).filter((id) => live.has(id) && !platformOnly.has(id))
    }
    const codes = ((await params.value('tenant.default.menuCode')) ?? '')
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean)
    return menuSubtreeIds(menus, codes).filter((id) => !platformOnly.has(id))
  }

  /** Every top-level business dictionary tree of the management tenant, with new ids. */
  const copyDictionaries = async (tx: TTx, tenantId: string): Promise<number> => {
    const rows = await tx.dictBiz.findMany({
      where: { tenantId: DEFAULT_TENANT_ID, ...LIVE },
      orderBy: [{ parentId: 'asc' }, { sort: 'asc' }, { id: 'asc' }],
    })
    const children = new Map<bigint, typeof rows>()
    for (const r of rows) {
      children.set(r.parentId, [...(children.get(r.parentId) ?? []), r])
    }
    const copies: Prisma.DictBizCreateManyInput[] = []
    const walk = (parentId: bigint, newParentId: bigint) => {
      for (const r of children.get(parentId) ?? []) {
        const id = nextId()
        copies.push({ ...r, id, parentId: newParentId, tenantId })
        walk(r.id, id)
      }
    }
    walk(0n, 0n)
    if (copies.length) {
      await tx.dictBiz.createMany({ data: copies })
    }
    return copies.length
  }

  const tenantUsers = (tenantIds: string[]) =>
    prisma.user.findMany({ where: { tenantId: { in: tenantIds }, ...LIVE }, select: { id: true } })

  const revokeSessions = async (tenantIds: string[]) => {
    for (const u of await tenantUsers(tenantIds)) {
      await tokens.revokeUser(u.id)
    }
  }

  /** Rows named by `ids` that the caller may change, refusing the management tenant where it must not. */
  const targets = async (ids: bigint[], adminMessage?: string) => {
    const rows = await prisma.tenant.findMany({
      where: { id: { in: ids }, ...LIVE },
      select: { id: true, tenantId: true },
    })
    if (adminMessage && rows.some((r) => r.tenantId === DEFAULT_TENANT_ID)) {
      throw AppError.badRequest(adminMessage)
    }
    return rows
  }

  return {
    assertAdministrator,

    async page(ctx: TCtx, query: TPageQuery & Record<string, unknown>) {
      const where = { AND: [LIVE, visible(ctx), ...whereFromFilters(query, FILTERS)] }
      const requested = orderByFrom(query, SORTABLE)
      const orderBy = [
        ...(requested.length ? requested : [{ createTime: 'asc' as const }]),
        { id: 'asc' as const },
      ]
      const [records, total] = await Promise.all([
        prisma.tenant.findMany({ where, orderBy, ...skipTake(query) }),
        prisma.tenant.count({ where }),
      ])
      return toPage(await enrich(records), total, query, requested)
    },

    async detail(ctx: TCtx, id: bigint) {
      const row = await prisma.tenant.findFirst({ where: { id, ...LIVE, ...visible(ctx) } })
      if (!row) {
        throw AppError.notFound()
      }
      return (await enrich([row]))[0]!
    },

    /** A dropdown of the tenants the caller sees (Saber: label tenantName, value tenantId). */
    async select(ctx: TCtx) {
      return prisma.tenant.findMany({
        where: { ...LIVE, ...visible(ctx) },
        orderBy: [{ createTime: 'asc' }, { id: 'asc' }],
        select: { tenantId: true, tenantName: true },
      })
    },

    /**
     * A new tenant with everything it needs to be used at once, in one transaction (contract 6.4):
     * a random unused 6-digit code, the quota of `tenant.default.accountNumber`, an `admin` role with
     * the package's menus (or `tenant.default.menuCode` and descendants), a root dept named after the
     * tenant, post `ceo`, user `admin` (password `tenant.default.password`) and a copy of every
     * business dictionary of the management tenant.
     */
    async create(ctx: TCtx, input: TTenantSubmit): Promise<{ id: bigint; tenantId: string }> {
      assertAdministrator(ctx)
      await assertDomainFree(input.domain)
      const pkg = await livePackage(input.packageId)
      const [menuIds, accountNumber, plain] = await Promise.all([
        adminMenuIds(pkg?.menuId ?? null),
        defaultQuota(),
        params.value('tenant.default.password'),
      ])
      const password = await hashPassword(md5Hex(plain || NEW_TENANT.password))
      const now = new Date()
      const audit = { createUser: who(ctx), createDept: ctx.user?.deptIds[0] ?? null, createTime: now }
      return prisma.$transaction(async (tx) => {
        await holdPackage(tx, pkg)
        const tenantId = await freeTenantCode(tx)
        const id = nextId()
        await tx.tenant.create({
          data: {
            id,
            tenantId,
            tenantName: input.tenantName,
            linkman: input.linkman,
            contactNumber: input.contactNumber,
            address: input.address ?? null,
            domain: input.domain ?? null,
            backgroundUrl: input.backgroundUrl ?? null,
            packageId: pkg?.id ?? null,
            accountNumber,
            status: TenantStatus.NORMAL,
            ...audit,
          },
        })
        const roleId = nextId()
        await tx.role.create({
          data: {
            id: roleId,
            tenantId,
            parentId: 0n,
            roleName: NEW_TENANT.roleName,
            roleAlias: NEW_TENANT.roleAlias,
            sort: 1,
          },
        })
        if (menuIds.length) {
          await tx.roleMenu.createMany({ data: menuIds.map((menuId) => ({ id: nextId(), roleId, menuId })) })
        }
        const deptId = nextId()
        const deptName = input.tenantName.slice(0, 45)
        await tx.dept.create({
          data: { id: deptId, tenantId, parentId: 0n, ancestors: '0', deptName, fullName: deptName, sort: 1 },
        })
        const postId = nextId()
        await tx.post.create({
          data: {
            id: postId,
            tenantId,
            category: 1,
            postCode: NEW_TENANT.postCode,
            postName: NEW_TENANT.postName,
            sort: 1,
            ...audit,
          },
        })
        const userId = nextId()
        await tx.user.create({
          data: {
            id: userId,
            tenantId,
            account: NEW_TENANT.account,
            password,
            name: NEW_TENANT.userName,
            realName: NEW_TENANT.userName,
            roleId: String(roleId),
            deptId: String(deptId),
            postId: String(postId),
            ...audit,
          },
        })
        await tx.userDept.create({ data: { id: nextId(), userId, deptId } })
        const dictRows = await copyDictionaries(tx, tenantId)
        ctx.log.info({ tenantId, menus: menuIds.length, dictRows }, 'tenant created')
        return { id, tenantId }
      })
    },

    async update(ctx: TCtx, id: bigint, input: TTenantSubmit): Promise<void> {
      assertAdministrator(ctx)
      await assertDomainFree(input.domain, id)
      const pkg = await livePackage(input.packageId)
      const result = await prisma.$transaction(async (tx) => {
        await holdPackage(tx, pkg)
        return tx.tenant.updateMany({
          where: { id, ...LIVE },
          data: {
            tenantName: input.tenantName,
            linkman: input.linkman,
            contactNumber: input.contactNumber,
            address: input.address ?? null,
            domain: input.domain ?? null,
            backgroundUrl: input.backgroundUrl ?? null,
            ...(pkg ? { packageId: pkg.id } : {}),
            ...withAudit(ctx).updated,
          },
        })
      })
      if (result.count === 0) {
        throw AppError.notFound()
      }
    },

    /** Logical delete of tenants and their users; the management tenant stays (不可删除管理租户!). */
    async remove(ctx: TCtx, ids: bigint[]): Promise<void> {
      assertAdministrator(ctx)
      const rows = await targets(ids, TenantMsg.ADMIN_NOT_REMOVABLE)
      if (!rows.length) {
        return
      }
      const codes = rows.map((r) => r.tenantId)
      const users = await tenantUsers(codes)
      const data = { ...withAudit(ctx).deleted }
      await prisma.$transaction([
        prisma.tenant.updateMany({ where: { id: { in: rows.map((r) => r.id) }, ...LIVE }, data }),
        prisma.user.updateMany({ where: { tenantId: { in: codes }, ...LIVE }, data }),
      ])
      for (const u of users) {
        await tokens.revokeUser(u.id)
      }
    },

    /** Account quota (-1 unlimited) and expiry (none when empty) of the given tenants. */
    async setting(ctx: TCtx, ids: bigint[], input: TTenantSetting): Promise<void> {
      assertAdministrator(ctx)
      const expireTime = input.expireTime ? parseDateTime(input.expireTime) : null
      await prisma.tenant.updateMany({
        where: { id: { in: ids }, ...LIVE },
        data: {
          accountNumber: input.accountNumber,
          expireTime,
          ...withAudit(ctx).updated,
        },
      })
    },

    /** The tenant's data source; every tenant shares the one database today (decision 010c). */
    async datasource(ctx: TCtx, tenantId: string, datasourceId: bigint | null): Promise<void> {
      assertAdministrator(ctx)
      const result = await prisma.tenant.updateMany({
        where: { tenantId, ...LIVE },
        data: { datasourceId, ...withAudit(ctx).updated },
      })
      if (result.count === 0) {
        throw AppError.badRequest(TenantMsg.NOT_FOUND)
      }
    },

    /** The package of a tenant, by the tenant's row id (contract 7.1), or null when it has none. */
    async packageDetail(ctx: TCtx, id: bigint) {
      assertAdministrator(ctx)
      const tenant = await prisma.tenant.findFirst({ where: { id, ...LIVE }, select: { packageId: true } })
      if (!tenant) {
        throw AppError.badRequest(TenantMsg.NOT_FOUND)
      }
      return tenant.packageId
        ? prisma.tenantPackage.findFirst({ where: { id: tenant.packageId, ...LIVE } })
        : null
    },

    /** Points a tenant (by its code) at a package, or at none when `packageId` is empty. */
    async packageSetting(ctx: TCtx, tenantId: string, packageId: string | undefined): Promise<void> {
      assertAdministrator(ctx)
      const pkg = await livePackage(packageId)
      const result = await prisma.$transaction(async (tx) => {
        await holdPackage(tx, pkg)
        return tx.tenant.updateMany({
          where: { tenantId, ...LIVE },
          data: { packageId: pkg?.id ?? null, ...withAudit(ctx).updated },
        })
      })
      if (result.count === 0) {
        throw AppError.badRequest(TenantMsg.NOT_FOUND)
      }
    },

    /** Approves tenants (status 1); a recycled tenant can sign in again. */
    async pass(ctx: TCtx, ids: bigint[]): Promise<void> {
      assertAdministrator(ctx)
      const rows = await targets(ids)
      await prisma.tenant.updateMany({
        where: { id: { in: rows.map((r) => r.id) } },
        data: { status: TenantStatus.NORMAL, ...withAudit(ctx).updated },
      })
    },

    /** Withdraws tenants (status 2): their users are signed out and refused at login until passed. */
    async recycle(ctx: TCtx, ids: bigint[]): Promise<void> {
      assertAdministrator(ctx)
      const rows = await targets(ids, TenantMsg.ADMIN_NOT_RECYCLABLE)
      await prisma.tenant.updateMany({
        where: { id: { in: rows.map((r) => r.id) } },
        data: { status: TenantStatus.RECYCLED, ...withAudit(ctx).updated },
      })
      await revokeSessions(rows.map((r) => r.tenantId))
    },
  }
}
export type TTenantService = ReturnType<typeof createTenantService>

import { hashPassword, md5Hex, nextId, type PrismaClient, type User } from '@ysjs/db'
import {
  DeptCategory,
  MEMBER_ROLE,
  parseDateTime,
  ROLE_ADMINISTRATOR,
  type TUserPageQuery,
  type TUserSubmit,
  UserMsg,
  UserStatus,
} from '@ysjs/shared'
import { isPlatformAdmin, isTenantAdministrator, type TCtx } from '../../lib/context.ts'
import { AppError } from '../../lib/errors.ts'
import { escapeLike } from '../../lib/filters.ts'
import { boundedPage, boundedRows, skipTake } from '../../lib/paging.ts'
import { lockReferenced } from '../../lib/row-locks.ts'
import { tenantDb } from '../../lib/tenancy.ts'
import { splitIds } from '../../lib/tree.ts'
import type { TLoginGuard } from '../auth/login-guard.ts'
import type { TSecurityLog } from '../auth/security-log.ts'
import type { TTokenService } from '../auth/token.service.ts'
import type { TDeptService } from '../dept/dept.service.ts'
import type { TParamService } from '../param/param.service.ts'
import { labelUsers } from './user-labels.ts'

const LIVE = { isDeleted: 0 }
const DEFAULT_INIT_PASSWORD = '123456'
/** At most this many users come back from the picker query. */
const FIRM_PICKER_LIMIT = 1000

type TDb = PrismaClient
type TTx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0]

/**
 * User management (system/user): the platform administrator (administrator of tenant 000000) manages
 * every tenant's users; anyone else with the permission only their own tenant's (contract 6.4).
 */
export const createUserAdminService = (deps: {
  prisma: PrismaClient
  tokens: TTokenService
  params: TParamService
  depts: TDeptService
  guard: TLoginGuard
  security: TSecurityLog
}) => {
  const { prisma, tokens, params, depts, guard, security } = deps

  /** The client a caller's user queries go through: deliberately unscoped for the platform administrator. */
  const usersDb = (ctx: TCtx): TDb =>
    isPlatformAdmin(ctx.user) ? prisma : (tenantDb(prisma, ctx.tenantId) as unknown as TDb)

  /** Live users among `ids` that the caller may see; 400 when none is. */
  const targets = async (ctx: TCtx, ids: bigint[], where: object = {}): Promise<User[]> => {
    const rows = await usersDb(ctx).user.findMany({ where: { id: { in: ids }, ...LIVE, ...where } })
    return rows
  }
  const requireTargets = async (ctx: TCtx, ids: bigint[]) => {
    const rows = await targets(ctx, ids)
    if (!rows.length) {
      throw AppError.badRequest(UserMsg.NOT_FOUND)
    }
    return rows
  }

  const administratorRoleIds = async (roleIds: bigint[]): Promise<Set<bigint>> => {
    if (!roleIds.length) {
      return new Set()
    }
    const rows = await prisma.role.findMany({
      where: { id: { in: roleIds }, roleAlias: ROLE_ADMINISTRATOR, ...LIVE },
      select: { id: true },
    })
    return new Set(rows.map((r) => r.id))
  }

  /** Only an administrator changes an administrator's account (password, roles, deletion...). */
  const assertManageable = async (ctx: TCtx, users: User[]) => {
    if (isTenantAdministrator(ctx.user)) {
      return
    }
    const admins = await administratorRoleIds(users.flatMap((u) => splitIds(u.roleId)))
    if (users.some((u) => splitIds(u.roleId).some((r) => admins.has(r)))) {
      throw AppError.badRequest(UserMsg.MANAGE_ADMINISTRATOR)
    }
  }

  /** Roles, depts and posts must be live rows of the user's tenant; `administrator` only from an administrator. */
  const checkRefs = async (
    ctx: TCtx,
    tenantId: string,
    refs: { roleIds?: bigint[]; deptIds?: bigint[]; postIds?: bigint[] },
  ) => {
    const db = tenantDb(prisma, tenantId)
    const count = async (ids: bigint[] | undefined, model: 'role' | 'dept' | 'post', message: string) => {
      if (!ids?.length) {
        return
      }
      const where = { id: { in: ids }, ...LIVE }
      const found =
        model === 'role'
          ? await db.role.count({ where })
          : model === 'dept'
            ? await db.dept.count({ where })
            : await db.post.count({ where })
      if (found !== ids.length) {
        throw AppError.badRequest(message)
      }
    }
    await count(refs.roleIds, 'role', UserMsg.ROLE_UNKNOWN)
    await count(refs.deptIds, 'dept', UserMsg.DEPT_UNKNOWN)
    await count(refs.postIds, 'post', UserMsg.POST_UNKNOWN)
    if (refs.roleIds?.length && !isTenantAdministrator(ctx.user)) {
      if ((await administratorRoleIds(refs.roleIds)).size) {
        throw AppError.badRequest(UserMsg.GRANT_ADMINISTRATOR)
      }
    }
  }

  /**
   * Holds the roles a user is given (FOR SHARE, live) until the write commits (decision 030): a role
   * removal meanwhile waits and then counts this user; a role removed first is refused here.
   */
  const holdRoles = async (tx: TTx, roleId: string | undefined) => {
    const ids = [...new Set(splitIds(roleId ?? ''))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    for (const id of ids) {
      if (!(await lockReferenced(tx, 'blade_role', id))) {
        throw AppError.badRequest(UserMsg.ROLE_UNKNOWN)
      }
    }
  }

  /** Serialises account creation in a tenant (duplicate and quota checks hold until commit). */
  const lockAccounts = (tx: TTx, tenantId: string) =>
    tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`blade_user:${tenantId}`}))`

  const assertAccountFree = async (tx: TTx, tenantId: string, account: string, except?: bigint) => {
    const clash = await tx.user.findFirst({
      where: {
        tenantId,
        account: { equals: account, mode: 'insensitive' },
        ...LIVE,
        ...(except ? { NOT: { id: except } } : {}),
      },
      select: { id: true },
    })
    if (clash) {
      throw AppError.badRequest(UserMsg.ACCOUNT_EXISTS(account))
    }
  }

  /** `account_number` of the tenant caps its live users; -1 (or any negative) is unlimited. */
  const assertQuota = async (tx: TTx, tenantId: string) => {
    const tenant = await tx.tenant.findFirst({
      where: { tenantId, ...LIVE },
      select: { accountNumber: true },
    })
    if (!tenant) {
      throw AppError.badRequest(UserMsg.TENANT_UNKNOWN)
    }
    if (tenant.accountNumber < 0) {
      return
    }
    const used = await tx.user.count({ where: { tenantId, ...LIVE } })
    if (used >= tenant.accountNumber) {
      throw AppError.badRequest(UserMsg.QUOTA)
    }
  }

  const syncUserDepts = async (tx: TTx, userId: bigint, deptIds: bigint[]) => {
    await tx.userDept.deleteMany({ where: { userId } })
    if (deptIds.length) {
      await tx.userDept.createMany({ data: deptIds.map((deptId) => ({ id: nextId(), userId, deptId })) })
    }
  }

  const profileOf = (input: TUserSubmit) => ({
    account: input.account,
    name: input.name,
    realName: input.realName,
    code: input.code ?? null,
    userType: input.userType,
    roleId: input.roleId,
    deptId: input.deptId,
    postId: input.postId ?? '',
    email: input.email ?? null,
    phone: input.phone ?? null,
    birthday: input.birthday ? parseBirthday(input.birthday) : null,
    sex: input.sex ?? null,
  })

  const who = (ctx: TCtx) => ({ updateUser: ctx.user?.userId ?? null, updateTime: new Date() })

  const initPassword = async () => (await params.value('account.initPassword')) || DEFAULT_INIT_PASSWORD

  return {
    async page(ctx: TCtx, q: TUserPageQuery) {
      const db = usersDb(ctx)
      const and: object[] = [LIVE, isPlatformAdmin(ctx.user) && q.tenantId ? { tenantId: q.tenantId } : {}]
      if (q.account) {
        and.push({ account: q.account })
      }
      if (q.realName) {
        and.push({ realName: q.realName })
      }
      if (q.userType !== undefined) {
        and.push({ userType: q.userType })
      }
      if (q.status !== undefined) {
        and.push({ status: q.status })
      }
      if (q.deptId) {
        const deptIds = await depts.subtreeIds(
          isPlatformAdmin(ctx.user) ? null : ctx.tenantId,
          BigInt(q.deptId),
        )
        const links = deptIds.length
          ? await prisma.userDept.findMany({ where: { deptId: { in: deptIds } }, select: { userId: true } })
          : []
        and.push({ id: { in: [...new Set(links.map((l) => l.userId))] } })
      }
      const where = { AND: and }
      const b = await boundedRows(
        q,
        () => db.user.findMany({ where, orderBy: { id: 'asc' }, ...skipTake(q) }),
        (take) => db.user.count({ where, take }),
      )
      return boundedPage(await labelUsers(prisma, b.rows), b, q)
    },

    async detail(ctx: TCtx, id: bigint) {
      const [row] = await targets(ctx, [id])
      if (!row) {
        throw AppError.badRequest(UserMsg.NOT_FOUND)
      }
      return (await labelUsers(prisma, [row]))[0]!
    },

    async create(ctx: TCtx, input: TUserSubmit) {
      const tenantId = isPlatformAdmin(ctx.user) && input.tenantId ? input.tenantId : ctx.tenantId
      const profile = profileOf(input)
      const deptIds = splitIds(profile.deptId)
      await checkRefs(ctx, tenantId, {
        roleIds: splitIds(profile.roleId),
        deptIds,
        postIds: splitIds(profile.postId),
      })
      // Contract 7.2: the form sends the plain password; sign-in compares md5(plain), as the browser sends it.
      const password = await hashPassword(md5Hex(input.password ?? ''))
      const id = nextId()
      await prisma.$transaction(async (tx) => {
        await lockAccounts(tx, tenantId)
        await assertAccountFree(tx, tenantId, profile.account)
        await assertQuota(tx, tenantId)
        await holdRoles(tx, profile.roleId)
        await tx.user.create({
          data: {
            id,
            tenantId,
            ...profile,
            password,
            status: UserStatus.ACTIVE,
            createUser: ctx.user?.userId ?? null,
            createDept: ctx.user?.deptIds[0] ?? null,
            ...who(ctx),
          },
        })
        await syncUserDepts(tx, id, deptIds)
      })
      return id
    },

    /** Updates the profile, roles, depts and posts; the password and the tenant never change here. */
    async update(ctx: TCtx, id: bigint, input: TUserSubmit) {
      const [user] = await targets(ctx, [id])
      if (!user) {
        throw AppError.badRequest(UserMsg.NOT_FOUND)
      }
      await assertManageable(ctx, [user])
      const profile = profileOf(input)
      const deptIds = splitIds(profile.deptId)
      await checkRefs(ctx, user.tenantId, {
        roleIds: splitIds(profile.roleId),
        deptIds,
        postIds: splitIds(profile.postId),
      })
      await prisma.$transaction(async (tx) => {
        await lockAccounts(tx, user.tenantId)
        await assertAccountFree(tx, user.tenantId, profile.account, user.id)
        await holdRoles(tx, profile.roleId)
        await tx.user.update({ where: { id: user.id }, data: { ...profile, ...who(ctx) } })
        await syncUserDepts(tx, user.id, deptIds)
      })
      if (profile.account.toLowerCase() !== user.account.toLowerCase() || profile.roleId !== user.roleId) {
        // Tokens carry the account and the roles: a renamed or re-granted user signs in again.
        await tokens.revokeUser(user.id)
      }
    },

    async remove(ctx: TCtx, ids: bigint[]) {
      if (ctx.user && ids.includes(ctx.user.userId)) {
        throw AppError.badRequest(UserMsg.DELETE_SELF)
      }
      const users = await targets(ctx, ids)
      await assertManageable(ctx, users)
      const userIds = users.map((u) => u.id)
      await prisma.$transaction(async (tx) => {
        await tx.user.updateMany({
          where: { id: { in: userIds }, ...LIVE },
          data: { isDeleted: 1, ...who(ctx) },
        })
        await tx.userDept.deleteMany({ where: { userId: { in: userIds } } })
      })
      await Promise.all(userIds.map((id) => tokens.revokeUser(id)))
    },

    /** Overwrites the roles of the given users (contract 6.1); roles must be of each user's tenant. */
    async grant(ctx: TCtx, userIds: bigint[], roleIds: bigint[]) {
      const users = await requireTargets(ctx, userIds)
      await assertManageable(ctx, users)
      for (const tenantId of new Set(users.map((u) => u.tenantId))) {
        await checkRefs(ctx, tenantId, { roleIds })
      }
      const roleId = roleIds.join(',')
      await prisma.$transaction(async (tx) => {
        await holdRoles(tx, roleId)
        await tx.user.updateMany({
          where: { id: { in: users.map((u) => u.id) } },
          data: { roleId, ...who(ctx) },
        })
      })
      // Tokens carry the roles they were issued with: a changed grant takes effect at the next sign-in.
      await Promise.all(users.filter((u) => u.roleId !== roleId).map((u) => tokens.revokeUser(u.id)))
    },

    /** Sets the password to `account.initPassword` (default 123456); every token of those users dies. */
    async resetPassword(ctx: TCtx, userIds: bigint[]) {
      const users = await requireTargets(ctx, userIds)
      await assertManageable(ctx, users)
      const password = await hashPassword(md5Hex(await initPassword()))
      await prisma.user.updateMany({
        where: { id: { in: users.map((u) => u.id) } },
        data: { password, ...who(ctx) },
      })
      await Promise.all(users.map((u) => tokens.revokeUser(u.id)))
    },

    /** Lifts login lockouts (every failure counter of the accounts). */
    async unlock(ctx: TCtx, userIds: bigint[]) {
      const users = await requireTargets(ctx, userIds)
      for (const u of users) {
        if (await guard.unlock(u.tenantId, u.account)) {
          security.released({ tenantId: u.tenantId, account: u.account }, 'unlocked', ctx.user?.account)
        }
      }
    },

    /**
     * Approves pending (or refused) registrations; a user left without roles must be given some. With a
     * unit (chosen or created), the users become accounts of that member unit (decision 019).
     */
    async auditPass(ctx: TCtx, userIds: bigint[], roleIds?: bigint[], unit: TMemberUnitInput = {}) {
      const users = await targets(ctx, userIds, { status: { in: [UserStatus.PENDING, UserStatus.REFUSED] } })
      if (!users.length) {
        throw AppError.badRequest(UserMsg.AUDIT_NONE)
      }
      const member = await memberUnitOf(users, unit)
      await checkAudit(ctx, users, roleIds, member !== null)
      await prisma.$transaction(async (tx) => {
        const firmId = member ? await bindUnit(tx, member) : null
        for (const user of users) {
          await holdRoles(tx, givenRoles(roleIds, member))
          await tx.user.update({
            where: { id: user.id },
            data: {
              status: UserStatus.ACTIVE,
              auditReason: null,
              ...rolesAfterAudit(user, roleIds, member),
              ...(firmId ? { deptId: String(firmId) } : {}),
              ...who(ctx),
            },
          })
          if (firmId) {
            await syncUserDepts(tx, user.id, [firmId])
          }
        }
      })
      if (member) {
        await Promise.all(users.map((u) => tokens.revokeUser(u.id)))
      }
    },

    /** Refuses pending registrations with a reason the guest sees when it tries to sign in. */
    async auditRefuse(ctx: TCtx, userIds: bigint[], reason: string) {
      const users = await targets(ctx, userIds, { status: { in: [UserStatus.PENDING, UserStatus.REFUSED] } })
      if (!users.length) {
        throw AppError.badRequest(UserMsg.AUDIT_NONE)
      }
      await prisma.user.updateMany({
        where: { id: { in: users.map((u) => u.id) } },
        data: { status: UserStatus.REFUSED, auditReason: reason, ...who(ctx) },
      })
      await Promise.all(users.map((u) => tokens.revokeUser(u.id)))
    },

    /**
     * Approves a company's registration, giving it the account and password it will sign in with; with
     * a unit (chosen or created) it becomes an account of that member unit (decision 019).
     */
    async auditPassCompany(
      ctx: TCtx,
      input: { id: string; account: string; password: string; roleIds?: string[] } & TMemberUnitInput,
    ) {
      const [user] = await targets(ctx, [BigInt(input.id)], {
        status: { in: [UserStatus.PENDING, UserStatus.REFUSED] },
      })
      if (!user) {
        throw AppError.badRequest(UserMsg.AUDIT_NONE)
      }
      const roleIds = input.roleIds?.map(BigInt)
      const member = await memberUnitOf([user], input)
      await checkAudit(ctx, [user], roleIds, member !== null)
      const password = await hashPassword(md5Hex(input.password))
      await prisma.$transaction(async (tx) => {
        await lockAccounts(tx, user.tenantId)
        await assertAccountFree(tx, user.tenantId, input.account, user.id)
        const firmId = member ? await bindUnit(tx, member) : null
        await holdRoles(tx, givenRoles(roleIds, member))
        await tx.user.update({
          where: { id: user.id },
          data: {
            account: input.account,
            password,
            status: UserStatus.ACTIVE,
            auditReason: null,
            ...rolesAfterAudit(user, roleIds, member),
            ...(firmId ? { deptId: String(firmId) } : {}),
            ...who(ctx),
          },
        })
        if (firmId) {
          await syncUserDepts(tx, user.id, [firmId])
        }
      })
      await tokens.revokeUser(user.id)
    },

    async platformDetail(ctx: TCtx, id: bigint) {
      const [user] = await targets(ctx, [id])
      if (!user) {
        throw AppError.badRequest(UserMsg.NOT_FOUND)
      }
      const ext = await platformTable(prisma, user.userType).findFirst(user.id)
      return { ...(await labelUsers(prisma, [user]))[0]!, userExt: ext?.userExt ?? null }
    },

    /** Stores the user's extension for one platform (blade_user_web / _app / _other). */
    async updatePlatform(ctx: TCtx, input: { userId: string; userType: number; userExt?: string }) {
      const [user] = await targets(ctx, [BigInt(input.userId)])
      if (!user) {
        throw AppError.badRequest(UserMsg.NOT_FOUND)
      }
      await assertManageable(ctx, [user])
      await prisma.$transaction(async (tx) => {
        const table = platformTable(tx as unknown as PrismaClient, input.userType)
        const row = await table.findFirst(user.id)
        await table.save(row?.id ?? null, user.id, input.userExt ?? null)
      })
    },

    /** Users of the caller's tenant with their company (nearest dept of category 公司), for pickers. */
    async firmUsers(ctx: TCtx, q: { name?: string }) {
      const db = tenantDb(prisma, ctx.tenantId)
      const [users, allDepts] = await Promise.all([
        db.user.findMany({
          where: {
            ...LIVE,
            status: UserStatus.ACTIVE,
            ...(q.name
              ? {
                  OR: ['account', 'realName', 'name'].map((field) => ({
                    [field]: { contains: escapeLike(q.name ?? ''), mode: 'insensitive' as const },
                  })),
                }
              : {}),
          },
          orderBy: { id: 'asc' },
          take: FIRM_PICKER_LIMIT,
        }),
        db.dept.findMany({
          where: LIVE,
          select: { id: true, parentId: true, deptName: true, deptCategory: true },
        }),
      ])
      const byId = new Map(allDepts.map((d) => [d.id, d]))
      const firmOf = (deptId: bigint | undefined) => {
        const seen = new Set<bigint>()
        let d = deptId === undefined ? undefined : byId.get(deptId)
        while (d && !seen.has(d.id)) {
          if (d.deptCategory === DeptCategory.COMPANY) {
            return d
          }
          seen.add(d.id)
          d = byId.get(d.parentId)
        }
        return undefined
      }
      return users.map((u) => {
        const deptIds = splitIds(u.deptId)
        const firm = firmOf(deptIds[0])
        return {
          id: u.id,
          tenantId: u.tenantId,
          account: u.account,
          name: u.name,
          realName: u.realName,
          deptId: u.deptId,
          deptName: deptIds
            .map((d) => byId.get(d)?.deptName)
            .filter(Boolean)
            .join(','),
          firmId: firm?.id ?? null,
          firmName: firm?.deptName ?? '',
        }
      })
    },
  }

  async function checkAudit(ctx: TCtx, users: User[], roleIds?: bigint[], asMember = false) {
    await assertManageable(ctx, users)
    if (roleIds?.length) {
      for (const tenantId of new Set(users.map((u) => u.tenantId))) {
        await checkRefs(ctx, tenantId, { roleIds })
      }
    } else if (!asMember && users.some((u) => splitIds(u.roleId).length === 0)) {
      // A user without roles cannot sign in: approving it without giving one would approve nothing.
      throw AppError.badRequest(UserMsg.ROLE)
    }
  }

  /** The member unit an approval binds to: the tenant's member role and the chosen or named company. */
  async function memberUnitOf(users: User[], input: TMemberUnitInput): Promise<TMemberUnit | null> {
    const unitName = input.unitName?.trim()
    if (!input.unitId && !unitName) {
      return null
    }
    const tenants = new Set(users.map((u) => u.tenantId))
    if (tenants.size !== 1) {
      throw AppError.badRequest(UserMsg.AUDIT_UNIT_ONE_TENANT)
    }
    const tenantId = users[0]!.tenantId
    const db = tenantDb(prisma, tenantId)
    const role = await db.role.findFirst({
      where: { roleAlias: MEMBER_ROLE, ...LIVE },
      orderBy: { id: 'asc' },
      select: { id: true },
    })
    if (!role) {
      throw AppError.badRequest(UserMsg.AUDIT_MEMBER_ROLE_MISSING)
    }
    if (input.unitId) {
      const dept = await db.dept.findFirst({
        where: { id: BigInt(input.unitId), ...LIVE },
        select: { id: true, deptCategory: true },
      })
      if (!dept) {
        throw AppError.badRequest(UserMsg.DEPT_UNKNOWN)
      }
      if (dept.deptCategory !== DeptCategory.COMPANY) {
        throw AppError.badRequest(UserMsg.AUDIT_UNIT_NOT_COMPANY)
      }
      return { tenantId, roleId: role.id, unitId: dept.id, unitName: null }
    }
    return { tenantId, roleId: role.id, unitId: null, unitName: unitName ?? null }
  }

  /** The unit's dept: the chosen one, or a top-level company of that name (found, else created). */
  async function bindUnit(tx: TTx, unit: TMemberUnit): Promise<bigint> {
    if (unit.unitId) {
      return unit.unitId
    }
    const name = unit.unitName!
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`blade_dept:${unit.tenantId}`}))`
    const existing = await tx.dept.findFirst({
      where: {
        tenantId: unit.tenantId,
        parentId: 0n,
        deptName: name,
        deptCategory: DeptCategory.COMPANY,
        ...LIVE,
      },
      select: { id: true },
    })
    if (existing) {
      return existing.id
    }
    const id = nextId()
    await tx.dept.create({
      data: {
        id,
        tenantId: unit.tenantId,
        parentId: 0n,
        ancestors: '0',
        deptCategory: DeptCategory.COMPANY,
        deptName: name,
        fullName: name,
      },
    })
    return id
  }
}

type TMemberUnitInput = { unitId?: string; unitName?: string }
type TMemberUnit = { tenantId: string; roleId: bigint; unitId: bigint | null; unitName: string | null }

/** Roles after an approval: those given (else kept), plus the member role when bound to a unit. */
/** The roles an audit gives (those named and the member unit's), as held while it writes. */
const givenRoles = (roleIds: bigint[] | undefined, member: TMemberUnit | null) =>
  [...(roleIds ?? []), ...(member ? [member.roleId] : [])].join(',')

const rolesAfterAudit = (user: User, roleIds: bigint[] | undefined, member: TMemberUnit | null) => {
  const roles = roleIds?.length ? roleIds : splitIds(user.roleId)
  const next = member && !roles.includes(member.roleId) ? [...roles, member.roleId] : roles
  return next.length ? { roleId: next.join(',') } : {}
}
export type TUserAdminService = ReturnType<typeof createUserAdminService>

const parseBirthday = (v: string): Date => {
  const d = parseDateTime(v)
  if (!d) {
    throw AppError.badRequest(UserMsg.BIRTHDAY_INVALID)
  }
  return d
}

/** The three platform tables share one shape; this picks the one for a user type (1 web, 2 app, 3 other). */
const platformTable = (db: PrismaClient, userType: number) => {
  const delegate = userType === 2 ? db.userApp : userType === 3 ? db.userOther : db.userWeb
  const d = delegate as unknown as {
    findFirst(args: object): Promise<{ id: bigint; userExt: string | null } | null>
    create(args: object): Promise<unknown>
    update(args: object): Promise<unknown>
  }
  return {
    findFirst: (userId: bigint) => d.findFirst({ where: { userId }, orderBy: { id: 'asc' } }),
    save: (id: bigint | null, userId: bigint, userExt: string | null) =>
      id
        ? d.update({ where: { id }, data: { userExt } })
        : d.create({ data: { id: nextId(), userId, userExt } }),
  }
}

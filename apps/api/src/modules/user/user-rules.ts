import { nextId, type PrismaClient, type User } from '@ysjs/db'
import { ROLE_ADMINISTRATOR, UserMsg } from '@ysjs/shared'
import { isTenantAdministrator, type TCtx } from '../../lib/context.ts'
import { LIVE } from '../../lib/crud.ts'
import { AppError } from '../../lib/errors.ts'
import { lockReferenced } from '../../lib/row-locks.ts'
import { callerDb, tenantDb } from '../../lib/tenancy.ts'
import { splitIds } from '../../lib/tree.ts'

export type TTx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0]

/**
 * The rules every write of a user account keeps (contract 6.4): which users the caller may see and
 * change, the references a user may hold, one account name per tenant, the tenant's account quota.
 */
export const createUserRules = (prisma: PrismaClient) => {
  /** Live users among `ids` that the caller may see; 400 when none is. */
  const targets = async (ctx: TCtx, ids: bigint[], where: object = {}): Promise<User[]> => {
    const rows = await callerDb(prisma, ctx).user.findMany({ where: { id: { in: ids }, ...LIVE, ...where } })
    return rows
  }
  /** One user the caller may see; 400 otherwise. */
  const oneTarget = async (ctx: TCtx, id: bigint): Promise<User> => {
    const [row] = await targets(ctx, [id])
    if (!row) {
      throw AppError.badRequest(UserMsg.NOT_FOUND)
    }
    return row
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

  return {
    targets,
    oneTarget,
    requireTargets,
    assertManageable,
    checkRefs,
    holdRoles,
    lockAccounts,
    assertAccountFree,
    assertQuota,
    syncUserDepts,
  }
}
export type TUserRules = ReturnType<typeof createUserRules>

import { hashPassword, md5Hex, nextId, type PrismaClient } from '@ysjs/db'
import {
  DeptCategory,
  parseDateTime,
  type TUserPageQuery,
  type TUserSubmit,
  UserMsg,
  UserStatus,
} from '@ysjs/shared'
import { isPlatformAdmin, type TCtx } from '../../lib/context.ts'
import { LIVE, withAudit } from '../../lib/crud.ts'
import { AppError } from '../../lib/errors.ts'
import { escapeLike } from '../../lib/filters.ts'
import { boundedPage, boundedRows, skipTake } from '../../lib/paging.ts'
import { callerDb, tenantDb } from '../../lib/tenancy.ts'
import { splitIds } from '../../lib/tree.ts'
import type { TLoginGuard } from '../auth/login-guard.ts'
import type { TSecurityLog } from '../auth/security-log.ts'
import type { TTokenService } from '../auth/token.service.ts'
import type { TDeptService } from '../dept/dept.service.ts'
import type { TParamService } from '../param/param.service.ts'
import { createUserAuditService } from './user-audit.service.ts'
import { labelUsers } from './user-labels.ts'
import { createUserPlatformService } from './user-platform.service.ts'
import { createUserRules } from './user-rules.ts'

const DEFAULT_INIT_PASSWORD = '123456'
/** At most this many users come back from the picker query. */
const FIRM_PICKER_LIMIT = 1000

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
  const rules = createUserRules(prisma)
  const { targets, oneTarget, requireTargets, assertManageable, checkRefs, holdRoles, syncUserDepts } = rules
  const { lockAccounts, assertAccountFree, assertQuota } = rules

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

  const initPassword = async () => (await params.value('account.initPassword')) || DEFAULT_INIT_PASSWORD

  return {
    ...createUserAuditService({ prisma, tokens, rules }),
    ...createUserPlatformService({ prisma, rules }),

    async page(ctx: TCtx, q: TUserPageQuery) {
      const db = callerDb(prisma, ctx)
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
      return (await labelUsers(prisma, [await oneTarget(ctx, id)]))[0]!
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
            ...withAudit(ctx).created,
          },
        })
        await syncUserDepts(tx, id, deptIds)
      })
      return id
    },

    /** Updates the profile, roles, depts and posts; the password and the tenant never change here. */
    async update(ctx: TCtx, id: bigint, input: TUserSubmit) {
      const user = await oneTarget(ctx, id)
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
        await tx.user.update({ where: { id: user.id }, data: { ...profile, ...withAudit(ctx).updated } })
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
          data: withAudit(ctx).deleted,
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
          data: { roleId, ...withAudit(ctx).updated },
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
        data: { password, ...withAudit(ctx).updated },
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
}

export type TUserAdminService = ReturnType<typeof createUserAdminService>

const parseBirthday = (v: string): Date => {
  const d = parseDateTime(v)
  if (!d) {
    throw AppError.badRequest(UserMsg.BIRTHDAY_INVALID)
  }
  return d
}

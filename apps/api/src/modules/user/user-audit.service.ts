import { hashPassword, md5Hex, nextId, type PrismaClient, type User } from '@ysjs/db'
import { DeptCategory, MEMBER_ROLE, UserMsg, UserStatus } from '@ysjs/shared'
import type { TCtx } from '../../lib/context.ts'
import { LIVE, withAudit } from '../../lib/crud.ts'
import { AppError } from '../../lib/errors.ts'
import { tenantDb } from '../../lib/tenancy.ts'
import { splitIds } from '../../lib/tree.ts'
import type { TTokenService } from '../auth/token.service.ts'
import type { TTx, TUserRules } from './user-rules.ts'

/** Registration audits (审核): approving, refusing, and approving a company with its account (decision 019). */
export const createUserAuditService = (deps: {
  prisma: PrismaClient
  tokens: TTokenService
  rules: TUserRules
}) => {
  const { prisma, tokens, rules } = deps
  const { targets, assertManageable, checkRefs, holdRoles, lockAccounts, assertAccountFree, syncUserDepts } =
    rules

  /** An approved user: active, the audit's roles (held until commit), the member unit as its dept. */
  const activate = async (
    tx: TTx,
    ctx: TCtx,
    user: User,
    grant: { roleIds?: bigint[]; member: TMemberUnit | null; firmId: bigint | null },
    account: { account?: string; password?: string } = {},
  ) => {
    const { roleIds, member, firmId } = grant
    await holdRoles(tx, givenRoles(roleIds, member))
    await tx.user.update({
      where: { id: user.id },
      data: {
        ...account,
        status: UserStatus.ACTIVE,
        auditReason: null,
        ...rolesAfterAudit(user, roleIds, member),
        ...(firmId ? { deptId: String(firmId) } : {}),
        ...withAudit(ctx).updated,
      },
    })
    if (firmId) {
      await syncUserDepts(tx, user.id, [firmId])
    }
  }

  return {
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
          await activate(tx, ctx, user, { roleIds, member, firmId })
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
        data: { status: UserStatus.REFUSED, auditReason: reason, ...withAudit(ctx).updated },
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
        await activate(tx, ctx, user, { roleIds, member, firmId }, { account: input.account, password })
      })
      await tokens.revokeUser(user.id)
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

export type TMemberUnitInput = { unitId?: string; unitName?: string }
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

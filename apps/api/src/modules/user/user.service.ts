import { checkPassword, hashPassword, nextId, type PrismaClient } from '@ysjs/db'
import { type TStorage, UnknownStoreError } from '@ysjs/server-core'
import {
  AuthMsg,
  isValidAvatar,
  parseDateTime,
  type TUserInfoUpdate,
  UserMsg,
  UserStatus,
} from '@ysjs/shared'
import type { TCtx } from '../../lib/context.ts'
import { withAudit } from '../../lib/crud.ts'
import { AppError } from '../../lib/errors.ts'
import { tenantDb } from '../../lib/tenancy.ts'
import type { TTokenService } from '../auth/token.service.ts'
import { storedKeyOf } from '../oss/oss.service.ts'
import type { TParamService } from '../param/param.service.ts'
import { labelUsers } from './user-labels.ts'

/** Pending guest registrations wait with status 0 until an administrator approves them. */
export const USER_STATUS = UserStatus

export const createUserService = (deps: {
  prisma: PrismaClient
  tokens: TTokenService
  params: TParamService
  storage: TStorage
}) => {
  const { prisma, tokens, params, storage } = deps

  const currentUser = async (ctx: TCtx) => {
    const user = ctx.user
    if (!user || user.userId <= 0n) {
      throw AppError.notFound('用户不存在')
    }
    const row = await tenantDb(prisma, ctx.tenantId).user.findFirst({
      where: { id: user.userId, isDeleted: 0 },
    })
    if (!row) {
      throw AppError.notFound('用户不存在')
    }
    return row
  }

  /** An avatar must be one of our stored files, jpg/png, at most 500kb — or an external URL. */
  const checkAvatar = async (avatar: string | undefined) => {
    const key = storedKeyOf(avatar)
    if (!key) {
      return
    }
    const stored = await storage.stat(key).catch((err: unknown) => {
      if (err instanceof UnknownStoreError) {
        return null
      }
      throw err
    })
    if (!stored || !isValidAvatar(stored.name, stored.size)) {
      throw AppError.badRequest(UserMsg.AVATAR_INVALID)
    }
  }

  return {
    async info(ctx: TCtx) {
      return (await labelUsers(prisma, [await currentUser(ctx)]))[0]!
    },

    async updateInfo(ctx: TCtx, input: TUserInfoUpdate) {
      const user = await currentUser(ctx)
      await checkAvatar(input.avatar)
      const birthday = input.birthday ? parseDateTime(input.birthday) : null
      if (input.birthday && !birthday) {
        throw AppError.badRequest('请输入正确的生日')
      }
      await tenantDb(prisma, ctx.tenantId).user.update({
        where: { id: user.id },
        data: {
          name: input.name,
          realName: input.realName ?? null,
          avatar: input.avatar ?? null,
          email: input.email ?? null,
          phone: input.phone ?? null,
          birthday,
          sex: input.sex ?? null,
          ...withAudit(user.id).updated,
        },
      })
    },

    /** Checks the old password, stores the new one and revokes every token of the user. */
    async updatePassword(ctx: TCtx, input: { oldPassword: string; newPassword: string }) {
      const user = await currentUser(ctx)
      const check = await checkPassword(input.oldPassword, user.password)
      if (!check.ok) {
        throw AppError.badRequest(UserMsg.OLD_PASSWORD_WRONG)
      }
      await tenantDb(prisma, ctx.tenantId).user.update({
        where: { id: user.id },
        data: {
          password: await hashPassword(input.newPassword),
          ...withAudit(user.id).updated,
        },
      })
      await tokens.revokeUser(user.id)
    },

    /**
     * A third-party user applies for an account: it is created pending (no roles, status 0) and bound
     * to the identity of the caller's token, for an administrator to approve.
     */
    async registerGuest(
      ctx: TCtx,
      input: { tenantId: string; name?: string; account: string; password: string },
    ) {
      if ((await params.value('account.registerUser')) === 'false') {
        throw AppError.badRequest(UserMsg.REGISTER_CLOSED)
      }
      // Only a third-party guest (no real user id) applies, and only in the tenant it signed in to:
      // anything else would let a user create accounts, or probe them, in another tenant.
      if (!ctx.user || ctx.user.userId > 0n) {
        throw AppError.badRequest(UserMsg.REGISTER_NOT_GUEST)
      }
      if (input.tenantId !== ctx.tenantId) {
        throw AppError.badRequest(UserMsg.REGISTER_OTHER_TENANT)
      }
      const tenant = await prisma.tenant.findFirst({ where: { tenantId: input.tenantId, isDeleted: 0 } })
      if (!tenant) {
        throw AppError.badRequest(AuthMsg.TENANT_UNKNOWN)
      }
      const db = tenantDb(prisma, input.tenantId)
      const oauthId = ctx.user?.oauthId ? BigInt(ctx.user.oauthId) : null
      const password = await hashPassword(input.password)
      await db.$transaction(async (tx) => {
        const exists = await tx.user.findFirst({
          where: { account: input.account, isDeleted: 0 },
          select: { id: true },
        })
        if (exists) {
          throw AppError.badRequest(UserMsg.ACCOUNT_EXISTS(input.account))
        }
        if (
          tenant.accountNumber >= 0 &&
          (await tx.user.count({ where: { isDeleted: 0 } })) >= tenant.accountNumber
        ) {
          throw AppError.badRequest(UserMsg.QUOTA)
        }
        const id = nextId()
        await tx.user.create({
          data: {
            id,
            account: input.account,
            name: input.name || input.account,
            realName: (input.name || input.account).slice(0, 10),
            password,
            roleId: '',
            status: USER_STATUS.PENDING,
          },
        })
        if (oauthId) {
          await tx.userOauth.updateMany({ where: { id: oauthId, userId: null }, data: { userId: id } })
        }
      })
    },
  }
}
export type TUserService = ReturnType<typeof createUserService>

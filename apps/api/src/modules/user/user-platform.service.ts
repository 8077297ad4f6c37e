import { nextId, type PrismaClient } from '@ysjs/db'
import type { TCtx } from '../../lib/context.ts'
import { labelUsers } from './user-labels.ts'
import type { TTx, TUserRules } from './user-rules.ts'

/** What the user-platform code reads and writes of `blade_user_web`, `_app` and `_other` (one shape). */
type TPlatformDelegate = {
  findFirst(args: {
    where: { userId: bigint }
    orderBy: { id: 'asc' }
  }): Promise<{ id: bigint; userExt: string | null } | null>
  create(args: { data: { id: bigint; userId: bigint; userExt: string | null } }): Promise<unknown>
  update(args: { where: { id: bigint }; data: { userExt: string | null } }): Promise<unknown>
}

/** The platform table of a user type (1 web, 2 app, 3 other). */
const platformTable = (db: TTx, userType: number) => {
  const d: TPlatformDelegate = userType === 2 ? db.userApp : userType === 3 ? db.userOther : db.userWeb
  return {
    findFirst: (userId: bigint) => d.findFirst({ where: { userId }, orderBy: { id: 'asc' } }),
    save: (id: bigint | null, userId: bigint, userExt: string | null) =>
      id
        ? d.update({ where: { id }, data: { userExt } })
        : d.create({ data: { id: nextId(), userId, userExt } }),
  }
}

/** A user's extension per platform (user detail's 平台 tab). */
export const createUserPlatformService = (deps: { prisma: PrismaClient; rules: TUserRules }) => {
  const { prisma, rules } = deps
  return {
    async platformDetail(ctx: TCtx, id: bigint) {
      const user = await rules.oneTarget(ctx, id)
      const ext = await platformTable(prisma, user.userType).findFirst(user.id)
      return { ...(await labelUsers(prisma, [user]))[0]!, userExt: ext?.userExt ?? null }
    },

    /** Stores the user's extension for one platform (blade_user_web / _app / _other). */
    async updatePlatform(ctx: TCtx, input: { userId: string; userType: number; userExt?: string }) {
      const user = await rules.oneTarget(ctx, BigInt(input.userId))
      await rules.assertManageable(ctx, [user])
      await prisma.$transaction(async (tx) => {
        const table = platformTable(tx, input.userType)
        const row = await table.findFirst(user.id)
        await table.save(row?.id ?? null, user.id, input.userExt ?? null)
      })
    },
  }
}

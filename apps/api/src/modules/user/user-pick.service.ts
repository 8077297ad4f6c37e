import type { PrismaClient } from '@ysjs/db'
import { UserStatus } from '@ysjs/shared'
import type { TCtx } from '../../lib/context.ts'
import { tenantDb } from '../../lib/tenancy.ts'

const LIVE = { isDeleted: 0 }
/** A picker never lists more than this many users. */
const PICK_LIMIT = 1000
const BRIEF = {
  id: true,
  tenantId: true,
  account: true,
  name: true,
  realName: true,
  deptId: true,
  postId: true,
  roleId: true,
} as const

const byRealName = new Intl.Collator('zh-CN')

/**
 * The users a picker offers (contract 7.2 `user-list` and `select`, the leave form's approver list): active
 * users of the caller's tenant only, with no personal data.
 */
export const createUserPickService = (prisma: PrismaClient) => {
  const db = (ctx: TCtx) => tenantDb(prisma, ctx.tenantId)

  return {
    async userList(
      ctx: TCtx,
      q: { account?: string; realName?: string; name?: string; deptId?: string; userType?: number },
    ) {
      // A user's depts are links; the picker's dept filter matches any of them.
      const inDept = q.deptId
        ? (
            await prisma.userDept.findMany({ where: { deptId: BigInt(q.deptId) }, select: { userId: true } })
          ).map((l) => l.userId)
        : null
      return db(ctx).user.findMany({
        where: {
          ...LIVE,
          status: UserStatus.ACTIVE,
          ...(q.account ? { account: q.account } : {}),
          ...(q.realName ? { realName: q.realName } : {}),
          ...(q.name ? { name: q.name } : {}),
          ...(q.userType ? { userType: q.userType } : {}),
          ...(inDept ? { id: { in: inDept } } : {}),
        },
        select: BRIEF,
        orderBy: { id: 'asc' },
        take: PICK_LIMIT,
      })
    },

    /** Every active user of the tenant, by real name in Chinese (pinyin) order. */
    async select(ctx: TCtx) {
      const rows = await db(ctx).user.findMany({
        where: { ...LIVE, status: UserStatus.ACTIVE },
        select: BRIEF,
        orderBy: { id: 'asc' },
        take: PICK_LIMIT,
      })
      return rows.sort((a, b) => byRealName.compare(a.realName ?? '', b.realName ?? ''))
    },
  }
}
export type TUserPickService = ReturnType<typeof createUserPickService>

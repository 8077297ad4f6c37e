import type { PrismaClient } from '@ysjs/db'
import { DeskNoticeMsg, parseDateTime, ZNoticeRecordSchema, ZNoticeSubmitSchema } from '@ysjs/shared'
import type { TCtx } from '../../lib/context.ts'
import { createCrudService } from '../../lib/crud.ts'
import { AppError } from '../../lib/errors.ts'
import { tenantDb } from '../../lib/tenancy.ts'

/**
 * The notices `userId` reads as a reader (the home page's panel and count, the member centre): live,
 * released (no release time, or one that has come) and addressed to the whole tenant (no recipients)
 * or to the user. Tenancy comes from the caller's `tenantDb`. The management list shows every notice.
 */
export const readableNotices = (userId: bigint | null, now = new Date()) => ({
  isDeleted: 0,
  AND: [
    { OR: [{ releaseTime: null }, { releaseTime: { lte: now } }] },
    {
      OR: [
        { recipientIds: { isEmpty: true } },
        ...(userId === null ? [] : [{ recipientIds: { has: userId } }]),
      ],
    },
  ],
})

/** The tenant's labels of dictionary `notice` (the notice category), by key. */
export const noticeCategoryNames = async (prisma: PrismaClient, tenantId: string) => {
  const items = await tenantDb(prisma, tenantId).dictBiz.findMany({
    where: { code: 'notice', parentId: { gt: 0 }, isDeleted: 0 },
    select: { dictKey: true, dictValue: true },
  })
  return new Map(items.map((i) => [i.dictKey, i.dictValue]))
}

/** Desk notices (通知公告): tenant rows through the generic CRUD, labelled from dictionary `notice`. */
export const createNoticeService = (prisma: PrismaClient) =>
  createCrudService(prisma, {
    prefix: '/api/ysjs-desk/notice',
    model: (db) => db.notice,
    submit: ZNoticeSubmitSchema,
    record: ZNoticeRecordSchema,
    filters: { title: 'string', category: 'int?', releaseTime: 'date?', content: 'string?' },
    sortable: ['title', 'category', 'releaseTime', 'createTime'],
    defaultOrder: [{ releaseTime: 'desc' }],
    richText: { content: 2000 },
    toData: ({ releaseTime, recipientIds, ...rest }) => {
      const at = parseDateTime(releaseTime)
      if (!at) {
        throw AppError.badRequest('请选择通知日期')
      }
      return {
        ...rest,
        releaseTime: at,
        // Absent: an edit keeps the stored recipients.
        ...(recipientIds === undefined ? {} : { recipientIds: recipientIds.map(BigInt) }),
      }
    },
    // Recipients are users of the caller's tenant: another tenant's ids are refused like unknown ones.
    // A user removed since stays acceptable, so a notice addressed to them can still be edited as it is.
    validate: async (ctx, data) => {
      const ids = (data.recipientIds as bigint[] | undefined) ?? []
      if (ids.length === 0) {
        return
      }
      const found = await tenantDb(prisma, ctx.tenantId).user.count({ where: { id: { in: ids } } })
      if (found !== ids.length) {
        throw AppError.badRequest(DeskNoticeMsg.RECIPIENT_MISSING)
      }
    },
    enrich: async (ctx: TCtx, rows) => {
      const recipients = rows.map((r) => (r.recipientIds as bigint[] | null) ?? [])
      const wanted = [...new Set(recipients.flat())]
      const [categories, users] = await Promise.all([
        noticeCategoryNames(prisma, ctx.tenantId),
        wanted.length
          ? tenantDb(prisma, ctx.tenantId).user.findMany({
              where: { id: { in: wanted } },
              select: { id: true, account: true, realName: true },
            })
          : [],
      ])
      const names = new Map(users.map((u) => [u.id, u.realName || u.account]))
      return rows.map((r, i) => ({
        ...r,
        categoryName: categories.get(String(r.category)) ?? '',
        recipientIds: recipients[i]!.join(','),
        recipientNames: recipients[i]!.map((id) => names.get(id) ?? String(id)).join(','),
      }))
    },
  })
export type TNoticeService = ReturnType<typeof createNoticeService>

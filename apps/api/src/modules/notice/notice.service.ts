import type { PrismaClient } from '@ysjs/db'
import { parseDateTime, ZNoticeRecordSchema, ZNoticeSubmitSchema } from '@ysjs/shared'
import type { TCtx } from '../../lib/context.ts'
import { createCrudService } from '../../lib/crud.ts'
import { AppError } from '../../lib/errors.ts'
import { tenantDb } from '../../lib/tenancy.ts'

/** Desk notices (通知公告): tenant rows through the generic CRUD, labelled from dictionary `notice`. */
export const createNoticeService = (prisma: PrismaClient) =>
  createCrudService(prisma, {
    name: 'notice',
    prefix: '/api/ysjs-desk/notice',
    model: (db) => db.notice,
    tenantScoped: true,
    submit: ZNoticeSubmitSchema,
    record: ZNoticeRecordSchema,
    filters: { title: 'string', category: 'int?', releaseTime: 'date?', content: 'string?' },
    sortable: ['title', 'category', 'releaseTime', 'createTime'],
    defaultOrder: [{ releaseTime: 'desc' }],
    richText: { content: 2000 },
    permissions: { list: 'notice', add: 'notice_add', edit: 'notice_edit', remove: 'notice_delete' },
    toData: ({ releaseTime, ...rest }) => {
      const at = parseDateTime(releaseTime)
      if (!at) {
        throw AppError.badRequest('请选择通知日期')
      }
      return { ...rest, releaseTime: at }
    },
    enrich: async (ctx: TCtx, rows) => {
      const items = await tenantDb(prisma, ctx.tenantId).dictBiz.findMany({
        where: { code: 'notice', parentId: { gt: 0 }, isDeleted: 0 },
        select: { dictKey: true, dictValue: true },
      })
      const names = new Map(items.map((i) => [i.dictKey, i.dictValue]))
      return rows.map((r) => ({ ...r, categoryName: names.get(String(r.category)) ?? '' }))
    },
  })
export type TNoticeService = ReturnType<typeof createNoticeService>

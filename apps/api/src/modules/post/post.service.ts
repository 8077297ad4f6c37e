import type { PrismaClient } from '@ysjs/db'
import { PostMsg, ZPostRecordSchema, ZPostSubmitSchema } from '@ysjs/shared'
import { readTenantOf, type TCtx } from '../../lib/context.ts'
import { createCrudService } from '../../lib/crud.ts'
import { dictLabels } from '../../lib/dict-labels.ts'
import { tenantDb } from '../../lib/tenancy.ts'

/** Posts (岗位): tenant rows through the generic CRUD, labelled from dictionary `post_category`. */
export const createPostService = (prisma: PrismaClient) => {
  const crud = createCrudService(prisma, {
    prefix: '/api/ysjs-system/post',
    model: (db) => db.post,
    submit: ZPostSubmitSchema,
    record: ZPostRecordSchema,
    filters: { postCode: 'string?', postName: 'string?', category: 'int?', remark: 'string?' },
    sortable: ['postCode', 'postName', 'category', 'sort', 'createTime'],
    defaultOrder: [{ sort: 'asc' }],
    unique: [{ fields: ['postCode'], message: PostMsg.CODE_EXISTS }],
    enrich: async (ctx: TCtx, rows) => {
      const names = await dictLabels(prisma, ctx.tenantId, 'post_category')
      return rows.map((r) => ({ ...r, categoryName: names.get(String(r.category)) ?? '' }))
    },
  })
  return {
    crud,
    /** The posts of a tenant for pickers (the user form); another tenant's for the platform administrator. */
    async select(ctx: TCtx, requestedTenant?: string) {
      return tenantDb(prisma, readTenantOf(ctx, requestedTenant)).post.findMany({
        where: { isDeleted: 0 },
        orderBy: [{ sort: 'asc' }, { id: 'asc' }],
        select: { id: true, postCode: true, postName: true, category: true },
      })
    },
  }
}
export type TPostService = ReturnType<typeof createPostService>

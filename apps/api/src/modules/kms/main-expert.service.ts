import { nextId, type PrismaClient } from '@ysjs/db'
import { ExpertMsg, KMS_PREFIX, KmsMsg, ZMainExpertRecordSchema, ZMainExpertSubmitSchema } from '@ysjs/shared'
import type { TCtx } from '../../lib/context.ts'
import { createCrudService, crudCodes, withAudit } from '../../lib/crud.ts'
import { AppError } from '../../lib/errors.ts'
import { type TTenantDb, tenantDb } from '../../lib/tenancy.ts'

const LIVE = { isDeleted: 0 }
type TTx = Parameters<Parameters<TTenantDb['$transaction']>[0]>[0]

/** The entry and the experts must be live rows of the caller's tenant. */
const assertLinkable = async (db: TTenantDb | TTx, mainId: bigint, expertIds: bigint[]) => {
  if (!(await db.kmsMain.findFirst({ where: { id: mainId, ...LIVE }, select: { id: true } }))) {
    throw AppError.badRequest(KmsMsg.ENTRY_MISSING)
  }
  const unique = [...new Set(expertIds)]
  if (
    unique.length &&
    (await db.expertBasic.count({ where: { id: { in: unique }, ...LIVE } })) !== unique.length
  ) {
    throw AppError.badRequest(ExpertMsg.EXPERT_MISSING)
  }
}

/** Replaces the entry's experts inside the caller's transaction (the entry editor saves them too). */
export const linkExperts = async (tx: TTx, ctx: TCtx, mainId: bigint, expertIds: bigint[]) => {
  await assertLinkable(tx, mainId, expertIds)
  await tx.kmsMainExpert.updateMany({
    where: { mainId, ...LIVE },
    data: withAudit(ctx).deleted,
  })
  const ids = [...new Set(expertIds)]
  if (ids.length) {
    await tx.kmsMainExpert.createMany({
      data: ids.map((expertId, sort) => ({
        id: nextId(),
        mainId,
        expertId,
        sort,
        ...withAudit(ctx).created,
      })),
    })
  }
}

/**
 * 知识专家 (`/api/ysjs-kms/blade-kms_main_expert`): one row per expert linked to a knowledge entry.
 * `expertAssociate` on the entry replaces the whole set; these calls edit one link.
 */
export const createKmsMainExpertService = (prisma: PrismaClient) => {
  const crud = createCrudService(prisma, {
    name: 'kmsMainExpert',
    prefix: `${KMS_PREFIX}/blade-kms_main_expert`,
    model: (db) => db.kmsMainExpert,
    submit: ZMainExpertSubmitSchema,
    record: ZMainExpertRecordSchema,
    filters: { mainId: 'id', expertId: 'id' },
    sortable: ['sort', 'createTime'],
    defaultOrder: [{ sort: 'asc' }, { createTime: 'asc' }],
    permissions: crudCodes('kms_expert'),
    unique: [{ fields: ['mainId', 'expertId'], message: '该专家已关联此知识条目' }],
    toData: ({ mainId, expertId, sort, remark }) => ({
      mainId: BigInt(mainId),
      expertId: BigInt(expertId),
      sort: sort ?? 0,
      remark: remark ?? null,
    }),
    validate: async (ctx, data) =>
      assertLinkable(tenantDb(prisma, ctx.tenantId), data.mainId as bigint, [data.expertId as bigint]),
    enrich: async (ctx, rows) => {
      const db = tenantDb(prisma, ctx.tenantId)
      const [mains, experts] = await Promise.all([
        db.kmsMain.findMany({
          where: { id: { in: [...new Set(rows.map((r) => r.mainId as bigint))] } },
          select: { id: true, title: true },
        }),
        db.expertBasic.findMany({
          where: { id: { in: [...new Set(rows.map((r) => r.expertId as bigint))] } },
          select: { id: true, name: true },
        }),
      ])
      const titles = new Map(mains.map((m) => [m.id, m.title]))
      const names = new Map(experts.map((e) => [e.id, e.name ?? '']))
      return rows.map((r) => ({
        ...r,
        mainTitle: titles.get(r.mainId as bigint) ?? '',
        expertName: names.get(r.expertId as bigint) ?? '',
      }))
    },
    export: {
      fileName: '知识专家',
      columns: [
        { key: 'mainTitle', header: '知识条目', width: 40 },
        { key: 'expertName', header: '专家' },
        { key: 'sort', header: '排序', width: 8, kind: 'number' },
        { key: 'remark', header: '备注', width: 30 },
        { key: 'createTime', header: '创建时间', kind: 'datetime' },
      ],
    },
  })

  return {
    ...crud,
    /** Replaces the entry's experts with `expertIds` (in that order), in one transaction. */
    async associate(ctx: TCtx, mainId: bigint, expertIds: bigint[]) {
      await tenantDb(prisma, ctx.tenantId).$transaction((tx) => linkExperts(tx, ctx, mainId, expertIds))
    },
    /** The live experts of entries, in their order: what the entry detail answers. */
    async expertsOf(tenantId: string, mainIds: bigint[]) {
      const db = tenantDb(prisma, tenantId)
      const links = await db.kmsMainExpert.findMany({
        where: { mainId: { in: mainIds }, ...LIVE },
        orderBy: [{ sort: 'asc' }, { createTime: 'asc' }],
      })
      const experts = await db.expertBasic.findMany({
        where: { id: { in: links.map((l) => l.expertId) }, ...LIVE },
        select: { id: true, name: true },
      })
      const names = new Map(experts.map((e) => [e.id, e.name ?? '']))
      return links.flatMap((l) =>
        names.has(l.expertId) ? [{ mainId: l.mainId, id: l.expertId, name: names.get(l.expertId)! }] : [],
      )
    },
  }
}
export type TKmsMainExpertService = ReturnType<typeof createKmsMainExpertService>

import type { Prisma, PrismaClient } from '@ysjs/db'
import { ZEquityRecordSchema, ZEquitySubmitSchema } from '@ysjs/shared'
import type { TCtx } from '../../lib/context.ts'
import { createCrudService, crudCodes, type TRowOf } from '../../lib/crud.ts'
import { AppError } from '../../lib/errors.ts'
import { tenantDb } from '../../lib/tenancy.ts'
import { dateOnly, dictNames, formatDateOnly, nameOf } from './dict-names.ts'
import { assertStoredAttachment } from './stored-file.ts'

const LIVE = { isDeleted: 0 }

/**
 * What IP records ask of their application (appraisal, decision 017): which applications the caller
 * reads, whether one may be read or changed, and their names.
 */
export type TResultsGate = {
  readable: (ctx: TCtx) => Promise<Prisma.BigIntFilter>
  assertReadable: (ctx: TCtx, resultsId: bigint) => Promise<void>
  assertEditable: (ctx: TCtx, resultsId: bigint) => Promise<void>
  names: (ctx: TCtx, ids: bigint[]) => Promise<Map<bigint, string>>
}

/**
 * 知识产权: intellectual property records of an achievement (`resultsId`), spec sections 3 and 5. Every
 * field is required; the attachment is one file uploaded through `put-file-attach`, in the attachment
 * formats (checked again here on its link). A record belongs to an application: applicants read only
 * their own applications' records, staff the tenant's, and a record is written only while its
 * application may be edited by the caller.
 */
export const createEquityService = (prisma: PrismaClient, gate: TResultsGate) => {
  const enrich = async (ctx: TCtx, rows: TRowOf<PrismaClient['equity']>[]) => {
    const [names, results] = await Promise.all([
      dictNames(prisma, ctx.tenantId, ['intellectual_property_category', 'country']),
      gate.names(
        ctx,
        rows.map((r) => r.resultsId),
      ),
    ])
    return rows.map((r) => ({
      ...r,
      accreditTime: formatDateOnly(r.accreditTime),
      typeName: nameOf(names, 'intellectual_property_category', r.type),
      countryName: nameOf(names, 'country', r.country),
      resultsName: results.get(r.resultsId) ?? '',
    }))
  }
  const crud = createCrudService(prisma, {
    prefix: '/api/ysjs-appraise/equity',
    model: (db) => db.equity,
    submit: ZEquitySubmitSchema,
    record: ZEquityRecordSchema,
    filters: {
      name: 'string',
      type: 'int',
      country: 'int',
      accreditNo: 'string',
      certificateNo: 'string',
      obligee: 'string',
      inventor: 'string',
      isEffective: 'int',
      resultsId: 'id',
    },
    sortable: ['name', 'type', 'country', 'accreditTime', 'createTime'],
    defaultOrder: [{ accreditTime: 'desc' }],
    permissions: crudCodes('appraise_equity'),
    toData: ({ resultsId, accreditTime, ...rest }) => ({
      ...rest,
      resultsId: BigInt(resultsId),
      accreditTime: dateOnly(accreditTime),
    }),
    restrict: async (ctx) => ({ resultsId: await gate.readable(ctx) }),
    enrich,
    // A new or changed record names an application the caller may edit, and a file stored for it.
    validate: async (ctx, data) => {
      await gate.assertEditable(ctx, data.resultsId as bigint)
      await assertStoredAttachment(prisma, ctx.tenantId, data.fileAttach)
    },
    export: {
      fileName: '知识产权',
      columns: [
        { key: 'typeName', header: '知识产权类别' },
        { key: 'name', header: '知识产权名称', width: 30 },
        { key: 'countryName', header: '国家或地区' },
        { key: 'accreditNo', header: '授权号', width: 20 },
        { key: 'accreditTime', header: '授权日期', kind: 'date' },
        { key: 'certificateNo', header: '证书号', width: 20 },
        { key: 'obligee', header: '权利人', width: 24 },
        { key: 'inventor', header: '发明人', width: 24 },
        {
          key: 'isEffective',
          header: '是否有效',
          width: 10,
          value: (r) => (r.isEffective === 1 ? '有效' : '无效'),
        },
        { key: 'resultsName', header: '所属成果', width: 30 },
      ],
    },
  })
  /** The records' applications must be editable by the caller (an unknown id is left alone). */
  const assertRowsEditable = async (ctx: TCtx, ids: bigint[]) => {
    const rows = await tenantDb(prisma, ctx.tenantId).equity.findMany({
      where: { id: { in: ids }, ...LIVE },
      select: { resultsId: true },
    })
    for (const resultsId of new Set(rows.map((r) => r.resultsId))) {
      await gate.assertEditable(ctx, resultsId)
    }
    return rows.length
  }
  return {
    ...crud,
    async update(ctx: TCtx, id: bigint, input: Parameters<typeof crud.update>[2]) {
      if (!(await assertRowsEditable(ctx, [id]))) {
        throw AppError.notFound()
      }
      await crud.update(ctx, id, input)
    },
    async remove(ctx: TCtx, ids: bigint[]) {
      await assertRowsEditable(ctx, ids)
      return crud.remove(ctx, ids)
    },
    /**
     * Every live record of one achievement, newest grant first (the result's 知识产权 tab); `assortId`
     * narrows them to one intellectual-property category (decision 017).
     */
    async findByResultsId(ctx: TCtx, resultsId: bigint, assortId?: number) {
      await gate.assertReadable(ctx, resultsId)
      const rows = await tenantDb(prisma, ctx.tenantId).equity.findMany({
        where: { resultsId, ...LIVE, ...(assortId !== undefined ? { type: assortId } : {}) },
        orderBy: [{ accreditTime: 'desc' }, { id: 'desc' }],
        take: 1000,
      })
      return enrich(ctx, rows)
    },
  }
}
export type TEquityService = ReturnType<typeof createEquityService>

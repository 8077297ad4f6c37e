import type { PrismaClient } from '@ysjs/db'
import { type TEquity, ZEquityRecordSchema, ZEquitySubmitSchema } from '@ysjs/shared'
import type { TCtx } from '../../lib/context.ts'
import { createCrudService } from '../../lib/crud.ts'
import { tenantDb } from '../../lib/tenancy.ts'
import { dateOnly, dictNames, formatDateOnly, nameOf } from './dict-names.ts'
import { assertStoredAttachment } from './stored-file.ts'

const LIVE = { isDeleted: 0 }

/**
 * 知识产权: intellectual property records of an achievement (`resultsId`), spec sections 3 and 5. Every
 * field is required; the attachment is one file uploaded through `put-file-attach`, in the attachment
 * formats (checked again here on its link).
 */
export const createEquityService = (prisma: PrismaClient) => {
  const enrich = async (ctx: TCtx, rows: Record<string, unknown>[]) => {
    const names = await dictNames(prisma, ctx.tenantId, ['intellectual_property_category', 'country'])
    return rows.map((r) => ({
      ...r,
      accreditTime: formatDateOnly(r.accreditTime),
      typeName: nameOf(names, 'intellectual_property_category', r.type),
      countryName: nameOf(names, 'country', r.country),
    }))
  }
  const crud = createCrudService(prisma, {
    name: 'equity',
    prefix: '/api/ysjs-appraise/equity',
    model: (db) => db.equity,
    tenantScoped: true,
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
    permissions: {
      list: 'appraise_equity',
      add: 'appraise_equity_add',
      edit: 'appraise_equity_edit',
      remove: 'appraise_equity_delete',
    },
    toData: ({ resultsId, accreditTime, ...rest }) => ({
      ...rest,
      resultsId: BigInt(resultsId),
      accreditTime: dateOnly(accreditTime),
    }),
    enrich,
    validate: (ctx, data) => assertStoredAttachment(prisma, ctx.tenantId, data.fileAttach),
    export: {
      fileName: '知识产权',
      columns: [
        { key: 'typeName', header: '知识产权类别' },
        { key: 'name', header: '知识产权名称', width: 30 },
        { key: 'countryName', header: '国家或地区' },
        { key: 'accreditNo', header: '授权号', width: 20 },
        { key: 'accreditTime', header: '授权日期', width: 12 },
        { key: 'certificateNo', header: '证书号', width: 20 },
        { key: 'obligee', header: '权利人', width: 24 },
        { key: 'inventor', header: '发明人', width: 24 },
        {
          key: 'isEffective',
          header: '是否有效',
          width: 10,
          value: (r) => (r.isEffective === 1 ? '有效' : '无效'),
        },
        { key: 'resultsId', header: '所属成果', width: 20 },
      ],
    },
  })
  return {
    ...crud,
    /** Every live record of one achievement, newest grant first (the result's 知识产权 tab). */
    async findByResultsId(ctx: TCtx, resultsId: bigint): Promise<TEquity[]> {
      const rows = await tenantDb(prisma, ctx.tenantId).equity.findMany({
        where: { resultsId, ...LIVE },
        orderBy: [{ accreditTime: 'desc' }, { id: 'desc' }],
        take: 1000,
      })
      // The rows in wire form once `ok` has converted ids and dates (checked by the response schema).
      return (await enrich(ctx, rows)) as unknown as TEquity[]
    },
  }
}
export type TEquityService = ReturnType<typeof createEquityService>

import type { PrismaClient } from '@ysjs/db'
import { DealMsg, EquityMsg, isAttachmentFile, ZDealRecordSchema, ZDealSubmitSchema } from '@ysjs/shared'
import type { TCtx } from '../../lib/context.ts'
import { createCrudService } from '../../lib/crud.ts'
import { AppError } from '../../lib/errors.ts'
import { tenantDb } from '../../lib/tenancy.ts'
import { clearing, dateOnly, dictNames, formatDateOnly, money, nameOf } from './dict-names.ts'
import { assertStoredAttachment } from './stored-file.ts'

const LIVE = { isDeleted: 0 }

/**
 * 交易管理: technology deals (contracts) on trading projects of the same tenant (decision 014). The
 * contract number is unique among the tenant's live deals; the amount is in 元 with 2 decimals.
 */
export const createDealService = (prisma: PrismaClient) =>
  createCrudService(prisma, {
    prefix: '/api/ysjs-deal/deal',
    model: (db) => db.deal,
    submit: ZDealSubmitSchema,
    record: ZDealRecordSchema,
    filters: {
      contractNo: 'string',
      buyerUnit: 'string',
      sellerUnit: 'string',
      projectId: 'id',
      dealStatus: 'int',
    },
    sortable: ['contractNo', 'amount', 'signingDate', 'dealStatus', 'createTime'],
    defaultOrder: [{ signingDate: 'desc' }],
    unique: [{ fields: ['contractNo'], message: DealMsg.CONTRACT_NO_EXISTS }],
    export: {
      fileName: '交易管理',
      columns: [
        { key: 'contractNo', header: '合同编号', width: 20 },
        { key: 'projectTitle', header: '交易项目', width: 30 },
        { key: 'buyerUnit', header: '买方单位', width: 30 },
        { key: 'sellerUnit', header: '卖方单位', width: 30 },
        { key: 'amount', header: '合同金额(元)', width: 18, kind: 'money' },
        { key: 'signingDate', header: '签订日期', kind: 'date' },
        { key: 'dealStatusName', header: '交易状态', width: 10 },
        { key: 'remark', header: '备注', width: 30 },
      ],
    },
    toData: ({ projectId, signingDate, ...rest }) => ({
      ...clearing(rest, ['fileAttach', 'fileName', 'remark']),
      projectId: BigInt(projectId),
      signingDate: dateOnly(signingDate),
    }),
    validate: async (ctx: TCtx, data) => {
      if (data.buyerUnit === data.sellerUnit) {
        throw AppError.badRequest(DealMsg.SAME_PARTY)
      }
      if (typeof data.fileAttach === 'string' && !isAttachmentFile(data.fileAttach)) {
        throw AppError.badRequest(EquityMsg.FILE_TYPE)
      }
      const project = await tenantDb(prisma, ctx.tenantId).tradingProject.findFirst({
        where: { id: data.projectId as bigint, ...LIVE },
        select: { id: true },
      })
      if (!project) {
        throw AppError.badRequest(DealMsg.PROJECT_MISSING)
      }
      await assertStoredAttachment(prisma, ctx.tenantId, data.fileAttach)
    },
    enrich: async (ctx: TCtx, rows) => {
      const db = tenantDb(prisma, ctx.tenantId)
      const [names, projects] = await Promise.all([
        dictNames(prisma, ctx.tenantId, ['deal_status']),
        db.tradingProject.findMany({
          where: { id: { in: [...new Set(rows.map((r) => r.projectId as bigint))] } },
          select: { id: true, title: true },
        }),
      ])
      const titles = new Map(projects.map((p) => [p.id, p.title]))
      return rows.map((r) => ({
        ...r,
        amount: money(r.amount) ?? '0.00',
        signingDate: formatDateOnly(r.signingDate),
        projectTitle: titles.get(r.projectId as bigint) ?? '',
        dealStatusName: nameOf(names, 'deal_status', r.dealStatus),
      }))
    },
  })
export type TDealService = ReturnType<typeof createDealService>

import type { PrismaClient } from '@ysjs/db'
import {
  TRADING_PROJECT_CONTENT_MAX,
  TradingProjectMsg,
  ZTradingProjectRecordSchema,
  ZTradingProjectSubmitSchema,
} from '@ysjs/shared'
import type { TCtx } from '../../lib/context.ts'
import { createCrudService, crudCodes } from '../../lib/crud.ts'
import { AppError } from '../../lib/errors.ts'
import { tenantDb } from '../../lib/tenancy.ts'
import { clearing, dictNames, money, nameOf } from './dict-names.ts'

const DICTS = ['technology_type', 'industry', 'collaboration_mode'] as const

/**
 * 交易项目: technology projects offered for trading. The secret-project rule (spec section 4) lives in
 * the shared submit schema: isSecret 2 is refused with 不接受保密项目, by the form and by this API.
 */
export const createTradingProjectService = (prisma: PrismaClient) => {
  const crud = createCrudService(prisma, {
    name: 'tradingProject',
    prefix: '/api/ysjs-trading/project',
    model: (db) => db.tradingProject,
    submit: ZTradingProjectSubmitSchema,
    record: ZTradingProjectRecordSchema,
    filters: {
      title: 'string',
      technologyType: 'int',
      industryType: 'int',
      collaborationMode: 'int',
      projectPhase: 'int?',
      ascription: 'string?',
    },
    sortable: ['title', 'technologyType', 'industryType', 'intentPrice', 'createTime'],
    richText: { content: TRADING_PROJECT_CONTENT_MAX },
    export: {
      fileName: '交易项目',
      columns: [
        { key: 'title', header: '项目名称', width: 30 },
        { key: 'technologyTypeName', header: '技术类型' },
        { key: 'industryTypeName', header: '行业领域' },
        { key: 'collaborationModeName', header: '合作方式' },
        { key: 'source', header: '项目来源', width: 24 },
        { key: 'intentPrice', header: '意向价格(万元)', width: 16, kind: 'money' },
        { key: 'ascription', header: '权属', width: 24 },
        { key: 'createTime', header: '创建时间', kind: 'datetime' },
      ],
      // Not the rich-text content (up to 20,000 characters a project), which no column shows.
      select: [
        'title',
        'technologyType',
        'industryType',
        'collaborationMode',
        'source',
        'intentPrice',
        'ascription',
        'createTime',
      ],
    },
    permissions: crudCodes('trading_project'),
    toData: (input) =>
      clearing(input, [
        'technicalSource',
        'source',
        'projectCountry',
        'intentPrice',
        'patentSituation',
        'projectPhase',
        'ascription',
        'content',
      ]),
    enrich: async (ctx: TCtx, rows) => {
      const names = await dictNames(prisma, ctx.tenantId, DICTS)
      return rows.map((r) => ({
        ...r,
        intentPrice: money(r.intentPrice),
        technologyTypeName: nameOf(names, 'technology_type', r.technologyType),
        industryTypeName: nameOf(names, 'industry', r.industryType),
        collaborationModeName: nameOf(names, 'collaboration_mode', r.collaborationMode),
      }))
    },
  })
  return {
    ...crud,
    /** A project with live deals stays: its contracts would lose what they were signed for. */
    async remove(ctx: TCtx, ids: bigint[]): Promise<number> {
      const dealt = await tenantDb(prisma, ctx.tenantId).deal.findFirst({
        where: { projectId: { in: ids }, isDeleted: 0 },
        select: { contractNo: true },
      })
      if (dealt) {
        throw AppError.badRequest(TradingProjectMsg.HAS_DEALS)
      }
      return crud.remove(ctx, ids)
    },
  }
}
export type TTradingProjectService = ReturnType<typeof createTradingProjectService>

import type { PrismaClient } from '@ysjs/db'
import {
  TRADING_PROJECT_CONTENT_MAX,
  ZTradingProjectRecordSchema,
  ZTradingProjectSubmitSchema,
} from '@ysjs/shared'
import type { TCtx } from '../../lib/context.ts'
import { createCrudService } from '../../lib/crud.ts'
import { clearing, dictNames, money, nameOf } from './dict-names.ts'

const DICTS = ['technology_type', 'industry', 'collaboration_mode'] as const

/**
 * 交易项目: technology projects offered for trading. The secret-project rule (spec section 4) lives in
 * the shared submit schema: isSecret 2 is refused with 不接受保密项目, by the form and by this API.
 */
export const createTradingProjectService = (prisma: PrismaClient) =>
  createCrudService(prisma, {
    name: 'tradingProject',
    prefix: '/api/ysjs-trading/project',
    model: (db) => db.tradingProject,
    tenantScoped: true,
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
    defaultOrder: [{ createTime: 'desc' }],
    richText: { content: TRADING_PROJECT_CONTENT_MAX },
    permissions: {
      list: 'trading_project',
      add: 'trading_project_add',
      edit: 'trading_project_edit',
      remove: 'trading_project_delete',
    },
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
export type TTradingProjectService = ReturnType<typeof createTradingProjectService>

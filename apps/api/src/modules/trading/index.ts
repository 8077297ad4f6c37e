import type { TModulePlugin } from '../module-deps.ts'
import { createDealService } from './deal.service.ts'
import { createEquityService } from './equity.service.ts'
import { createTradingProjectService } from './project.service.ts'
import { tradingRoutes } from './trading.routes.ts'

/** Trading projects, deals and IP records (equity under `/ysjs-appraise`). */
export const tradingModule: TModulePlugin = async (app, { prisma, resultsGate }) => {
  tradingRoutes(app, {
    projects: createTradingProjectService(prisma),
    deals: createDealService(prisma),
    // IP records belong to appraisal applications: their access is the applications' (decision 017).
    equities: createEquityService(prisma, resultsGate),
  })
}

import type { TModulePlugin } from '../module-deps.ts'
import { reportRoutes } from './report.routes.ts'
import { createReportService } from './report.service.ts'
import { reportDesignRoutes } from './report-design.routes.ts'
import { createReportDesignService } from './report-design.service.ts'

/** Reports and their designs (issue 15). */
export const reportModule: TModulePlugin = async (app, { prisma, env }) => {
  reportRoutes(app, createReportService(prisma))
  reportDesignRoutes(app, createReportDesignService(prisma, env.REPORT_STATEMENT_TIMEOUT_MS))
}

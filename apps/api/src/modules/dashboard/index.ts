import type { TModulePlugin } from '../module-deps.ts'
import { dashboardRoutes } from './dashboard.routes.ts'
import { createDashboardService } from './dashboard.service.ts'

/** The home page's counters (the to-do count is the flow module's). */
export const dashboardModule: TModulePlugin = async (app, { prisma, flowWork }) => {
  dashboardRoutes(app, createDashboardService(prisma, flowWork.todoCount))
}

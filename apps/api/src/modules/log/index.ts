import type { TModulePlugin } from '../module-deps.ts'
import { logQueryRoutes, logRoutes } from './log.routes.ts'
import { createLogService } from './log.service.ts'

/** The web client's log endpoint and the log queries. */
export const logModule: TModulePlugin = async (app, { prisma, logs }) => {
  logRoutes(app, logs)
  logQueryRoutes(app, createLogService(prisma))
}

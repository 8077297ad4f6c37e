import type { TModulePlugin } from '../module-deps.ts'
import { assortRoutes } from './assort.routes.ts'
import { createAssortService } from './assort.service.ts'

/** Resource categories. */
export const assortModule: TModulePlugin = async (app, { prisma }) => {
  assortRoutes(app, createAssortService(prisma))
}

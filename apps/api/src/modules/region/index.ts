import type { TModulePlugin } from '../module-deps.ts'
import { regionRoutes } from './region.routes.ts'
import { createRegionService } from './region.service.ts'

/** Administrative regions. */
export const regionModule: TModulePlugin = async (app, { prisma }) => {
  regionRoutes(app, createRegionService(prisma))
}

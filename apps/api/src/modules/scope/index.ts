import type { TModulePlugin } from '../module-deps.ts'
import { scopeRoutes } from './scope.routes.ts'
import { createScopeServices } from './scope.service.ts'

/** Data and API scopes. */
export const scopeModule: TModulePlugin = async (app, { prisma, caches }) => {
  scopeRoutes(app, createScopeServices(prisma, caches))
}

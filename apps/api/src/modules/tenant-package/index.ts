import type { TModulePlugin } from '../module-deps.ts'
import { tenantPackageRoutes } from './tenant-package.routes.ts'
import { createTenantPackageService } from './tenant-package.service.ts'

/** Tenant packages (the menus a tenant may grant). */
export const tenantPackageModule: TModulePlugin = async (app, { prisma }) => {
  tenantPackageRoutes(app, createTenantPackageService(prisma))
}

import type { TModulePlugin } from '../module-deps.ts'
import { tenantRoutes } from './tenant.routes.ts'
import { createTenantService } from './tenant.service.ts'

/** Tenants. */
export const tenantModule: TModulePlugin = async (app, { prisma, params, tokens }) => {
  tenantRoutes(app, prisma, createTenantService({ prisma, params, tokens }))
}

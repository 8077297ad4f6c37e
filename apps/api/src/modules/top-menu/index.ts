import { registerCrudRoutes } from '../../lib/crud.ts'
import type { TModulePlugin } from '../module-deps.ts'
import { createTopMenuService } from './top-menu.service.ts'

/** Top menus (generic CRUD). */
export const topMenuModule: TModulePlugin = async (app, { prisma, caches }) => {
  registerCrudRoutes(app, createTopMenuService(prisma, caches))
}

import type { TModulePlugin } from '../module-deps.ts'
import { menuRoutes } from './menu.routes.ts'
import { createMenuService } from './menu.service.ts'
import { menuAdminRoutes } from './menu-admin.routes.ts'
import { createMenuAdminService } from './menu-admin.service.ts'

/** The user's menus and buttons, and their administration. */
export const menuModule: TModulePlugin = async (app, { prisma, caches, permissions, roles }) => {
  const menus = createMenuService(prisma)
  caches.register(menus.clearCache)
  menuRoutes(app, menus)
  menuAdminRoutes(app, createMenuAdminService({ prisma, rules: permissions.rules, caches }), roles)
}

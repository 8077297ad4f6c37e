import type { TModulePlugin } from '../module-deps.ts'
import { roleRoutes } from './role.routes.ts'

/** Roles and their grants (the service is shared with menu and access: `deps.roles`). */
export const roleModule: TModulePlugin = async (app, { roles }) => {
  roleRoutes(app, roles)
}

import type { TModulePlugin } from '../module-deps.ts'
import { paramRoutes } from './param.routes.ts'

/** System parameters (the service is shared: `deps.params`). */
export const paramModule: TModulePlugin = async (app, { params }) => {
  paramRoutes(app, params)
}

import type { TModulePlugin } from '../module-deps.ts'
import { configRoutes } from './config.routes.ts'

/** The web client's runtime configuration. */
export const configModule: TModulePlugin = async (app, { env }) => {
  configRoutes(app, env)
}

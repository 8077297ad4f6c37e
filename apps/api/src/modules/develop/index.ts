import type { TModulePlugin } from '../module-deps.ts'
import { developRoutes } from './develop.routes.ts'

/** The code generator (issue 15): data sources, models, code configs. */
export const developModule: TModulePlugin = async (app, { prisma, env }) => {
  developRoutes(app, prisma, env.DATASOURCE_ALLOWED_HOSTS)
}

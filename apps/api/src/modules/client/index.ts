import type { TModulePlugin } from '../module-deps.ts'
import { clientRoutes } from './client.routes.ts'
import { createClientService } from './client.service.ts'

/** OAuth clients. */
export const clientModule: TModulePlugin = async (app, { prisma, env }) => {
  clientRoutes(app, createClientService(prisma, env.WEB_CLIENT_ID))
}

import type { TModulePlugin } from '../module-deps.ts'
import { templateRoutes } from './template.service.ts'

/** Resource templates. */
export const templateModule: TModulePlugin = async (app, { prisma }) => {
  templateRoutes(app, prisma)
}

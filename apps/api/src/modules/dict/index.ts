import type { TModulePlugin } from '../module-deps.ts'
import { dictBizRoutes, systemDictRoutes } from './dict.routes.ts'
import { createDictService, dictTables } from './dict.service.ts'

/** The business and the system dictionaries. */
export const dictModule: TModulePlugin = async (app, { prisma }) => {
  dictBizRoutes(app, createDictService(dictTables.business(prisma)))
  systemDictRoutes(app, createDictService(dictTables.system(prisma)))
}

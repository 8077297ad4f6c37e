import { createImportGate } from '../../lib/import-gate.ts'
import type { TModulePlugin } from '../module-deps.ts'
import { expertRoutes } from './expert.routes.ts'
import { createExpertService } from './expert.service.ts'
import { createExpertProjectService } from './project.service.ts'
import { createPersonService, createUnitAssociationService, createUnitService } from './unit.service.ts'

/** Experts, units, people and expert projects. */
export const expertModule: TModulePlugin = async (app, { prisma, env }) => {
  expertRoutes(app, {
    experts: createExpertService(prisma),
    units: createUnitService(prisma),
    associations: createUnitAssociationService(prisma),
    people: createPersonService(prisma),
    projects: createExpertProjectService(prisma),
    imports: createImportGate(env.IMPORT_CONCURRENCY),
  })
}

import type { TModulePlugin } from '../module-deps.ts'
import { createAppraiseAssortService } from './assort.service.ts'
import { documentsRoutes } from './documents.routes.ts'
import { createDocumentsService } from './documents.service.ts'
import { resultsRoutes } from './results.routes.ts'
import { appraiseRowsRoutes } from './rows.routes.ts'
import { createRowsService } from './rows.service.ts'
import { scoringRoutes } from './scoring.routes.ts'
import { createScoringService } from './scoring.service.ts'
import { createIndexTemplateService } from './templates.service.ts'

/** Achievement appraisal (issue 12): applications, status machine, experts and scores, documents. */
export const appraiseModule: TModulePlugin = async (app, deps) => {
  const { prisma, params } = deps
  const appraisal = { prisma, hasPermission: deps.permissions.has }
  const results = deps.appraiseResults
  const templates = createIndexTemplateService(prisma)
  const param = (key: string) => params.value(key)
  const scoring = createScoringService({ ...appraisal, results, templates, param })
  const assorts = createAppraiseAssortService(prisma)
  const documents = createDocumentsService({
    ...appraisal,
    oss: deps.oss,
    results,
    scoring,
    assorts,
    issuer: deps.issuer,
    param,
  })
  resultsRoutes(app, results)
  scoringRoutes(app, scoring)
  documentsRoutes(app, documents)
  appraiseRowsRoutes(app, { rows: createRowsService(appraisal), assorts, templates })
}

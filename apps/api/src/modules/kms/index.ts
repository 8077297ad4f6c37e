import type { TModulePlugin } from '../module-deps.ts'
import { kmsRoutes } from './kms.routes.ts'
import { createKmsAuthorService, createKmsLabelService } from './kms.service.ts'
import { createKmsCatalogService } from './kms-catalog.service.ts'
import { createKmsMainService } from './kms-main.service.ts'
import { createKmsMainExpertService } from './main-expert.service.ts'

/** The knowledge base: catalogs, entries, labels, authors, entry experts. */
export const kmsModule: TModulePlugin = async (app, { prisma }) => {
  const catalogs = createKmsCatalogService(prisma)
  kmsRoutes(app, {
    catalogs,
    entries: createKmsMainService(prisma, catalogs),
    labels: createKmsLabelService(prisma),
    authors: createKmsAuthorService(prisma),
    mainExperts: createKmsMainExpertService(prisma),
  })
}

import type { TModulePlugin } from '../module-deps.ts'
import { issuerRoutes } from './issuer.routes.ts'

/** The centre that issues the appraisal's documents (decision 027; shared: `deps.issuer`). */
export const issuerModule: TModulePlugin = async (app, { issuer }) => {
  issuerRoutes(app, issuer)
}

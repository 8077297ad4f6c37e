import type { TModulePlugin } from '../module-deps.ts'
import { userRoutes } from './user.routes.ts'
import { createUserService } from './user.service.ts'
import { userAdminRoutes } from './user-admin.routes.ts'
import { createUserAdminService } from './user-admin.service.ts'
import { userPickRoutes } from './user-pick.routes.ts'
import { createUserPickService } from './user-pick.service.ts'

/** The user's own profile, the users' administration and the user picker. */
export const userModule: TModulePlugin = async (app, deps) => {
  const { prisma, tokens, params } = deps
  userRoutes(app, createUserService({ prisma, tokens, params, storage: deps.storage }))
  userAdminRoutes(
    app,
    createUserAdminService({
      prisma,
      tokens,
      params,
      depts: deps.depts,
      guard: deps.loginGuard,
      security: deps.security,
    }),
  )
  userPickRoutes(app, createUserPickService(prisma))
}

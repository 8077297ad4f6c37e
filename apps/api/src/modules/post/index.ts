import type { TModulePlugin } from '../module-deps.ts'
import { postRoutes } from './post.routes.ts'
import { createPostService } from './post.service.ts'

/** Posts (job positions). */
export const postModule: TModulePlugin = async (app, { prisma }) => {
  postRoutes(app, createPostService(prisma))
}

import type { TModulePlugin } from '../module-deps.ts'
import { noticeRoutes } from './notice.routes.ts'
import { createNoticeService } from './notice.service.ts'

/** Notices. */
export const noticeModule: TModulePlugin = async (app, { prisma }) => {
  noticeRoutes(app, createNoticeService(prisma))
}

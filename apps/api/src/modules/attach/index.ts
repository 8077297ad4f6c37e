import type { TModulePlugin } from '../module-deps.ts'
import { attachRoutes } from './attach.service.ts'

/** Attachment files. */
export const attachModule: TModulePlugin = async (app, { prisma, oss }) => {
  attachRoutes(app, prisma, oss)
}

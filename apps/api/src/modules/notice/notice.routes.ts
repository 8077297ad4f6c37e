import type { FastifyInstance } from 'fastify'
import { registerCrudRoutes } from '../../lib/crud.ts'
import type { TNoticeService } from './notice.service.ts'

export const noticeRoutes = (app: FastifyInstance, notices: TNoticeService) => {
  registerCrudRoutes(app, notices)
}

import type { FastifyInstance } from 'fastify'
import { registerCrudRoutes } from '../../lib/crud.ts'
import type { TParamService } from './param.service.ts'

export const paramRoutes = (app: FastifyInstance, params: TParamService) => {
  registerCrudRoutes(app, params.crud)
}

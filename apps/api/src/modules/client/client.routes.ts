import type { FastifyInstance } from 'fastify'
import { registerCrudRoutes } from '../../lib/crud.ts'
import type { TClientService } from './client.service.ts'

export const clientRoutes = (app: FastifyInstance, clients: TClientService) => {
  registerCrudRoutes(app, clients)
}

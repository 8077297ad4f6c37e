import type { TModulePlugin } from '../module-deps.ts'
import { flowRoutes } from './flow.routes.ts'
import { flowAdminRoutes } from './flow-admin.routes.ts'
import { createFlowAdminService } from './flow-admin.service.ts'
import { createFlowBus } from './flow-bus.ts'
import { createFlowStartService } from './flow-start.service.ts'
import { createLeaveService } from './leave.service.ts'

/** Workflow (issue 10, decision 015): commands on instances go to the worker's engine. */
export const flowModule: TModulePlugin = async (app, { prisma, env, flowWork }) => {
  const flowBus = createFlowBus({
    redisUrl: env.REDIS_URL,
    prefix: env.QUEUE_PREFIX,
    connectTimeoutMs: env.REDIS_CONNECT_TIMEOUT_MS,
    commandTimeoutMs: env.REDIS_COMMAND_TIMEOUT_MS,
    answerTimeoutMs: env.FLOW_ANSWER_TIMEOUT_MS,
  })
  app.addHook('onClose', async () => {
    await flowBus.close()
  })
  flowRoutes(app, flowWork, createLeaveService(prisma, flowBus), createFlowStartService(prisma, flowBus))
  flowAdminRoutes(app, createFlowAdminService(prisma, flowWork), flowWork)
}

import type { TModulePlugin } from '../module-deps.ts'
import { jobRoutes } from './job.routes.ts'
import { createJobService } from './job.service.ts'
import { createJobBus } from './job-bus.ts'
import { workCalendarRoutes } from './work-calendar.routes.ts'

/** Scheduled jobs (run by the worker through the job queue) and the working-day calendar. */
export const jobModule: TModulePlugin = async (app, { prisma, env, log, workCalendar }) => {
  const jobBus = createJobBus({
    redisUrl: env.REDIS_URL,
    prefix: env.QUEUE_PREFIX,
    connectTimeoutMs: env.REDIS_CONNECT_TIMEOUT_MS,
    commandTimeoutMs: env.REDIS_COMMAND_TIMEOUT_MS,
  })
  app.addHook('onClose', async () => {
    await jobBus.close()
  })
  jobRoutes(app, createJobService(prisma, jobBus, log, env.JOB_HTTP_ALLOWED_HOSTS))
  workCalendarRoutes(app, workCalendar)
}

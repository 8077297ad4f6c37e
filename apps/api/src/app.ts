import { createPrisma, type PrismaClient, setWorkerId } from '@ysjs/db'
import type { TStorage } from '@ysjs/server-core'
import Fastify, { type FastifyInstance } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { Redis } from 'ioredis'
import { loadEnv, type TEnv } from './env.ts'
import { createCacheRegistry, type TCacheRegistry } from './lib/caches.ts'
import { createRedis, waitForRedis, watchRedis } from './lib/redis.ts'
import './lib/zod-config.ts'
import { createExportGate } from './lib/export-gate.ts'
import { createPoolWatch, type TPoolWatch } from './lib/pool-watch.ts'
import { accessModule } from './modules/access/index.ts'
import { appraiseModule } from './modules/appraise/index.ts'
import { assortModule } from './modules/assort/index.ts'
import { attachModule } from './modules/attach/index.ts'
import { authModule } from './modules/auth/index.ts'
import type { TLoginGuard } from './modules/auth/login-guard.ts'
import { createTokenService, type TJwt, type TTokenService } from './modules/auth/token.service.ts'
import { clientModule } from './modules/client/index.ts'
import { configModule } from './modules/config/index.ts'
import { dashboardModule } from './modules/dashboard/index.ts'
import { deptModule } from './modules/dept/index.ts'
import { developModule } from './modules/develop/index.ts'
import { dictModule } from './modules/dict/index.ts'
import { expertModule } from './modules/expert/index.ts'
import { flowModule } from './modules/flow/index.ts'
import { generatedModule } from './modules/generated.ts'
import { healthRoutes } from './modules/health/health.routes.ts'
import { issuerModule } from './modules/issuer/index.ts'
import { jobModule } from './modules/job/index.ts'
import type { TWorkCalendarService } from './modules/job/work-calendar.service.ts'
import { kmsModule } from './modules/kms/index.ts'
import { logModule } from './modules/log/index.ts'
import { meetingModule } from './modules/meeting/index.ts'
import { menuModule } from './modules/menu/index.ts'
import { createModuleDeps, type TModulePlugin } from './modules/module-deps.ts'
import { noticeModule } from './modules/notice/index.ts'
import { ossModule } from './modules/oss/index.ts'
import { paramModule } from './modules/param/index.ts'
import { postModule } from './modules/post/index.ts'
import { regionModule } from './modules/region/index.ts'
import { reportModule } from './modules/report/index.ts'
import { roleModule } from './modules/role/index.ts'
import { scopeModule } from './modules/scope/index.ts'
import { smsModule } from './modules/sms/index.ts'
import { surveyModule } from './modules/survey/index.ts'
import { templateModule } from './modules/template/index.ts'
import { tenantModule } from './modules/tenant/index.ts'
import { tenantPackageModule } from './modules/tenant-package/index.ts'
import { topMenuModule } from './modules/top-menu/index.ts'
import { tradingModule } from './modules/trading/index.ts'
import { userModule } from './modules/user/index.ts'
import { createPermissionChecker, installAccess, type TPermissionChecker } from './plugins/access.ts'
import { installErrorHandler } from './plugins/error-handler.ts'
import { registerExternalPlugins } from './plugins/external.ts'
import { installInputGuard } from './plugins/input-guard.ts'
import { createLogWriter, installApiLog, type TLogWriter } from './plugins/log-writer.ts'
import { installNotFound } from './plugins/not-found.ts'
import { installPoolGuard } from './plugins/pool-guard.ts'
import { installQueryBody } from './plugins/query-body.ts'
import { serverOptions } from './plugins/server-options.ts'
import { createPlatformStorage } from './plugins/storage.ts'
import { registerWebStatic } from './plugins/web-static.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** The database pool's gauges and exhaustion count (decision 006). */
    dbPool: TPoolWatch
    env: TEnv
    prisma: PrismaClient
    redis: Redis
    tokens: TTokenService
    permissions: TPermissionChecker
    caches: TCacheRegistry
    logs: TLogWriter
    storage: TStorage
    loginGuard: TLoginGuard
    /** The working-day calendar, for deadlines in other modules (`app.workCalendar.addWorkingDays`). */
    workCalendar: TWorkCalendarService
  }
}

/**
 * The domain modules, each a Fastify plugin in its own context (decision 033). The order is free: no
 * module registers hooks or decorators another reads, and the access explainer reads the route
 * registry at request time.
 */
const MODULES: readonly TModulePlugin[] = [
  configModule,
  authModule,
  menuModule,
  dictModule,
  paramModule,
  tenantModule,
  tenantPackageModule,
  regionModule,
  clientModule,
  logModule,
  reportModule,
  smsModule,
  userModule,
  deptModule,
  postModule,
  noticeModule,
  tradingModule,
  kmsModule,
  expertModule,
  dashboardModule,
  meetingModule,
  surveyModule,
  jobModule,
  roleModule,
  topMenuModule,
  scopeModule,
  accessModule,
  ossModule,
  attachModule,
  assortModule,
  templateModule,
  issuerModule,
  appraiseModule,
  flowModule,
  developModule,
  generatedModule,
]

export type TBuildOptions = {
  /** Overrides on top of process.env (tests pass their own database and Redis prefix). */
  env?: Partial<Record<keyof TEnv, string>>
  /** Use these clients instead of creating (and owning) new ones. */
  prisma?: PrismaClient
  redis?: Redis
  storage?: TStorage
  /** Where the application log goes (stdout when absent); tests read it to check what is logged. */
  logStream?: { write: (line: string) => void }
}

export const buildApp = async (options: TBuildOptions = {}): Promise<FastifyInstance> => {
  const env = loadEnv({ ...process.env, ...options.env })
  if (env.WORKER_ID !== undefined) {
    setWorkerId(env.WORKER_ID)
  }
  const app = Fastify(serverOptions(env, options.logStream))
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)

  const prisma =
    options.prisma ??
    createPrisma({
      url: env.DATABASE_URL,
      max: env.DATABASE_POOL_MAX,
      connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
      queryTimeoutMs: env.DATABASE_QUERY_TIMEOUT_MS,
      idleTimeoutMs: env.DATABASE_IDLE_TIMEOUT_MS,
    })
  const redis =
    options.redis ??
    createRedis({
      url: env.REDIS_URL,
      keyPrefix: env.REDIS_PREFIX,
      connectTimeoutMs: env.REDIS_CONNECT_TIMEOUT_MS,
      commandTimeoutMs: env.REDIS_COMMAND_TIMEOUT_MS,
    })
  if (!options.prisma) {
    // Loads Prisma's query compiler now (about 0.3 s of CPU) rather than in the first requests; it
    // opens no connection, so a database that is down does not hold the boot.
    await prisma.$connect()
  }
  if (!options.redis) {
    watchRedis(redis, app.log)
    if (!(await waitForRedis(redis, env.REDIS_CONNECT_TIMEOUT_MS))) {
      app.log.warn('Redis is not reachable: starting anyway, requests that need it answer 503 until it is')
    }
  }
  const logs = createLogWriter(prisma, app.log, env.NODE_ENV)
  const { storage, secrets } = await createPlatformStorage({
    env,
    prisma,
    log: app.log,
    fallback: options.storage,
  })
  const caches = createCacheRegistry()
  const permissions = createPermissionChecker(prisma)
  caches.register(permissions.clear)
  // Grants and menus changed through one instance reach the others' caches at once (decision 007).
  const stopBroadcast = caches.broadcast(redis, `${env.REDIS_PREFIX}cache:clear`, app.log)

  app.decorate('env', env)
  app.decorate('prisma', prisma)
  app.decorate('redis', redis)
  app.decorate('logs', logs)
  app.decorate('caches', caches)
  app.decorate('exportGate', createExportGate(env.EXPORT_CONCURRENCY))
  app.decorate('dbPool', createPoolWatch(prisma, env.DATABASE_POOL_QUEUE_MAX))
  installPoolGuard(app)
  app.decorate('permissions', permissions)
  app.decorate('storage', storage)

  await registerExternalPlugins(app, env, redis)

  // App plugins: tokens and access, errors, wire format, logs.
  const jwt: TJwt = { sign: (p) => app.jwt.sign(p), verify: <T>(t: string) => app.jwt.verify(t) as T }
  const tokens = createTokenService(jwt, redis)
  app.decorate('tokens', tokens)
  installAccess(app, tokens, permissions)
  installErrorHandler(app, logs)
  installInputGuard(app)
  installQueryBody(app)
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id)
  })
  if (env.API_LOG_ENABLED) {
    installApiLog(app, logs)
  }

  // Modules: the services they share are built once here and handed to each (decision 033).
  const deps = createModuleDeps({
    env,
    prisma,
    redis,
    log: app.log,
    logs,
    caches,
    permissions,
    tokens,
    storage,
    secrets,
  })
  app.decorate('loginGuard', deps.loginGuard)
  app.decorate('workCalendar', deps.workCalendar)
  healthRoutes(app, prisma, redis)
  for (const module of MODULES) {
    await app.register(module, deps)
  }

  if (env.WEB_DIST_DIR) {
    await registerWebStatic(app, env.WEB_DIST_DIR)
  }

  installNotFound(app)

  app.addHook('onClose', async () => {
    stopBroadcast()
    await logs.close()
    if (!options.prisma) {
      await prisma.$disconnect()
    }
    if (!options.redis) {
      redis.disconnect()
    }
  })
  return app
}

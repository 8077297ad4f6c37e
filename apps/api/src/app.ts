import { randomUUID } from 'node:crypto'
import fastifyCors from '@fastify/cors'
import fastifyFormbody from '@fastify/formbody'
import fastifyJwt from '@fastify/jwt'
import fastifyMultipart from '@fastify/multipart'
import fastifyRateLimit from '@fastify/rate-limit'
import fastifySwagger from '@fastify/swagger'
import fastifySwaggerUi from '@fastify/swagger-ui'
import { createPrisma, type PrismaClient, setWorkerId } from '@ysjs/db'
import {
  createLocalStorage,
  createS3Storage,
  createSecretBox,
  createStorageRouter,
  type TStorage,
} from '@ysjs/server-core'
import { Msg, ResultCode, UPLOAD } from '@ysjs/shared'
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { Redis } from 'ioredis'
import { loadEnv, type TEnv } from './env.ts'
import { createCacheRegistry, type TCacheRegistry } from './lib/caches.ts'
import { registerCrudRoutes } from './lib/crud.ts'
import { fail } from './lib/envelope.ts'
import { swaggerOptions } from './lib/openapi.ts'
import { redactUrl } from './lib/redact.ts'
import { createRedis, waitForRedis, watchRedis } from './lib/redis.ts'
import { sealSecretsAtRest } from './lib/secrets-at-rest.ts'
import './lib/zod-config.ts'
import { createExportGate } from './lib/export-gate.ts'
import { createImportGate } from './lib/import-gate.ts'
import { createPoolWatch, type TPoolWatch } from './lib/pool-watch.ts'
import { accessRoutes } from './modules/access/access.routes.ts'
import { createAccessService } from './modules/access/access.service.ts'
import { appraiseRoutes } from './modules/appraise/appraise.routes.ts'
import { createResultsGate } from './modules/appraise/appraise-access.ts'
import { createAppraiseAssortService } from './modules/appraise/assort.service.ts'
import { createDocumentsService } from './modules/appraise/documents.service.ts'
import { createResultsService } from './modules/appraise/results.service.ts'
import { appraiseRowsRoutes } from './modules/appraise/rows.routes.ts'
import { createRowsService } from './modules/appraise/rows.service.ts'
import { createScoringService } from './modules/appraise/scoring.service.ts'
import { createIndexTemplateService } from './modules/appraise/templates.service.ts'
import { assortRoutes } from './modules/assort/assort.routes.ts'
import { createAssortService } from './modules/assort/assort.service.ts'
import { attachRoutes } from './modules/attach/attach.service.ts'
import { authRoutes } from './modules/auth/auth.routes.ts'
import { createAuthService } from './modules/auth/auth.service.ts'
import { createLoginGuard, type TLoginGuard } from './modules/auth/login-guard.ts'
import { createSecurityLog } from './modules/auth/security-log.ts'
import { createSocialProvider } from './modules/auth/social.ts'
import { createTokenService, type TJwt, type TTokenService } from './modules/auth/token.service.ts'
import { clientRoutes } from './modules/client/client.routes.ts'
import { createClientService } from './modules/client/client.service.ts'
import { configRoutes } from './modules/config/config.routes.ts'
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts'
import { createDashboardService } from './modules/dashboard/dashboard.service.ts'
import { deptRoutes } from './modules/dept/dept.routes.ts'
import { createDeptService } from './modules/dept/dept.service.ts'
import { developRoutes } from './modules/develop/develop.routes.ts'
import { dictBizRoutes, systemDictRoutes } from './modules/dict/dict.routes.ts'
import { createDictService, dictTables } from './modules/dict/dict.service.ts'
import { expertRoutes } from './modules/expert/expert.routes.ts'
import { createExpertService } from './modules/expert/expert.service.ts'
import { createExpertProjectService } from './modules/expert/project.service.ts'
import {
  createPersonService,
  createUnitAssociationService,
  createUnitService,
} from './modules/expert/unit.service.ts'
import { flowRoutes } from './modules/flow/flow.routes.ts'
import { flowAdminRoutes } from './modules/flow/flow-admin.routes.ts'
import { createFlowAdminService } from './modules/flow/flow-admin.service.ts'
import { createFlowBus } from './modules/flow/flow-bus.ts'
import { createFlowStartService } from './modules/flow/flow-start.service.ts'
import { createFlowWorkService } from './modules/flow/flow-work.service.ts'
import { createLeaveService } from './modules/flow/leave.service.ts'
import { generatedModules } from './modules/generated.ts'
import { healthRoutes } from './modules/health/health.routes.ts'
import { issuerRoutes } from './modules/issuer/issuer.routes.ts'
import { createIssuerService } from './modules/issuer/issuer.service.ts'
import { jobRoutes } from './modules/job/job.routes.ts'
import { createJobService } from './modules/job/job.service.ts'
import { createJobBus } from './modules/job/job-bus.ts'
import { workCalendarRoutes } from './modules/job/work-calendar.routes.ts'
import { createWorkCalendarService } from './modules/job/work-calendar.service.ts'
import { kmsRoutes } from './modules/kms/kms.routes.ts'
import {
  createKmsAuthorService,
  createKmsCatalogService,
  createKmsLabelService,
  createKmsMainService,
} from './modules/kms/kms.service.ts'
import { createKmsMainExpertService } from './modules/kms/main-expert.service.ts'
import { logQueryRoutes, logRoutes } from './modules/log/log.routes.ts'
import { createLogService } from './modules/log/log.service.ts'
import { createAllocationService } from './modules/meeting/allocation.service.ts'
import {
  createCalendarService,
  createCarMaintenanceService,
  createEscortService,
  createInvoicingService,
  createRegistrantService,
} from './modules/meeting/entities.service.ts'
import { meetingRoutes } from './modules/meeting/meeting.routes.ts'
import { createMeetingService } from './modules/meeting/meeting.service.ts'
import { createRegisteredService } from './modules/meeting/registered.service.ts'
import { menuRoutes } from './modules/menu/menu.routes.ts'
import { createMenuService } from './modules/menu/menu.service.ts'
import { menuAdminRoutes } from './modules/menu/menu-admin.routes.ts'
import { createMenuAdminService } from './modules/menu/menu-admin.service.ts'
import { noticeRoutes } from './modules/notice/notice.routes.ts'
import { createNoticeService } from './modules/notice/notice.service.ts'
import { createOssService } from './modules/oss/oss.service.ts'
import { ossConfigRoutes } from './modules/oss/oss-config.routes.ts'
import { createOssConfigService } from './modules/oss/oss-config.service.ts'
import { ossEndpointRoutes } from './modules/oss/oss-endpoint.routes.ts'
import { createUploadLimits } from './modules/oss/upload-limits.ts'
import { paramRoutes } from './modules/param/param.routes.ts'
import { createParamService } from './modules/param/param.service.ts'
import { postRoutes } from './modules/post/post.routes.ts'
import { createPostService } from './modules/post/post.service.ts'
import { regionRoutes } from './modules/region/region.routes.ts'
import { createRegionService } from './modules/region/region.service.ts'
import { reportRoutes } from './modules/report/report.routes.ts'
import { createReportService } from './modules/report/report.service.ts'
import { reportDesignRoutes } from './modules/report/report-design.routes.ts'
import { createReportDesignService } from './modules/report/report-design.service.ts'
import { roleRoutes } from './modules/role/role.routes.ts'
import { createRoleService } from './modules/role/role.service.ts'
import { scopeRoutes } from './modules/scope/scope.routes.ts'
import { createScopeServices } from './modules/scope/scope.service.ts'
import { smsRoutes } from './modules/sms/sms.routes.ts'
import { createSmsService } from './modules/sms/sms.service.ts'
import { createSmsCodeService } from './modules/sms/sms-code.service.ts'
import { surveyRoutes } from './modules/survey/survey.routes.ts'
import { createSurveyDesignService } from './modules/survey/survey-design.service.ts'
import { createEvaluationService } from './modules/survey/survey-evaluation.service.ts'
import { createSurveyFillService } from './modules/survey/survey-fill.service.ts'
import { createIndustryFieldService } from './modules/survey/survey-member.service.ts'
import { createSurveyResultsService } from './modules/survey/survey-results.service.ts'
import { templateRoutes } from './modules/template/template.service.ts'
import { tenantRoutes } from './modules/tenant/tenant.routes.ts'
import { createTenantService } from './modules/tenant/tenant.service.ts'
import { tenantPackageRoutes } from './modules/tenant-package/tenant-package.routes.ts'
import { createTenantPackageService } from './modules/tenant-package/tenant-package.service.ts'
import { createTopMenuService } from './modules/top-menu/top-menu.service.ts'
import { createDealService } from './modules/trading/deal.service.ts'
import { createEquityService } from './modules/trading/equity.service.ts'
import { createTradingProjectService } from './modules/trading/project.service.ts'
import { tradingRoutes } from './modules/trading/trading.routes.ts'
import { userRoutes } from './modules/user/user.routes.ts'
import { createUserService } from './modules/user/user.service.ts'
import { userAdminRoutes } from './modules/user/user-admin.routes.ts'
import { createUserAdminService } from './modules/user/user-admin.service.ts'
import { userPickRoutes } from './modules/user/user-pick.routes.ts'
import { createUserPickService } from './modules/user/user-pick.service.ts'
import { createPermissionChecker, installAccess, type TPermissionChecker } from './plugins/access.ts'
import { installErrorHandler } from './plugins/error-handler.ts'
import { installInputGuard } from './plugins/input-guard.ts'
import { createLogWriter, type TLogWriter } from './plugins/log-writer.ts'
import { installQueryBody } from './plugins/query-body.ts'
import { HELMET_OPTIONS, installSecurityHeaders } from './plugins/security-headers.ts'
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
  }
}

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

/** `/x/:id` and `/x/*` as a regular expression over concrete paths. */
const routePattern = (url: string): RegExp =>
  new RegExp(
    `^${url
      .split(/(:\w+|\*)/)
      .map((part) =>
        part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
      )
      .join('')}$`,
  )

const REQUEST_ID = /^[\w.-]{8,64}$/

export const buildApp = async (options: TBuildOptions = {}): Promise<FastifyInstance> => {
  const env = loadEnv({ ...process.env, ...options.env })
  if (env.WORKER_ID !== undefined) {
    setWorkerId(env.WORKER_ID)
  }
  const app = Fastify({
    logger: {
      level: env.LOG_LEVEL,
      ...(options.logStream ? { stream: options.logStream } : {}),
      redact: [
        'req.headers.authorization',
        'req.headers["blade-auth"]',
        'req.headers.cookie',
        'req.headers["captcha-code"]',
      ],
      // The default request serializer logs the raw URL: a `?blade-auth=` token would be printed.
      serializers: {
        req: (req: FastifyRequest) => ({
          method: req.method,
          url: redactUrl(req.url),
          host: req.host,
          remoteAddress: req.ip,
          remotePort: req.socket?.remotePort,
        }),
      },
    },
    bodyLimit: env.BODY_LIMIT_BYTES,
    trustProxy: env.TRUST_PROXY,
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id']
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID()
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    // Requests Node's HTTP parser refuses before Fastify sees them (raw non-ASCII in the URL, a
    // malformed header line) answer the envelope too, instead of Fastify's own JSON.
    clientErrorHandler: (error, socket) => {
      const code = (error as NodeJS.ErrnoException).code
      if (code === 'ECONNRESET' || socket.destroyed) {
        return
      }
      const [status, reason, msg] =
        code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'Request Timeout', Msg.FAILURE]
          : code === 'HPE_HEADER_OVERFLOW'
            ? [431, 'Request Header Fields Too Large', Msg.PAYLOAD_TOO_LARGE]
            : [400, 'Bad Request', Msg.PARAM_TYPE_ERROR]
      const body = JSON.stringify(fail(ResultCode.FAILURE, msg))
      if (socket.writable) {
        socket.write(
          `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
        )
      }
      socket.destroy(error)
    },
    // Errors raised before routing (a URL that is not valid percent-encoding) answer the envelope too.
    frameworkErrors: (_error, _request, res) => {
      const reply = res as unknown as FastifyReply
      reply
        .code(400)
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(fail(ResultCode.FAILURE, Msg.PARAM_TYPE_ERROR)))
    },
  })
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
  const fallbackStorage =
    options.storage ??
    (env.S3_ENDPOINT
      ? createS3Storage({
          endPoint: env.S3_ENDPOINT,
          port: env.S3_PORT,
          useSSL: env.S3_USE_SSL,
          accessKey: env.S3_ACCESS_KEY,
          secretKey: env.S3_SECRET_KEY,
          bucket: env.S3_BUCKET,
        })
      : createLocalStorage(env.STORAGE_DIR))
  // The SMS and object-storage secrets are sealed at rest; plain or previous-key values are sealed
  // under DATA_KEY now (decision 026). A database that is down does not hold the boot: the next does it.
  const secrets = createSecretBox(env.DATA_KEYS.key, env.DATA_KEYS.previous)
  await sealSecretsAtRest(prisma, secrets, app.log).catch((err: unknown) => {
    app.log.warn({ err }, 'secrets at rest not sealed at boot (database unreachable?)')
  })
  // Each tenant's uploads go to its enabled object-storage config, the default driver otherwise.
  const storage = createStorageRouter({
    prisma,
    fallback: fallbackStorage,
    storageDir: env.STORAGE_DIR,
    ossAllowedHosts: env.OSS_ALLOWED_HOSTS,
    secrets,
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
  // Overload: with the pool's queue full, a request would wait the whole acquire timeout for a 503;
  // it gets it at once (the health check still answers, on its own connection).
  app.addHook('onRequest', async (request, reply) => {
    if (app.dbPool.overloaded() && request.url !== '/api/health') {
      // A full pool of live connections is said as such; a queue behind connects that do not get
      // through is the database not answering (decision 031).
      const full = app.dbPool.reachable()
      if (full) {
        app.dbPool.recordExhausted()
      }
      request.log.warn(
        { pool: app.dbPool.gauges(), service: 'database' },
        full ? 'database connection pool exhausted' : 'database unavailable',
      )
      return reply
        .code(ResultCode.SERVICE_UNAVAILABLE)
        .header('retry-after', full ? '1' : '5')
        .type('application/json; charset=utf-8')
        .send(
          JSON.stringify(
            fail(ResultCode.SERVICE_UNAVAILABLE, full ? Msg.POOL_BUSY : Msg.SERVICE_UNAVAILABLE),
          ),
        )
    }
  })
  app.decorate('permissions', permissions)
  app.decorate('storage', storage)

  // External plugins.
  installSecurityHeaders(app, HELMET_OPTIONS)
  await app.register(fastifyCors, {
    origin: env.CORS_ORIGINS ? env.CORS_ORIGINS.split(',').map((s) => s.trim()) : false,
    credentials: true,
  })
  await app.register(fastifyRateLimit, {
    global: false,
    redis,
    nameSpace: 'rate:',
    // A Redis that is down or slow must not take the API down with it: the request goes on unlimited.
    skipOnError: true,
    errorResponseBuilder: () => ({
      ...fail(ResultCode.TOO_MANY_REQUESTS, Msg.TOO_MANY_REQUESTS),
      statusCode: 429,
    }),
  })
  await app.register(fastifyFormbody)
  await app.register(fastifyMultipart, {
    limits: { fileSize: UPLOAD.ATTACHMENT_MAX_BYTES, files: 10, fields: 50 },
  })
  await app.register(fastifyJwt, {
    secret: env.JWT_SECRET,
    sign: { algorithm: 'HS256' },
    verify: { algorithms: ['HS256'] },
  })
  // Off: /api/docs* is an unknown path like any other (404).
  if (env.API_DOCS_ENABLED) {
    await app.register(fastifySwagger, swaggerOptions)
    await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' })
  }

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
    app.addHook('onResponse', async (request, reply) => {
      if (request.user && request.url.startsWith('/api/') && request.method !== 'GET') {
        logs.api(
          request,
          reply.elapsedTime,
          `${request.method} ${request.routeOptions.url ?? request.url}`,
          reply.statusCode,
        )
      }
    })
  }

  // Modules.
  const params = createParamService(prisma)
  caches.register(params.clearCache)
  const menus = createMenuService(prisma)
  caches.register(menus.clearCache)
  const loginGuard = createLoginGuard(redis)
  app.decorate('loginGuard', loginGuard)
  const security = createSecurityLog(app.log, logs)
  const sms = createSmsService(prisma, env.SMS_ALLOWED_HOSTS, secrets)
  const smsCodes = createSmsCodeService({ prisma, redis, sms, log: app.log })
  const auth = createAuthService({
    prisma,
    redis,
    env,
    tokens,
    params,
    social: createSocialProvider(env),
    guard: loginGuard,
    security,
    smsCodes,
  })
  const authRateLimit = { max: env.RATE_LIMIT_AUTH_PER_MINUTE, timeWindow: '1 minute' }

  healthRoutes(app, prisma, redis)
  configRoutes(app, env)
  authRoutes(app, auth, tokens, authRateLimit)
  menuRoutes(app, menus)
  dictBizRoutes(app, createDictService(dictTables.business(prisma)))
  systemDictRoutes(app, createDictService(dictTables.system(prisma)))
  paramRoutes(app, params)
  tenantRoutes(app, prisma, createTenantService({ prisma, params, tokens }))
  tenantPackageRoutes(app, createTenantPackageService(prisma))
  regionRoutes(app, createRegionService(prisma))
  clientRoutes(app, createClientService(prisma, env.WEB_CLIENT_ID))
  logRoutes(app, logs)
  logQueryRoutes(app, createLogService(prisma))
  reportRoutes(app, createReportService(prisma))
  smsRoutes(app, sms, smsCodes)
  userRoutes(app, createUserService({ prisma, tokens, params, storage }))
  const depts = createDeptService(prisma)
  deptRoutes(app, depts)
  postRoutes(app, createPostService(prisma))
  userAdminRoutes(app, createUserAdminService({ prisma, tokens, params, depts, guard: loginGuard, security }))
  userPickRoutes(app, createUserPickService(prisma))
  noticeRoutes(app, createNoticeService(prisma))
  tradingRoutes(app, {
    projects: createTradingProjectService(prisma),
    deals: createDealService(prisma),
    // IP records belong to appraisal applications: their access is the applications' (decision 017).
    equities: createEquityService(prisma, createResultsGate({ prisma, hasPermission: permissions.has })),
  })
  const kmsCatalogs = createKmsCatalogService(prisma)
  kmsRoutes(app, {
    catalogs: kmsCatalogs,
    entries: createKmsMainService(prisma, kmsCatalogs),
    labels: createKmsLabelService(prisma),
    authors: createKmsAuthorService(prisma),
    mainExperts: createKmsMainExpertService(prisma),
  })
  expertRoutes(app, {
    experts: createExpertService(prisma),
    units: createUnitService(prisma),
    associations: createUnitAssociationService(prisma),
    people: createPersonService(prisma),
    projects: createExpertProjectService(prisma),
    imports: createImportGate(env.IMPORT_CONCURRENCY),
  })
  const flowWork = createFlowWorkService(prisma)
  dashboardRoutes(app, createDashboardService(prisma, flowWork.todoCount))
  const meetings = createMeetingService(prisma, permissions.has)
  meetingRoutes(app, {
    meetings,
    registered: createRegisteredService(prisma, meetings),
    allocation: createAllocationService(prisma, meetings),
    calendars: createCalendarService(prisma),
    registrants: createRegistrantService(prisma, permissions.has),
    invoicings: createInvoicingService(prisma, permissions.has),
    escorts: createEscortService(prisma),
    cars: createCarMaintenanceService(prisma),
  })
  surveyRoutes(app, {
    prisma,
    design: createSurveyDesignService(prisma),
    fill: createSurveyFillService(prisma),
    results: createSurveyResultsService(prisma),
    industries: createIndustryFieldService(prisma),
    // 成果申报 creates appraisal applications through the appraisal module's (stateless) service.
    evaluation: createEvaluationService(
      prisma,
      createResultsService({ prisma, hasPermission: permissions.has }),
    ),
  })
  const jobBus = createJobBus({
    redisUrl: env.REDIS_URL,
    prefix: env.QUEUE_PREFIX,
    connectTimeoutMs: env.REDIS_CONNECT_TIMEOUT_MS,
    commandTimeoutMs: env.REDIS_COMMAND_TIMEOUT_MS,
  })
  jobRoutes(app, createJobService(prisma, jobBus, app.log, env.JOB_HTTP_ALLOWED_HOSTS))
  workCalendarRoutes(app, createWorkCalendarService(prisma))
  // Authority (issue 7 B): roles, menus, top menus, scopes, change preview, access explainer.
  const authority = { prisma, rules: permissions.rules, caches }
  const roles = createRoleService(authority)
  roleRoutes(app, roles)
  menuAdminRoutes(app, createMenuAdminService(authority), roles)
  registerCrudRoutes(app, createTopMenuService(prisma, caches))
  scopeRoutes(app, createScopeServices(prisma, caches))
  accessRoutes(
    app,
    createAccessService({
      ...authority,
      roles,
      hasPermission: permissions.has,
      findRoute: (method, path) => {
        const routes = app.routeAccess.filter((r) => r.method === method && r.url.startsWith('/api/'))
        return (
          routes.find((r) => r.url === path) ?? routes.find((r) => routePattern(r.url).test(path)) ?? null
        )
      },
    }),
  )
  const uploadLimits = createUploadLimits({ prisma, redis, params })
  const oss = createOssService({ prisma, storage, limits: uploadLimits })
  ossEndpointRoutes(app, oss)
  // Resources (issue 8): object-storage configs, attachment files, categories, templates.
  ossConfigRoutes(app, createOssConfigService(prisma, env.STORAGE_DIR, env.OSS_ALLOWED_HOSTS, secrets))
  attachRoutes(app, prisma, oss)
  assortRoutes(app, createAssortService(prisma))
  templateRoutes(app, prisma)
  // Achievement appraisal (issue 12): applications, status machine, experts and scores, documents.
  const appraisal = { prisma, hasPermission: permissions.has }
  const appraiseResults = createResultsService(appraisal)
  const appraiseTemplates = createIndexTemplateService(prisma)
  const appraiseScoring = createScoringService({
    ...appraisal,
    results: appraiseResults,
    templates: appraiseTemplates,
    param: (key: string) => params.value(key),
  })
  const appraiseAssorts = createAppraiseAssortService(prisma)
  // The centre that issues the appraisal's documents (decision 027).
  const issuer = createIssuerService(prisma)
  issuerRoutes(app, issuer)
  appraiseRoutes(app, {
    results: appraiseResults,
    scoring: appraiseScoring,
    documents: createDocumentsService({
      ...appraisal,
      oss,
      results: appraiseResults,
      scoring: appraiseScoring,
      assorts: appraiseAssorts,
      issuer,
      param: (key: string) => params.value(key),
    }),
  })
  appraiseRowsRoutes(app, {
    rows: createRowsService(appraisal),
    assorts: appraiseAssorts,
    templates: appraiseTemplates,
  })
  // Workflow (issue 10, decision 015): commands on instances go to the worker's engine.
  const flowBus = createFlowBus({
    redisUrl: env.REDIS_URL,
    prefix: env.QUEUE_PREFIX,
    connectTimeoutMs: env.REDIS_CONNECT_TIMEOUT_MS,
    commandTimeoutMs: env.REDIS_COMMAND_TIMEOUT_MS,
    answerTimeoutMs: env.FLOW_ANSWER_TIMEOUT_MS,
  })
  flowRoutes(app, flowWork, createLeaveService(prisma, flowBus), createFlowStartService(prisma, flowBus))
  flowAdminRoutes(app, createFlowAdminService(prisma, flowWork), flowWork)
  // Code generator and report designs (issue 15), then the modules the generator wrote.
  developRoutes(app, prisma, env.DATASOURCE_ALLOWED_HOSTS)
  reportDesignRoutes(app, createReportDesignService(prisma, env.REPORT_STATEMENT_TIMEOUT_MS))
  for (const module of generatedModules) {
    module.register(app, prisma)
  }

  if (env.WEB_DIST_DIR) {
    await registerWebStatic(app, env.WEB_DIST_DIR)
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0]!
    // 405 only when this exact path is a route for another method; a wildcard (the SPA fallback,
    // file links) matching any path does not make an unknown /api path a known one.
    const otherMethod = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'].some((method) => {
      if (method === request.method) {
        return false
      }
      const found = app.findRoute({ method, url: pathname })
      return found !== null && !('*' in (found.params ?? {}))
    })
    if (otherMethod) {
      return reply.code(405).send(fail(ResultCode.METHOD_NOT_SUPPORTED, Msg.METHOD_NOT_SUPPORTED))
    }
    return reply.code(404).send(fail(ResultCode.NOT_FOUND, Msg.NOT_FOUND))
  })

  app.addHook('onClose', async () => {
    stopBroadcast()
    await logs.close()
    await jobBus.close()
    await flowBus.close()
    if (!options.prisma) {
      await prisma.$disconnect()
    }
    if (!options.redis) {
      redis.disconnect()
    }
  })
  return app
}

import type { PrismaClient } from '@ysjs/db'
import type { TSecretBox, TStorageRouter } from '@ysjs/server-core'
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify'
import type { Redis } from 'ioredis'
import type { TEnv } from '../env.ts'
import type { TCacheRegistry } from '../lib/caches.ts'
import type { TPermissionChecker } from '../plugins/access.ts'
import type { TLogWriter } from '../plugins/log-writer.ts'
import { createResultsGate, type TResultsGate } from './appraise/appraise-access.ts'
import { createResultsService, type TResultsService } from './appraise/results.service.ts'
import { createLoginGuard, type TLoginGuard } from './auth/login-guard.ts'
import { createSecurityLog, type TSecurityLog } from './auth/security-log.ts'
import type { TTokenService } from './auth/token.service.ts'
import { createDeptService, type TDeptService } from './dept/dept.service.ts'
import { createFlowWorkService, type TFlowWorkService } from './flow/flow-work.service.ts'
import { createIssuerService, type TIssuerService } from './issuer/issuer.service.ts'
import { createWorkCalendarService, type TWorkCalendarService } from './job/work-calendar.service.ts'
import { createOssService, type TOssService } from './oss/oss.service.ts'
import { createUploadLimits } from './oss/upload-limits.ts'
import { createParamService, type TParamService } from './param/param.service.ts'
import { createRoleService, type TRoleService } from './role/role.service.ts'
import { createSmsService, type TSmsService } from './sms/sms.service.ts'
import { createSmsCodeService, type TSmsCodeService } from './sms/sms-code.service.ts'

/** What `app.ts` boots before any module: the clients, the caches, the access checker, the log. */
export type TPlatform = {
  env: TEnv
  prisma: PrismaClient
  redis: Redis
  log: FastifyBaseLogger
  logs: TLogWriter
  caches: TCacheRegistry
  permissions: TPermissionChecker
  tokens: TTokenService
  storage: TStorageRouter
  secrets: TSecretBox
}

/**
 * The services a module offers to other modules, each built once (decision 033). A service only one
 * module uses is built inside that module's plugin, not here.
 */
export type TSharedServices = {
  /** param → auth, tenant, user, oss (upload limits), appraise (scoring, documents). */
  params: TParamService
  /** auth → user (an administrator unlocks an account); also `app.loginGuard`. */
  loginGuard: TLoginGuard
  security: TSecurityLog
  /** sms → auth (login by SMS code). */
  sms: TSmsService
  smsCodes: TSmsCodeService
  /** dept → user (the administrator's user list filters by department). */
  depts: TDeptService
  /** role → menu (menu administration), access (the explainer). */
  roles: TRoleService
  /** oss → attach, appraise (documents are stored files). */
  oss: TOssService
  /** issuer → appraise (the centre that signs the documents, decision 027). */
  issuer: TIssuerService
  /** appraise → survey (成果申报 creates applications). */
  appraiseResults: TResultsService
  /** appraise → trading: IP records are read with their application's access (decision 017). */
  resultsGate: TResultsGate
  /** flow → dashboard (the to-do count). */
  flowWork: TFlowWorkService
  /** job → deadlines in other modules; also `app.workCalendar`. */
  workCalendar: TWorkCalendarService
}

/** The one object every module plugin receives: the platform and the shared services, nothing global. */
export type TModuleDeps = TPlatform & TSharedServices

/** A domain module: registers its services and routes in its own (encapsulated) Fastify context. */
export type TModulePlugin = FastifyPluginAsync<TModuleDeps>

export const createModuleDeps = (platform: TPlatform): TModuleDeps => {
  const { prisma, redis, env, caches, permissions, log, logs, storage, secrets } = platform
  const params = createParamService(prisma)
  caches.register(params.clearCache)
  const sms = createSmsService(prisma, env.SMS_ALLOWED_HOSTS, secrets)
  const appraisal = { prisma, hasPermission: permissions.has }
  return {
    ...platform,
    params,
    loginGuard: createLoginGuard(redis),
    security: createSecurityLog(log, logs),
    sms,
    smsCodes: createSmsCodeService({ prisma, redis, sms, log }),
    depts: createDeptService(prisma),
    roles: createRoleService({ prisma, rules: permissions.rules, caches }),
    oss: createOssService({ prisma, storage, limits: createUploadLimits({ prisma, redis, params }) }),
    issuer: createIssuerService(prisma),
    appraiseResults: createResultsService(appraisal),
    resultsGate: createResultsGate(appraisal),
    flowWork: createFlowWorkService(prisma),
    workCalendar: createWorkCalendarService(prisma),
  }
}

import type { PrismaClient } from '@ysjs/db'
import { DEFAULT_TENANT_ID, ROLE_ADMINISTRATOR } from '@ysjs/shared'
import type { FastifyBaseLogger, FastifyRequest } from 'fastify'
import type { Redis } from 'ioredis'
import type { TEnv } from '../env.ts'

/** The user a request acts as, built from the access token's claims (contract 3.3). */
export type TAuthUser = {
  userId: bigint
  tenantId: string
  account: string
  userName: string
  nickName: string
  realName: string
  roleIds: bigint[]
  /** Role aliases, e.g. `administrator`, `admin`. */
  roles: string[]
  deptIds: bigint[]
  postIds: bigint[]
  clientId: string
  oauthId: string
  jti: string
}

/** Shared services the app is built with; one instance per process. */
export type TDeps = {
  env: TEnv
  prisma: PrismaClient
  redis: Redis
}

/** What a service call needs: who acts, in which tenant, and where to log (STYLE: explicit context). */
export type TCtx = {
  user: TAuthUser | null
  tenantId: string
  log: FastifyBaseLogger
}

/** `administrator` (the platform's super administrator) holds every permission and sees every menu. */
export const isAdministrator = (user: TAuthUser | null): boolean => !!user?.roles.includes(ROLE_ADMINISTRATOR)

/** The service context of a request: its user, the user's tenant (never the body's), its logger. */
export const ctxOf = (request: FastifyRequest): TCtx => ({
  user: request.user,
  tenantId: request.user?.tenantId ?? DEFAULT_TENANT_ID,
  log: request.log,
})

/**
 * The platform administrator: `administrator` in the management tenant 000000. Only it reads and
 * manages other tenants' users, departments and roles (contract 6.4); everyone else stays in their own.
 */
export const isPlatformAdmin = (ctx: TCtx): boolean =>
  ctx.tenantId === DEFAULT_TENANT_ID && isAdministrator(ctx.user)

/** The tenant a read is for: another tenant only when the platform administrator asks for it. */
export const readTenantOf = (ctx: TCtx, requested: string | undefined): string =>
  requested && isPlatformAdmin(ctx) ? requested : ctx.tenantId

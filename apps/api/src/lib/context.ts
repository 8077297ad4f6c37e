import type { PrismaClient } from '@ysjs/db'
import { DEFAULT_TENANT_ID, ROLE_ADMINISTRATOR } from '@ysjs/shared'
import type { FastifyBaseLogger, FastifyRequest } from 'fastify'
import type { Redis } from 'ioredis'
import type { TEnv } from '../env.ts'
import { dataScopeWhere } from './data-scope.ts'
import type { TFilterFields } from './filters.ts'

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
  /**
   * The data-scope filter of a resource for this user (`lib/data-scope.ts`), null when nothing is
   * filtered. Requests always carry it; internal calls without a user have none.
   */
  dataScope?: (resourceCode: string, fields: TFilterFields) => Promise<Record<string, unknown> | null>
}

/**
 * A role with the alias `administrator` in the user's own tenant: every permission code, menu, data and
 * API scope *inside that tenant*. It is no platform power: any tenant's role may carry the alias.
 */
export const isTenantAdministrator = (user: TAuthUser | null): boolean =>
  !!user?.roles.includes(ROLE_ADMINISTRATOR)

/**
 * The one predicate for platform powers (decision 003): the `administrator` of the management tenant
 * 000000. Only it writes the platform tables (`lib/table-ownership.ts`), manages tenants, clients and
 * the code generator, and reads or changes another tenant's rows. Every such check goes through here.
 */
export const isPlatformAdmin = (user: TAuthUser | null): boolean =>
  isTenantAdministrator(user) && user?.tenantId === DEFAULT_TENANT_ID

/** The service context of a request: its user, the user's tenant (never the body's), its logger. */
export const ctxOf = (request: FastifyRequest): TCtx => {
  const user = request.user
  const rules = request.server.permissions.rules
  return {
    user,
    tenantId: user?.tenantId ?? DEFAULT_TENANT_ID,
    log: request.log,
    dataScope: async (resourceCode, fields) => {
      if (!user) {
        return null
      }
      const scopes = await rules.dataScopesOf(user, resourceCode)
      return dataScopeWhere(scopes, fields, {
        userId: user.userId,
        deptIds: user.deptIds,
        roleIds: user.roleIds,
        tenantId: user.tenantId,
        account: user.account,
        deptsWithChildren: () => rules.deptsWithChildren(user.tenantId, user.deptIds),
      })
    },
  }
}

/** The tenant a read is for: another tenant only when the platform administrator asks for it. */
export const readTenantOf = (ctx: TCtx, requested: string | undefined): string =>
  requested && isPlatformAdmin(ctx.user) ? requested : ctx.tenantId

import type { PrismaClient } from '@ysjs/db'
import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify'
import { createAccessRules } from '../lib/access-rules.ts'
import { isPlatformAdmin, isTenantAdministrator, type TAuthUser } from '../lib/context.ts'
import { AppError } from '../lib/errors.ts'
import type { TTokenService } from '../modules/auth/token.service.ts'

/**
 * Every route declares who may call it; the server is the authority and menus only mirror it.
 * - `public`: anyone; a valid token is still read so the handler knows the user.
 * - `authenticated`: any valid access token.
 * - `{ permission }`: a menu or button code granted to one of the user's roles (any of a list);
 *   `administrator` holds every permission. With `platform: true` (the contract's `SA` calls: the
 *   deployment's jobs, process definitions) only the platform's administrator (role `administrator`
 *   of tenant 000000) passes, whatever codes another tenant's roles were given; the code still says
 *   which menu or button the call belongs to.
 * - `{ role }`: one of these role aliases.
 */
export type TAccess =
  | 'public'
  | 'authenticated'
  | { permission: string | readonly string[]; platform?: true }
  | { role: readonly string[] }

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: TAccess
  }
  interface FastifyInstance {
    /**
     * Every route registered, with its declared access (docs routes are public by construction) and
     * its validation schemas (the route-wide bad-input test generates hostile values from them).
     */
    routeAccess: { method: string; url: string; access: TAccess; schema?: FastifySchema }[]
  }
}
// @fastify/jwt owns `request.user`; it holds the user the access check resolved (null when anonymous).
declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: object
    user: TAuthUser | null
  }
}

/** Permission codes (menus and buttons) of a user, from the access rules (`lib/access-rules.ts`). */
export const createPermissionChecker = (prisma: PrismaClient) => {
  const rules = createAccessRules(prisma)
  return {
    rules,
    has: async (user: TAuthUser, wanted: string | readonly string[]): Promise<boolean> => {
      if (isTenantAdministrator(user)) {
        return true
      }
      const codes = await rules.codesOf(user)
      const list = typeof wanted === 'string' ? [wanted] : wanted
      return list.some((c) => codes.has(c))
    },
    clear: () => rules.clear(),
  }
}
export type TPermissionChecker = ReturnType<typeof createPermissionChecker>

/**
 * The check a handler makes itself where the route's declared access names several codes and the
 * request decides which one it needs (a `submit` declared with add and edit: an id means edit).
 */
export const requirePermission = async (
  app: FastifyInstance,
  user: TAuthUser | null | undefined,
  code: string | readonly string[],
): Promise<void> => {
  if (!user || !(await app.permissions.has(user, code))) {
    throw AppError.forbidden()
  }
}

/** Refuses to register a route without an access declaration, then enforces it on every request. */
export const installAccess = (
  app: FastifyInstance,
  tokens: TTokenService,
  permissions: TPermissionChecker,
): void => {
  const registry: FastifyInstance['routeAccess'] = []
  app.decorate('routeAccess', registry)
  app.addHook('onRoute', (route) => {
    const declared = (route.config as { access?: TAccess } | undefined)?.access
    const access = declared ?? (route.url.startsWith('/api/docs') ? 'public' : undefined)
    if (access === undefined) {
      throw new Error(`Route ${route.method} ${route.url} declares no access (config.access)`)
    }
    registry.push({ method: String(route.method), url: route.url, access, schema: route.schema })
  })
  app.addHook('onRequest', async (request) => {
    const access =
      request.routeOptions.config?.access ?? (request.url.startsWith('/api/docs') ? 'public' : undefined)
    if (access === undefined) {
      return
    }
    const token = readToken(request)
    if (access === 'public') {
      // A bad or expired token makes a public call anonymous; Redis that cannot answer is a 503.
      request.user = token
        ? await tokens.verifyAccess(token).catch((err: unknown) => {
            if (err instanceof AppError && err.httpStatus === 401) {
              return null
            }
            throw err
          })
        : null
      return
    }
    if (!token) {
      throw AppError.unauthorized('缺失令牌,鉴权失败')
    }
    const user = await tokens.verifyAccess(token)
    request.user = user
    if (access === 'authenticated') {
      return
    }
    if ('role' in access) {
      if (!access.role.some((r) => user.roles.includes(r))) {
        throw AppError.forbidden()
      }
      return
    }
    if (access.platform ? !isPlatformAdmin(user) : !(await permissions.has(user, access.permission))) {
      throw AppError.forbidden()
    }
  })
  // API scopes (contract 6.3): an endpoint covered by a scope is closed to roles that lack it.
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access
    if (access === undefined || access === 'public' || !request.user) {
      return
    }
    const pathname = request.url.split('?')[0]!
    if (!(await permissions.rules.apiDecision(request.user, pathname)).allowed) {
      throw AppError.forbidden()
    }
  })
}

/** `Blade-Auth: bearer <jwt>` (prefix case-insensitive), else query `blade-auth` for image/download URLs. */
export const readToken = (request: FastifyRequest): string | null => {
  const header = request.headers['blade-auth']
  const raw =
    (Array.isArray(header) ? header[0] : header) ?? (request.query as Record<string, unknown>)?.['blade-auth']
  if (typeof raw !== 'string' || raw.trim() === '') {
    return null
  }
  const value = raw.trim()
  return /^bearer /i.test(value) ? value.slice(7).trim() || null : value
}

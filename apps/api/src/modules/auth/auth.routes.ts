import {
  CAPTCHA_CODE_HEADER,
  CAPTCHA_KEY_HEADER,
  DEPT_HEADER,
  MD5_HEX_META,
  ROLE_ADMINISTRATOR,
  ROLE_HEADER,
  TENANT_HEADER,
} from '@ysjs/shared'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ok, zEnvelope } from '../../lib/envelope.ts'
import type { TAuthService } from './auth.service.ts'
import type { TTokenService } from './token.service.ts'

const PREFIX = '/api/ysjs-auth/oauth'

const ZTokenParams = z
  .object({
    grant_type: z.string().max(32).optional(),
    username: z.string().max(100).optional(),
    password: z.string().max(200).meta(MD5_HEX_META).optional(),
    refresh_token: z.string().max(4096).optional(),
    tenantId: z.string().max(12).optional(),
    tenant_id: z.string().max(12).optional(),
    scope: z.string().max(100).optional(),
    type: z.string().max(32).optional(),
    source: z.string().max(32).optional(),
    code: z.string().max(2048).optional(),
    phone: z.string().max(20).optional(),
    state: z.string().max(2048).optional(),
  })
  .catchall(z.unknown())

const ZTokenResponse = z
  .object({
    access_token: z.string(),
    token_type: z.string(),
    refresh_token: z.string(),
    expires_in: z.number(),
    scope: z.string(),
    tenant_id: z.string(),
    user_id: z.string(),
    dept_id: z.string(),
    post_id: z.string(),
    role_id: z.string(),
    oauth_id: z.string(),
    account: z.string(),
    user_name: z.string(),
    nick_name: z.string(),
    real_name: z.string(),
    role_name: z.string(),
    avatar: z.string(),
    client_id: z.string(),
    detail: z.object({ type: z.string(), ext: z.string().optional() }),
    license: z.string(),
    jti: z.string(),
  })
  .describe('OAuth2 token (not wrapped in the envelope)')
const ZOAuthError = z.object({ error: z.string(), error_description: z.string() })
const ZRawStatus = z.object({ success: z.string(), msg: z.string() })

const header = (request: FastifyRequest, name: string): string | undefined => {
  const v = request.headers[name.toLowerCase()]
  return Array.isArray(v) ? v[0] : v
}

const asStrings = (o: Record<string, unknown> | undefined) =>
  Object.fromEntries(
    Object.entries(o ?? {}).map(([k, v]) => [
      k,
      typeof v === 'string' ? v : v == null ? undefined : String(v),
    ]),
  )

export const authRoutes = (
  app: FastifyInstance,
  auth: TAuthService,
  tokens: TTokenService,
  rateLimit: object,
) => {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.post(`${PREFIX}/token`, {
    config: { access: 'public', rateLimit },
    schema: {
      tags: ['auth'],
      summary: '登录/刷新令牌 (grant_type: password, captcha, refresh_token, ...)',
      querystring: ZTokenParams,
      body: ZTokenParams.nullish(),
      response: { 200: ZTokenResponse, 400: ZOAuthError, 401: ZOAuthError },
    },
    handler: async (request, reply) => {
      // Tokens must never sit in a browser or proxy cache.
      reply.header('cache-control', 'no-store').header('pragma', 'no-cache')
      return auth.token({
        // Saber sends everything in the query string; a form body is accepted as well.
        params: { ...asStrings(request.body ?? {}), ...asStrings(request.query) },
        authorization: request.headers.authorization,
        tenantHeader: header(request, TENANT_HEADER),
        captchaKey: header(request, CAPTCHA_KEY_HEADER),
        captchaCode: header(request, CAPTCHA_CODE_HEADER),
        deptHeader: header(request, DEPT_HEADER),
        roleHeader: header(request, ROLE_HEADER),
        userType: header(request, 'User-Type'),
        source: request.ip,
      })
    },
  })

  r.get(`${PREFIX}/captcha`, {
    config: { access: 'public', rateLimit },
    schema: {
      tags: ['auth'],
      summary: '验证码 (PNG data URL, 30 分钟有效, 一次性)',
      response: { 200: z.object({ key: z.string(), image: z.string() }) },
    },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store')
      return auth.captcha()
    },
  })

  // Public route: the access hook has already resolved a live token's user, if one was sent.
  const logout = async (request: FastifyRequest) => {
    if (request.user) {
      await tokens.revoke(request.user.jti)
    }
    return { success: 'true', msg: 'success' }
  }
  r.get(`${PREFIX}/logout`, {
    config: { access: 'public' },
    schema: { tags: ['auth'], summary: '退出登录 (吊销令牌)', response: { 200: ZRawStatus } },
    handler: logout,
  })
  // Saber's error-log upload posts here by mistake; logging out stays the only effect.
  r.post(`${PREFIX}/logout`, {
    config: { access: 'public' },
    schema: {
      tags: ['auth'],
      summary: '退出登录',
      body: z.unknown().nullish(),
      response: { 200: ZRawStatus },
    },
    handler: logout,
  })

  r.get(`${PREFIX}/user-info`, {
    config: { access: 'authenticated' },
    schema: {
      tags: ['auth'],
      summary: '当前令牌的用户',
      response: {
        200: zEnvelope(
          z.object({
            userId: z.string(),
            tenantId: z.string(),
            account: z.string(),
            userName: z.string(),
            nickName: z.string(),
            realName: z.string(),
            roleId: z.string(),
            roleName: z.string(),
            deptId: z.string(),
            postId: z.string(),
            clientId: z.string(),
            oauthId: z.string(),
            authorities: z.array(z.string()),
          }),
        ),
      },
    },
    handler: async (request) => {
      const u = request.user!
      return ok({
        userId: u.userId,
        tenantId: u.tenantId,
        account: u.account,
        userName: u.userName,
        nickName: u.nickName,
        realName: u.realName,
        roleId: u.roleIds.join(','),
        roleName: u.roles.join(','),
        deptId: u.deptIds.join(','),
        postId: u.postIds.join(','),
        clientId: u.clientId,
        oauthId: u.oauthId,
        authorities: u.roles,
      })
    },
  })

  // Server caches are the platform's: only its super administrator may drop them (the web app's
  // "clear cache" clears the browser's own caches for everyone).
  r.get(`${PREFIX}/clear-cache`, {
    config: { access: { role: [ROLE_ADMINISTRATOR] } },
    schema: { tags: ['auth'], summary: '清除服务端缓存', response: { 200: ZRawStatus } },
    handler: async () => {
      app.caches.clearAll()
      return { success: 'true', msg: 'success' }
    },
  })
}

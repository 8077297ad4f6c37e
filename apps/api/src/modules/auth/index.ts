import type { TModulePlugin } from '../module-deps.ts'
import { authRoutes } from './auth.routes.ts'
import { createAuthService } from './auth.service.ts'
import { createSocialProvider } from './social.ts'

/** Login, tokens, captcha and social login (`/api/blade-auth`). */
export const authModule: TModulePlugin = async (app, deps) => {
  const { env, tokens } = deps
  const auth = createAuthService({
    prisma: deps.prisma,
    redis: deps.redis,
    env,
    tokens,
    params: deps.params,
    social: createSocialProvider(env),
    guard: deps.loginGuard,
    security: deps.security,
    smsCodes: deps.smsCodes,
  })
  authRoutes(app, auth, tokens, { max: env.RATE_LIMIT_AUTH_PER_MINUTE, timeWindow: '1 minute' })
}

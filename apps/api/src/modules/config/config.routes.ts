import { DEFAULT_TENANT_ID, TOKEN_REFRESH_AGE_S, type TWebConfig, ZWebConfigSchema } from '@ysjs/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { TEnv } from '../../env.ts'
import { ok, zEnvelope } from '../../lib/envelope.ts'

/**
 * What the web app needs before login. The web client is public (like Saber's hard-coded
 * `saber:saber_secret`), so its client credentials are not a secret from the browser.
 */
export const configRoutes = (app: FastifyInstance, env: TEnv) => {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const year = new Date().getFullYear()
  r.get('/api/ysjs-system/config/web', {
    config: { access: 'public' },
    schema: { tags: ['config'], summary: '前端运行配置', response: { 200: zEnvelope(ZWebConfigSchema) } },
    handler: async () =>
      ok<TWebConfig>({
        clientId: env.WEB_CLIENT_ID,
        clientSecret: env.CLIENT_SECRET,
        captchaEnabled: env.CAPTCHA_ENABLED,
        tenantMode: env.TENANT_MODE,
        defaultTenantId: env.DEFAULT_TENANT_ID || DEFAULT_TENANT_ID,
        registerEnabled: env.REGISTER_ENABLED,
        tokenTime: TOKEN_REFRESH_AGE_S,
        ssoAuthorizeUrl: env.SSO_AUTHORIZE_URL ?? null,
        ssoLogoutUrl: env.SSO_LOGOUT_URL ?? null,
        mainSiteUrl: env.MAIN_SITE_URL,
        memberCenterUrl: env.MEMBER_CENTER_URL,
        title: env.SITE_TITLE,
        shortTitle: env.SITE_SHORT_TITLE,
        footer: {
          copyright: `Copyright © ${year} 中国有色金属工业协会 版权所有`,
          operator: '主办单位：中国有色金属工业协会科技成果转化服务中心',
          hotlines: [
            { name: '成果评价', phone: '010-63971735' },
            { name: '成果登记', phone: '010-63971736' },
            { name: '服务热线', phone: '010-63971737' },
          ],
          support: '技术支持：有色金属科技成果转化平台技术团队',
        },
      }),
  })
}

import { z } from 'zod'

/** `GET /api/ysjs-system/config/web`: what the browser needs before anything else. */
export const ZWebConfigSchema = z.object({
  clientId: z.string(),
  clientSecret: z.string(),
  captchaEnabled: z.boolean(),
  tenantMode: z.boolean(),
  defaultTenantId: z.string(),
  registerEnabled: z.boolean(),
  tokenTime: z.number(),
  ssoAuthorizeUrl: z.string().nullable(),
  ssoLogoutUrl: z.string().nullable(),
  mainSiteUrl: z.string(),
  memberCenterUrl: z.string(),
  title: z.string(),
  shortTitle: z.string(),
  footer: z.object({
    copyright: z.string(),
    operator: z.string(),
    hotlines: z.array(z.object({ name: z.string(), phone: z.string() })),
    support: z.string(),
  }),
})
export type TWebConfig = z.infer<typeof ZWebConfigSchema>
export type THotline = TWebConfig['footer']['hotlines'][number]

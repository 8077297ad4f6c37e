import { DEFAULT_TENANT_ID, TOKEN_REFRESH_AGE_S, type TWebConfig } from '@ysjs/shared'
import { createStore, useStore } from '@/lib/store'

export type { THotline, TWebConfig } from '@ysjs/shared'

export const WEB_CONFIG_URL = '/api/ysjs-system/config/web'

const FALLBACK: TWebConfig = {
  clientId: '',
  clientSecret: '',
  captchaEnabled: false,
  tenantMode: false,
  defaultTenantId: DEFAULT_TENANT_ID,
  registerEnabled: false,
  tokenTime: TOKEN_REFRESH_AGE_S,
  ssoAuthorizeUrl: null,
  ssoLogoutUrl: null,
  mainSiteUrl: '/',
  memberCenterUrl: '/topMember',
  title: '',
  shortTitle: '',
  footer: { copyright: '', operator: '', hotlines: [], support: '' },
}

export const webConfigStore = createStore<TWebConfig>(FALLBACK)

export const getWebConfig = (): TWebConfig => webConfigStore.get()

export const useWebConfig = (): TWebConfig => useStore(webConfigStore)

export const setWebConfig = (config: Partial<TWebConfig>): void =>
  webConfigStore.set({ ...FALLBACK, ...config, footer: { ...FALLBACK.footer, ...config.footer } })

export const basicAuthHeader = (config: TWebConfig): string | null =>
  config.clientId ? `Basic ${btoa(`${config.clientId}:${config.clientSecret}`)}` : null

/** Loads the configuration once at boot (public endpoint, plain fetch: the client needs it first). */
export const loadWebConfig = async (fetchImpl: typeof fetch = fetch): Promise<TWebConfig> => {
  const res = await fetchImpl(WEB_CONFIG_URL, { headers: { Accept: 'application/json' } })
  const body = (await res.json()) as { code?: number; data?: Partial<TWebConfig>; msg?: string }
  if (!res.ok || body.code !== 200 || !body.data) {
    throw new Error(body.msg ?? `HTTP ${res.status}`)
  }
  setWebConfig(body.data)
  return getWebConfig()
}

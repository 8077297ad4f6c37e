import {
  CAPTCHA_CODE_HEADER,
  CAPTCHA_KEY_HEADER,
  type TCaptcha,
  TENANT_HEADER,
  type TMenu,
  type TTenantInfo,
  type TTokenResponse,
} from '@ysjs/shared'
import { md5 } from 'js-md5'
import { http, TOKEN_URL } from '@/lib/http'

const AUTH = '/api/ysjs-auth/oauth'
const SYSTEM = '/api/ysjs-system'

type THeaders = Record<string, string>

export type TPasswordLogin = {
  tenantId: string
  username: string
  password: string
  captcha?: { key: string; code: string }
}

/** Password (or captcha) grant; the password travels as md5 hex. */
export const loginByPassword = (form: TPasswordLogin): Promise<TTokenResponse> => {
  const headers: THeaders = { [TENANT_HEADER]: form.tenantId }
  if (form.captcha) {
    headers[CAPTCHA_KEY_HEADER] = form.captcha.key
    headers[CAPTCHA_CODE_HEADER] = form.captcha.code
  }
  return http.request<TTokenResponse>({
    url: TOKEN_URL,
    method: 'POST',
    params: {
      tenantId: form.tenantId,
      username: form.username,
      password: md5(form.password),
      grant_type: form.captcha ? 'captcha' : 'password',
      scope: 'all',
      type: 'account',
    },
    headers,
    raw: true,
    auth: false,
    refreshOn401: false,
  })
}

export type TSocialLogin = { tenantId: string; source: string; code: string; state: string }

/** Third-party login: the server exchanges the code with the configured provider. */
export const loginBySocial = (form: TSocialLogin): Promise<TTokenResponse> =>
  http.request<TTokenResponse>({
    url: TOKEN_URL,
    method: 'POST',
    params: { ...form, grant_type: 'social', scope: 'all' },
    headers: { [TENANT_HEADER]: form.tenantId },
    raw: true,
    auth: false,
    refreshOn401: false,
  })

export const fetchCaptcha = (): Promise<TCaptcha> =>
  http.request<TCaptcha>({ url: `${AUTH}/captcha`, raw: true, auth: false })

/** Revokes the token on the server; the local session is cleared whatever it answers. */
export const revokeToken = (): Promise<unknown> =>
  http.request({ url: `${AUTH}/logout`, raw: true, silent: true, refreshOn401: false })

export const clearServerCache = (): Promise<unknown> =>
  http.request({ url: `${AUTH}/clear-cache`, raw: true })

/** The tenant bound to this site's domain, if any (the login form then hides the tenant box). */
export const fetchTenantInfo = async (): Promise<TTenantInfo | null> => {
  const info = await http.get<TTenantInfo | null>(
    `${SYSTEM}/tenant/info`,
    { domain: window.location.origin },
    { auth: false, silent: true },
  )
  return info?.tenantId ? info : null
}

const asTree = (data: unknown): TMenu[] => (Array.isArray(data) ? (data as TMenu[]) : [])

export const fetchMenuRoutes = async (): Promise<TMenu[]> => asTree(await http.get(`${SYSTEM}/menu/routes`))

export const fetchMenuButtons = async (): Promise<TMenu[]> => asTree(await http.get(`${SYSTEM}/menu/buttons`))

export type TGuestRegistration = {
  tenantId: string
  name: string
  account: string
  password: string
  oauthId: string
}

export const registerGuest = (form: TGuestRegistration): Promise<unknown> =>
  http.post(`${SYSTEM}/user/register-guest`, { ...form, password: md5(form.password) }, { silent: true })

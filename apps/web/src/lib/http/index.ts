import { TENANT_HEADER, type TTokenResponse } from '@ysjs/shared'
import i18next from 'i18next'
import { basicAuthHeader, getWebConfig } from '@/lib/config/webConfig'
import { notify } from '@/lib/notify'
import { endSession } from '@/lib/session/endSession'
import { getAccessToken, saveToken, sessionStore } from '@/lib/session/session'
import { createTokenRefresher } from '@/lib/session/tokenRefresh'
import { createHttpClient } from './client'

export const TOKEN_URL = '/api/ysjs-auth/oauth/token'

/** `grant_type=refresh_token`, answered like a login. */
const requestRefresh = async (): Promise<TTokenResponse | null> => {
  const { refreshToken, tenantId } = sessionStore.get()
  if (!refreshToken) {
    return null
  }
  return http.request<TTokenResponse>({
    url: TOKEN_URL,
    method: 'POST',
    params: { grant_type: 'refresh_token', refresh_token: refreshToken, tenantId, scope: 'all' },
    headers: { [TENANT_HEADER]: tenantId },
    raw: true,
    silent: true,
    auth: false,
    refreshOn401: false,
  })
}

export const tokenRefresher = createTokenRefresher({ requestRefresh, onRefreshed: saveToken })

/** The one HTTP client of the app. */
export const http = createHttpClient({
  getAccessToken,
  getBasicAuth: () => basicAuthHeader(getWebConfig()),
  refresh: () => tokenRefresher.refresh(),
  onExpired: endSession,
  notify,
  messages: {
    systemError: () => i18next.t('msg.systemError'),
    tokenExpired: () => i18next.t('msg.tokenExpired'),
  },
})

export { HttpError } from './errors'

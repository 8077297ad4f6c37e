import { getWebConfig } from '@/lib/config/webConfig'
import { leaveTo, navigateTo } from '@/lib/navigation'
import { clearSession } from './session'

const absolute = (url: string): string => new URL(url, window.location.origin).toString()

/** The single sign-on logout address, carrying the way back to the main site. */
export const ssoLogoutAddress = (ssoLogoutUrl: string, mainSiteUrl: string): string => {
  const url = new URL(ssoLogoutUrl, window.location.origin)
  url.searchParams.set('redirect_uri', absolute(mainSiteUrl))
  return url.toString()
}

/** After a logout: the SSO logout address when one is configured, else the login page. */
export const redirectAfterLogout = (): void => {
  const { ssoLogoutUrl, mainSiteUrl } = getWebConfig()
  if (ssoLogoutUrl) {
    leaveTo(ssoLogoutAddress(ssoLogoutUrl, mainSiteUrl))
    return
  }
  navigateTo('/login', { replace: true })
}

/** The session is over (logout or expiry): clear everything, then leave. */
export const endSession = (): void => {
  clearSession()
  redirectAfterLogout()
}

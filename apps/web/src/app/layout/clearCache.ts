import type { QueryClient } from '@tanstack/react-query'
import { ROLE_ADMINISTRATOR } from '@ysjs/shared'
import { LANGUAGE_KEY } from '@/app/i18n'
import { clearServerCache } from '@/features/auth/api/authApi'
import { SESSION_KEYS, type TSessionUser, userRoles } from '@/lib/session/session'
import { clearStore } from '@/lib/session/storage'
import { TABS_KEY } from '@/lib/session/tabs'

/**
 * Drops what the browser keeps of the server's data: every query's data (the screens on show fetch
 * theirs again, the menu included) and the app's other stored values. The session, the open tabs and
 * the language stay.
 */
export const clearBrowserCaches = (queryClient: QueryClient): void => {
  clearStore('local', [...SESSION_KEYS, TABS_KEY, LANGUAGE_KEY])
  clearStore('session')
  queryClient.getMutationCache().clear()
  void queryClient.resetQueries()
}

/**
 * 清除缓存: the server's caches too when the user is an administrator (the server refuses anyone
 * else), then the browser's. Resolves false when the server's part failed (the HTTP client has said
 * why).
 */
export const clearCaches = async (queryClient: QueryClient, user: TSessionUser | null): Promise<boolean> => {
  let serverCleared = true
  if (userRoles(user).includes(ROLE_ADMINISTRATOR)) {
    serverCleared = await clearServerCache().then(
      () => true,
      () => false,
    )
  }
  clearBrowserCaches(queryClient)
  return serverCleared
}

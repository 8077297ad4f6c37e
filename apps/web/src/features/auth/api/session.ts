import { queryOptions, useQuery } from '@tanstack/react-query'
import type { TTokenResponse } from '@ysjs/shared'
import { MainLayout } from '@/app/layout/routes'
import { queryClient } from '@/app/queryClient'
import { isGuestUser, setButtons, setMenus, startSession } from '@/lib/session/session'
import { fetchMenuButtons, fetchMenuRoutes } from './authApi'

/** Every query of the logged-in session lives under this key; a new session starts without them. */
export const SESSION_QUERY_KEY = ['session'] as const

// The menu and the button permissions are fetched once per session: the login starts both, and the
// layout, mounting while they are in flight (or after), joins the same queries instead of asking again.
// The session store keeps what they answered (and localStorage, so a reload renders the stored copy).
export const menuRoutesQuery = queryOptions({
  queryKey: [...SESSION_QUERY_KEY, 'menu-routes'],
  queryFn: async () => {
    const menus = await fetchMenuRoutes()
    setMenus(menus)
    return menus
  },
  staleTime: Number.POSITIVE_INFINITY,
})

export const menuButtonsQuery = queryOptions({
  queryKey: [...SESSION_QUERY_KEY, 'menu-buttons'],
  queryFn: async () => {
    const buttons = await fetchMenuButtons()
    setButtons(buttons)
    return buttons
  },
  staleTime: Number.POSITIVE_INFINITY,
})

/**
 * The menu and the button permissions, once per session: after a login this joins the requests the
 * login started; after a reload it refreshes the stored copy, which renders first. `menuLoading`: the
 * menu is on its way, so a path it does not (yet) route is not a 404 yet.
 */
export const useSessionMenus = (enabled: boolean): { menuLoading: boolean } => {
  const routes = useQuery({ ...menuRoutesQuery, enabled })
  useQuery({ ...menuButtonsQuery, enabled })
  return { menuLoading: enabled && routes.isFetching }
}

/** Starts loading the menu and the button permissions (a failure is toasted by the HTTP client). */
export const prefetchMenusAndPermissions = (): void => {
  void queryClient.prefetchQuery(menuRoutesQuery)
  void queryClient.prefetchQuery(menuButtonsQuery)
}

/** The layout's code, fetched while the login request is in flight so the shell paints at once. */
export const preloadShell = (): void => {
  void MainLayout.preload().catch(() => undefined)
}

/**
 * A successful login: a new session (no old tabs, lock or session queries), and the menu requested
 * at once. The caller navigates without waiting for it: the shell paints, then the menu fills in.
 */
export const completeLogin = (res: TTokenResponse): void => {
  queryClient.removeQueries({ queryKey: SESSION_QUERY_KEY })
  startSession(res)
  if (!isGuestUser(res)) {
    prefetchMenusAndPermissions()
  }
}

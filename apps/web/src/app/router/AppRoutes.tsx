import { Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { matchRoutes, Navigate, useLocation, useNavigate, useRoutes } from 'react-router-dom'
import { PageLoading } from '@/components/layout/PageLoading'
import { useSessionMenus } from '@/features/auth/api/session'
import { useWebConfig } from '@/lib/config/webConfig'
import { leaveTo, setNavigator, type TNavigate } from '@/lib/navigation'
import { dismissScreenToasts } from '@/lib/notify'
import { clearSession, isGuestUser, useSession } from '@/lib/session/session'
import { addTab, updateTabs } from '@/lib/session/tabs'
import { decideNavigation, LOGIN_PATH } from './guard'
import type { TRouteMeta } from './meta'
import { menuVisibleStore } from './navigationState'
import { RouterStateProvider } from './routerState'
import { buildRoutes } from './routes'

const pageTitle = (meta: TRouteMeta, search: string, t: (key: string) => string): string => {
  const name = new URLSearchParams(search).get('name')
  if (meta.titleKey && !name) {
    return t(meta.titleKey)
  }
  return name ?? meta.title ?? ''
}

/** The route table (fixed routes plus the user's menu) behind the navigation guard. */
export const AppRoutes = () => {
  const { t, i18n } = useTranslation()
  const navigate = useNavigate()
  const location = useLocation()
  const menus = useSession((s) => s.menus)
  const accessToken = useSession((s) => s.accessToken)
  const locked = useSession((s) => s.lock.locked)
  const guest = useSession((s) => isGuestUser(s.user))
  const { memberCenterUrl } = useWebConfig()
  const routes = useMemo(() => buildRoutes(menus), [menus])
  const element = useRoutes(routes, location)

  // react-router's navigate changes with the path; the shell gets one that never does.
  const latestNavigate = useRef(navigate)
  useLayoutEffect(() => {
    latestNavigate.current = navigate
  }, [navigate])
  const stableNavigate = useCallback<TNavigate>((to, options) => latestNavigate.current(to, options), [])
  useEffect(() => setNavigator(stableNavigate), [stableNavigate])

  const { pathname, search } = location
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of the path
  useEffect(() => dismissScreenToasts(), [pathname])
  // Matching ranks every route (one per menu leaf): once per path, not on every change of the query.
  const { meta, unknownPath } = useMemo(() => {
    const route = matchRoutes(routes, pathname)?.at(-1)?.route
    return { meta: (route?.handle as TRouteMeta | undefined) ?? {}, unknownPath: route?.path === '*' }
  }, [routes, pathname])
  // The user's menu is the route table: a page opened before it arrived (a reload right after the
  // login, a link) waits for it rather than being a 404.
  const { menuLoading } = useSessionMenus(!!accessToken && !guest && !locked && pathname !== LOGIN_PATH)
  const decision = useMemo(
    () =>
      decideNavigation({
        pathname,
        search,
        meta,
        hasToken: accessToken !== null,
        token: accessToken ?? '',
        locked,
        memberCenterUrl,
      }),
    [pathname, search, meta, accessToken, locked, memberCenterUrl],
  )

  useEffect(() => {
    menuVisibleStore.set(decision.showMenu)
    if (decision.kind === 'redirect' && decision.clearSession) {
      clearSession()
    }
    if (decision.kind === 'external') {
      leaveTo(decision.url)
    }
    if (decision.kind === 'allow' && decision.tab) {
      const tab = decision.tab
      updateTabs((s) => addTab(s, tab))
    }
  }, [decision])

  const title = pageTitle(meta, location.search, t)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the title follows the language too
  useEffect(() => {
    if (decision.kind === 'allow' && title) {
      document.title = title
    }
  }, [decision.kind, title, i18n.language])

  if (decision.kind === 'redirect') {
    return <Navigate to={decision.to} replace />
  }
  if (decision.kind === 'external' || (unknownPath && menuLoading)) {
    return <PageLoading />
  }
  return (
    <RouterStateProvider pathname={pathname} navigate={stableNavigate}>
      <Suspense fallback={<PageLoading />}>{element}</Suspense>
    </RouterStateProvider>
  )
}

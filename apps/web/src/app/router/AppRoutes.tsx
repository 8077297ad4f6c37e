import { Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { matchRoutes, Navigate, useLocation, useNavigate, useRoutes } from 'react-router-dom'
import { PageLoading } from '@/components/layout/PageLoading'
import { useWebConfig } from '@/lib/config/webConfig'
import { leaveTo, setNavigator, type TNavigate } from '@/lib/navigation'
import { clearSession, useSession } from '@/lib/session/session'
import { addTab, updateTabs } from '@/lib/session/tabs'
import { decideNavigation } from './guard'
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
  // Matching ranks every route (one per menu leaf): once per path, not on every change of the query.
  const meta = useMemo<TRouteMeta>(
    () => (matchRoutes(routes, pathname)?.at(-1)?.route.handle as TRouteMeta | undefined) ?? {},
    [routes, pathname],
  )
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
  if (decision.kind === 'external') {
    return <PageLoading />
  }
  return (
    <RouterStateProvider pathname={pathname} navigate={stableNavigate}>
      <Suspense fallback={<PageLoading />}>{element}</Suspense>
    </RouterStateProvider>
  )
}

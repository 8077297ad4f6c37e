import type { TMenu } from '@ysjs/shared'
import { Navigate, type RouteObject } from 'react-router-dom'
import { MainLayout } from '@/app/layout/routes'
import { composedScreens } from '@/app/screens/routes'
import { appraiseScreens } from '@/features/appraise/routes'
import { authScreens, LockPage, LoginPage } from '@/features/auth/routes'
import { deskScreens } from '@/features/desk/routes'
import { developScreens } from '@/features/develop/routes'
import {
  ForbiddenPage,
  IframePage,
  NotFoundPage,
  ServerErrorPage,
  UnderConstructionPage,
  underConstructionScreens,
} from '@/features/errors/routes'
import { expertScreens } from '@/features/expert/routes'
import { flowScreens } from '@/features/flow/routes'
import { generatedScreens } from '@/features/generated/routes'
import { issuerScreens } from '@/features/issuer/routes'
import { jobScreens } from '@/features/job/routes'
import { kmsScreens } from '@/features/kms/routes'
import { logScreens } from '@/features/log/routes'
import { meetingScreens } from '@/features/meeting/routes'
import { reportScreens } from '@/features/report/routes'
import { resourceScreens } from '@/features/resource/routes'
import { smsScreens } from '@/features/resource/sms/routes'
import { TestPage } from '@/features/selfcheck/routes'
import { surveyScreens } from '@/features/survey/routes'
import { systemScreens } from '@/features/system/routes'
import { tradingScreens } from '@/features/trading/routes'
import { userScreens } from '@/features/user/routes'
import { welScreens } from '@/features/wel/routes'
import { menuRoutes } from './menuRoutes'
import type { TRouteMeta } from './meta'
import type { TScreenRegistry } from './screen'

export const screens: TScreenRegistry = {
  ...underConstructionScreens,
  ...welScreens,
  ...userScreens,
  ...deskScreens,
  ...systemScreens,
  ...resourceScreens,
  ...kmsScreens,
  ...expertScreens,
  ...logScreens,
  ...reportScreens,
  ...smsScreens,
  ...jobScreens,
  ...tradingScreens,
  ...meetingScreens,
  ...appraiseScreens,
  ...issuerScreens,
  ...surveyScreens,
  ...composedScreens,
  ...authScreens,
  ...flowScreens,
  ...developScreens,
  ...generatedScreens,
}

const route = (path: string, element: RouteObject['element'], handle: TRouteMeta): RouteObject => ({
  path,
  element,
  handle,
})

/** Fixed routes, the spec's layout routes, then one route per menu leaf; unknown paths go to /404. */
export const buildRoutes = (menus: TMenu[]): RouteObject[] => {
  const items = menuRoutes(menus)
  const menuTitles = new Map(items.map((item) => [item.path, item.title]))
  // A fixed screen that is also a menu is named as the menu names it, like every other page.
  const layoutChildren: RouteObject[] = Object.entries(screens)
    .filter(([, screen]) => screen.fixed)
    .map(([path, screen]) => {
      const title = menuTitles.get(path)
      const meta: TRouteMeta = title ? { title } : { titleKey: screen.titleKey }
      return route(path, <screen.component />, screen.isAuth === false ? { ...meta, isAuth: false } : meta)
    })
  const routed = new Set(layoutChildren.map((r) => r.path))
  for (const item of items) {
    if (routed.has(item.path)) {
      continue
    }
    routed.add(item.path)
    const Screen = screens[item.path]?.component ?? UnderConstructionPage
    layoutChildren.push(route(item.path, <Screen />, { title: item.title }))
  }
  layoutChildren.push(
    route('/test', <TestPage />, { titleKey: 'route.test' }),
    route('/myiframe/*', <IframePage />, { titleKey: 'route.iframe' }),
  )

  return [
    route('/login', <LoginPage />, { isAuth: false, isTab: false, menu: false, titleKey: 'route.login' }),
    route('/lock', <LockPage />, { isTab: false, menu: false, titleKey: 'route.lock' }),
    route('/404', <NotFoundPage />, { isAuth: false, isTab: false, titleKey: 'route.notFound' }),
    route('/403', <ForbiddenPage />, { isAuth: false, isTab: false, titleKey: 'route.forbidden' }),
    route('/500', <ServerErrorPage />, { isAuth: false, isTab: false, titleKey: 'route.serverError' }),
    route('/', <Navigate to="/wel" replace />, { isTab: false }),
    route('/wel', <Navigate to="/wel/index" replace />, { isTab: false }),
    { element: <MainLayout />, children: layoutChildren },
    // Whether a path is a page depends on the user's menu: without a token the guard sends it to /login.
    route('*', <Navigate to="/404" replace />, { isTab: false }),
  ]
}

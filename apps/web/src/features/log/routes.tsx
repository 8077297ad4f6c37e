import type { TScreenRegistry } from '@/app/router/screen'
import { lazyScreen } from '@/lib/lazy'

const UsualLogPage = lazyScreen(() => import('./LogPages'), 'UsualLogPage')
const ApiLogPage = lazyScreen(() => import('./LogPages'), 'ApiLogPage')
const ErrorLogPage = lazyScreen(() => import('./LogPages'), 'ErrorLogPage')

/** The seeded menus of 日志管理 (`/monitor/log/*`). */
export const logScreens: TScreenRegistry = {
  '/monitor/log/usual': { component: UsualLogPage, titleKey: 'log.route.usual' },
  '/monitor/log/api': { component: ApiLogPage, titleKey: 'log.route.api' },
  '/monitor/log/error': { component: ErrorLogPage, titleKey: 'log.route.error' },
}

import { screen, type TScreenRegistry } from '@/app/router/screen'

const logPages = () => import('./LogPages')

/** The seeded menus of 日志管理 (`/monitor/log/*`). */
export const logScreens: TScreenRegistry = {
  '/monitor/log/usual': screen(logPages, 'UsualLogPage', 'log.route.usual'),
  '/monitor/log/api': screen(logPages, 'ApiLogPage', 'log.route.api'),
  '/monitor/log/error': screen(logPages, 'ErrorLogPage', 'log.route.error'),
}

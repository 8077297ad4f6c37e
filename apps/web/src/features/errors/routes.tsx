import type { TScreenRegistry } from '@/app/router/screen'
import { lazyScreen } from '@/lib/lazy'

const errorPages = () => import('./components/ErrorPages')

export const NotFoundPage = lazyScreen(errorPages, 'NotFoundPage')
export const ForbiddenPage = lazyScreen(errorPages, 'ForbiddenPage')
export const ServerErrorPage = lazyScreen(errorPages, 'ServerErrorPage')
export const IframePage = lazyScreen(() => import('./components/IframePage'), 'IframePage')
export const UnderConstructionPage = lazyScreen(
  () => import('./components/UnderConstructionPage'),
  'UnderConstructionPage',
)

/** The spec's fixed layout routes whose screens arrive with later issues. */
const PENDING: [string, string][] = [
  ['/work/process/leave/form/:processDefinitionId', 'route.leaveForm'],
  ['/work/process/leave/handle/:taskId/:processInstanceId/:businessId', 'route.leaveHandle'],
  ['/work/process/leave/detail/:processInstanceId/:businessId', 'route.leaveDetail'],
]

export const underConstructionScreens: TScreenRegistry = Object.fromEntries(
  PENDING.map(([path, titleKey]) => [path, { component: UnderConstructionPage, titleKey, fixed: true }]),
)

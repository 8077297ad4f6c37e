import type { TScreenRegistry } from '@/app/router/screen'
import { lazyScreen } from '@/lib/lazy'

const HomePage = lazyScreen(() => import('./components/HomePage'), 'HomePage')
const DashboardPage = lazyScreen(() => import('./components/DashboardPage'), 'DashboardPage')

export const welScreens: TScreenRegistry = {
  '/wel/index': { component: HomePage, titleKey: 'route.home', fixed: true },
  '/wel/dashboard': { component: DashboardPage, titleKey: 'route.dashboard', fixed: true },
}

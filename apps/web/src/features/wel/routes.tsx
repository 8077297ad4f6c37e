import { screen, type TScreenRegistry } from '@/app/router/screen'

export const welScreens: TScreenRegistry = {
  '/wel/index': screen(() => import('./components/HomePage'), 'HomePage', 'route.home', { fixed: true }),
  '/wel/dashboard': screen(() => import('./components/DashboardPage'), 'DashboardPage', 'route.dashboard', {
    fixed: true,
  }),
}

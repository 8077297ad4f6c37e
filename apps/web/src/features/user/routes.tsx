import { screen, type TScreenRegistry } from '@/app/router/screen'

export const userScreens: TScreenRegistry = {
  '/info/index': screen(() => import('./components/InfoPage'), 'InfoPage', 'route.info', { fixed: true }),
}

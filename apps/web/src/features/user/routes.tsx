import type { TScreenRegistry } from '@/app/router/screen'
import { lazyScreen } from '@/lib/lazy'

const InfoPage = lazyScreen(() => import('./components/InfoPage'), 'InfoPage')

export const userScreens: TScreenRegistry = {
  '/info/index': { component: InfoPage, titleKey: 'route.info', fixed: true },
}

import type { TScreenRegistry } from '@/app/router/screen'
import { lazyScreen } from '@/lib/lazy'

const NoticePage = lazyScreen(() => import('./notice/NoticePage'), 'NoticePage')

export const deskScreens: TScreenRegistry = {
  '/desk/notice': { component: NoticePage, titleKey: 'route.notice' },
}

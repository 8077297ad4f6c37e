import { screen, type TScreenRegistry } from '@/app/router/screen'

export const deskScreens: TScreenRegistry = {
  '/desk/notice': screen(() => import('./notice/NoticePage'), 'NoticePage', 'route.notice'),
}

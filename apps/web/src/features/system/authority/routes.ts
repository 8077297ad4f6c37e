import { screen, type TScreenRegistry } from '@/app/router/screen'

const menuPages = () => import('./components/MenuPage')

/** The authority screens under their seeded menu paths. */
export const authorityScreens: TScreenRegistry = {
  '/authority/role': screen(() => import('./components/RolePage'), 'RolePage', 'authority.route.role'),
  '/authority/datascope': screen(menuPages, 'DataScopePage', 'authority.route.dataScope'),
  '/authority/apiscope': screen(menuPages, 'ApiScopePage', 'authority.route.apiScope'),
  '/system/menu': screen(menuPages, 'MenuPage', 'authority.route.menu'),
  '/system/topmenu': screen(
    () => import('./components/TopMenuPage'),
    'TopMenuPage',
    'authority.route.topmenu',
  ),
}

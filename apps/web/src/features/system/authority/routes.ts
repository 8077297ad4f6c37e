import type { TScreenRegistry } from '@/app/router/screen'
import { lazyScreen } from '@/lib/lazy'

const RolePage = lazyScreen(() => import('./components/RolePage'), 'RolePage')
const MenuPage = lazyScreen(() => import('./components/MenuPage'), 'MenuPage')
const DataScopePage = lazyScreen(() => import('./components/MenuPage'), 'DataScopePage')
const ApiScopePage = lazyScreen(() => import('./components/MenuPage'), 'ApiScopePage')
const TopMenuPage = lazyScreen(() => import('./components/TopMenuPage'), 'TopMenuPage')

/** The authority screens under their seeded menu paths. */
export const authorityScreens: TScreenRegistry = {
  '/authority/role': { component: RolePage, titleKey: 'authority.route.role' },
  '/authority/datascope': { component: DataScopePage, titleKey: 'authority.route.dataScope' },
  '/authority/apiscope': { component: ApiScopePage, titleKey: 'authority.route.apiScope' },
  '/system/menu': { component: MenuPage, titleKey: 'authority.route.menu' },
  '/system/topmenu': { component: TopMenuPage, titleKey: 'authority.route.topmenu' },
}

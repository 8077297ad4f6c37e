import { screen, type TScreenRegistry } from '@/app/router/screen'
import { lazyScreen } from '@/lib/lazy'
import { authorityScreens } from './authority/routes'

const dictHorizontal = () => import('./dict-biz/components/DictHorizontalPage')
// One screen under both paths (a switch between them keeps the page, as it did).
const DictHorizontalPage = lazyScreen(dictHorizontal, 'DictHorizontalPage')

export const systemScreens: TScreenRegistry = {
  ...authorityScreens,
  '/system/tenant': screen(() => import('./tenant/TenantPage'), 'TenantPage', 'route.tenant'),
  '/system/tenantpackage': screen(
    () => import('./tenant-package/TenantPackagePage'),
    'TenantPackagePage',
    'route.tenantPackage',
  ),
  '/base/region': screen(() => import('./region/RegionPage'), 'RegionPage', 'route.region'),
  '/system/client': screen(() => import('./client/ClientPage'), 'ClientPage', 'route.client'),
  '/system/param': screen(() => import('./param/ParamPage'), 'ParamPage', 'route.param'),
  '/system/user': screen(() => import('./user/UserPage'), 'UserPage', 'sysOrg.route.user'),
  '/system/dept': screen(() => import('./dept/DeptPage'), 'DeptPage', 'sysOrg.route.dept'),
  '/system/post': screen(() => import('./post/PostPage'), 'PostPage', 'sysOrg.route.post'),
  '/system/dict': screen(dictHorizontal, 'SystemDictPage', 'route.dict'),
  '/system/dictbiz': { component: DictHorizontalPage, titleKey: 'route.dictBiz' },
  '/dict-horizontal/index': { component: DictHorizontalPage, titleKey: 'route.dictHorizontal', fixed: true },
  '/dict-vertical/index': screen(
    () => import('./dict-biz/components/DictVerticalPage'),
    'DictVerticalPage',
    'route.dictVertical',
    { fixed: true },
  ),
}

import type { TScreenRegistry } from '@/app/router/screen'
import { lazyScreen } from '@/lib/lazy'
import { authorityScreens } from './authority/routes'

const ParamPage = lazyScreen(() => import('./param/ParamPage'), 'ParamPage')
const UserPage = lazyScreen(() => import('./user/UserPage'), 'UserPage')
const DeptPage = lazyScreen(() => import('./dept/DeptPage'), 'DeptPage')
const PostPage = lazyScreen(() => import('./post/PostPage'), 'PostPage')
const DictHorizontalPage = lazyScreen(
  () => import('./dict-biz/components/DictHorizontalPage'),
  'DictHorizontalPage',
)
const SystemDictPage = lazyScreen(() => import('./dict-biz/components/DictHorizontalPage'), 'SystemDictPage')
const DictVerticalPage = lazyScreen(
  () => import('./dict-biz/components/DictVerticalPage'),
  'DictVerticalPage',
)

const TenantPage = lazyScreen(() => import('./tenant/TenantPage'), 'TenantPage')
const TenantPackagePage = lazyScreen(() => import('./tenant-package/TenantPackagePage'), 'TenantPackagePage')
const RegionPage = lazyScreen(() => import('./region/RegionPage'), 'RegionPage')
const ClientPage = lazyScreen(() => import('./client/ClientPage'), 'ClientPage')

export const systemScreens: TScreenRegistry = {
  ...authorityScreens,
  '/system/tenant': { component: TenantPage, titleKey: 'route.tenant' },
  '/system/tenantpackage': { component: TenantPackagePage, titleKey: 'route.tenantPackage' },
  '/base/region': { component: RegionPage, titleKey: 'route.region' },
  '/system/client': { component: ClientPage, titleKey: 'route.client' },
  '/system/param': { component: ParamPage, titleKey: 'route.param' },
  '/system/user': { component: UserPage, titleKey: 'sysOrg.route.user' },
  '/system/dept': { component: DeptPage, titleKey: 'sysOrg.route.dept' },
  '/system/post': { component: PostPage, titleKey: 'sysOrg.route.post' },
  '/system/dict': { component: SystemDictPage, titleKey: 'route.dict' },
  '/system/dictbiz': { component: DictHorizontalPage, titleKey: 'route.dictBiz' },
  '/dict-horizontal/index': { component: DictHorizontalPage, titleKey: 'route.dictHorizontal', fixed: true },
  '/dict-vertical/index': { component: DictVerticalPage, titleKey: 'route.dictVertical', fixed: true },
}

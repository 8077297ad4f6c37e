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
const DictVerticalPage = lazyScreen(
  () => import('./dict-biz/components/DictVerticalPage'),
  'DictVerticalPage',
)

export const systemScreens: TScreenRegistry = {
  ...authorityScreens,
  '/system/param': { component: ParamPage, titleKey: 'route.param' },
  '/system/user': { component: UserPage, titleKey: 'sysOrg.route.user' },
  '/system/dept': { component: DeptPage, titleKey: 'sysOrg.route.dept' },
  '/system/post': { component: PostPage, titleKey: 'sysOrg.route.post' },
  '/system/dictbiz': { component: DictHorizontalPage, titleKey: 'route.dictBiz' },
  '/dict-horizontal/index': { component: DictHorizontalPage, titleKey: 'route.dictHorizontal', fixed: true },
  '/dict-vertical/index': { component: DictVerticalPage, titleKey: 'route.dictVertical', fixed: true },
}

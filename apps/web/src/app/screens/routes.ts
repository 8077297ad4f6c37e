import type { TScreenRegistry } from '@/app/router/screen'
import { lazyScreen } from '@/lib/lazy'

const MemberCentreScreen = lazyScreen(() => import('./MemberCentreScreen'), 'MemberCentreScreen')
const EvaluationScreen = lazyScreen(() => import('./EvaluationScreen'), 'EvaluationScreen')

/** The fixed layout routes of spec section 2 whose screens join several modules. */
export const composedScreens: TScreenRegistry = {
  // 会员中心 / 会员登录 (spec section 2): a visitor sees the member login.
  '/topMember': { component: MemberCentreScreen, titleKey: 'route.topMember', fixed: true, isAuth: false },
  '/evaluation': { component: EvaluationScreen, titleKey: 'route.evaluation', fixed: true },
}

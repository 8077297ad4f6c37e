import { screen, type TScreenRegistry } from '@/app/router/screen'

/** The fixed layout routes of spec section 2 whose screens join several modules. */
export const composedScreens: TScreenRegistry = {
  // 会员中心 / 会员登录 (spec section 2): a visitor sees the member login.
  '/topMember': screen(() => import('./MemberCentreScreen'), 'MemberCentreScreen', 'route.topMember', {
    fixed: true,
    isAuth: false,
  }),
  '/evaluation': screen(() => import('./EvaluationScreen'), 'EvaluationScreen', 'route.evaluation', {
    fixed: true,
  }),
}

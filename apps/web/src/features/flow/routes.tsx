import type { TScreenRegistry } from '@/app/router/screen'
import { lazyScreen } from '@/lib/lazy'

const work = () => import('./components/WorkPage')
const leave = () => import('./components/LeavePages')
const admin = () => import('./components/FlowAdminPages')

/** 我的事务 (the seeded menus), the leave screens (the spec's fixed routes) and 流程管理. */
export const flowScreens: TScreenRegistry = {
  '/work/start': { component: lazyScreen(work, 'WorkStartPage'), titleKey: 'flow.tab.start' },
  '/work/claim': { component: lazyScreen(work, 'WorkClaimPage'), titleKey: 'flow.tab.claim' },
  '/work/todo': { component: lazyScreen(work, 'WorkTodoPage'), titleKey: 'flow.tab.todo' },
  '/work/send': { component: lazyScreen(work, 'WorkSendPage'), titleKey: 'flow.tab.send' },
  '/work/done': { component: lazyScreen(work, 'WorkDonePage'), titleKey: 'flow.tab.done' },
  '/work/process/leave/form/:processDefinitionId': {
    component: lazyScreen(leave, 'LeaveFormPage'),
    titleKey: 'route.leaveForm',
    fixed: true,
  },
  '/work/process/leave/handle/:taskId/:processInstanceId/:businessId': {
    component: lazyScreen(leave, 'LeaveHandlePage'),
    titleKey: 'route.leaveHandle',
    fixed: true,
  },
  '/work/process/leave/detail/:processInstanceId/:businessId': {
    component: lazyScreen(leave, 'LeaveDetailPage'),
    titleKey: 'route.leaveDetail',
    fixed: true,
  },
  '/flow/model': { component: lazyScreen(admin, 'FlowModelPage'), titleKey: 'flow.route.model' },
  '/flow/deploy': { component: lazyScreen(admin, 'FlowDeployPage'), titleKey: 'flow.route.deploy' },
  '/flow/manager': { component: lazyScreen(admin, 'FlowManagerPage'), titleKey: 'flow.route.manager' },
  '/flow/follow': { component: lazyScreen(admin, 'FlowFollowPage'), titleKey: 'flow.route.follow' },
}

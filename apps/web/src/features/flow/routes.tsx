import { screen, type TScreenRegistry } from '@/app/router/screen'

const work = () => import('./components/WorkPage')
const leave = () => import('./components/LeavePages')
const admin = () => import('./components/FlowAdminPages')
const fixed = { fixed: true }

/** 我的事务 (the seeded menus), the leave screens (the spec's fixed routes) and 流程管理. */
export const flowScreens: TScreenRegistry = {
  '/work/start': screen(work, 'WorkStartPage', 'flow.tab.start'),
  '/work/claim': screen(work, 'WorkClaimPage', 'flow.tab.claim'),
  '/work/todo': screen(work, 'WorkTodoPage', 'flow.tab.todo'),
  '/work/send': screen(work, 'WorkSendPage', 'flow.tab.send'),
  '/work/done': screen(work, 'WorkDonePage', 'flow.tab.done'),
  '/work/process/leave/form/:processDefinitionId': screen(leave, 'LeaveFormPage', 'route.leaveForm', fixed),
  '/work/process/leave/handle/:taskId/:processInstanceId/:businessId': screen(
    leave,
    'LeaveHandlePage',
    'route.leaveHandle',
    fixed,
  ),
  '/work/process/leave/detail/:processInstanceId/:businessId': screen(
    leave,
    'LeaveDetailPage',
    'route.leaveDetail',
    fixed,
  ),
  '/flow/model': screen(admin, 'FlowModelPage', 'flow.route.model'),
  '/flow/deploy': screen(admin, 'FlowDeployPage', 'flow.route.deploy'),
  '/flow/manager': screen(admin, 'FlowManagerPage', 'flow.route.manager'),
  '/flow/follow': screen(admin, 'FlowFollowPage', 'flow.route.follow'),
}

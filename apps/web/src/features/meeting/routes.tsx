import { screen, type TScreenRegistry } from '@/app/router/screen'

const entities = () => import('./EntityPages')
const fixed = { fixed: true }

/** The seeded menu paths of 会议管理 and the spec's fixed meeting routes. The member centre (/topMember,
 * features/survey) shows the open meetings and the member's registrations (MemberMeetingsPage). */
export const meetingScreens: TScreenRegistry = {
  '/meeting/meeting': screen(() => import('./MeetingPage'), 'MeetingPage', 'meeting.route.meeting'),
  '/meeting/registeredmeeting': screen(
    () => import('./RegisteredPage'),
    'RegisteredPage',
    'meeting.route.registered',
  ),
  '/meeting/calendar': screen(entities, 'CalendarPage', 'meeting.route.calendar'),
  '/meeting/registrants': screen(entities, 'RegistrantsPage', 'meeting.route.registrants'),
  '/meeting/invoicing': screen(entities, 'InvoicingPage', 'meeting.route.invoicing'),
  '/meeting/escort': screen(entities, 'EscortPage', 'meeting.route.escort'),
  '/meeting/carmaintenance': screen(entities, 'CarMaintenancePage', 'meeting.route.car'),
  '/registrationStatus': screen(
    () => import('./RegistrationStatusPage'),
    'RegistrationStatusPage',
    'route.registrationStatus',
    fixed,
  ),
  '/feeSituation': screen(
    () => import('./FeeSituationPage'),
    'FeeSituationPage',
    'route.feeSituation',
    fixed,
  ),
  '/upkeepList': screen(entities, 'UpkeepListPage', 'route.upkeepList', fixed),
  '/allocationList': screen(
    () => import('./AllocationListPage'),
    'AllocationListPage',
    'route.allocationList',
    fixed,
  ),
  '/arrangeList': screen(() => import('./ArrangeListPage'), 'ArrangeListPage', 'route.arrangeList', fixed),
}

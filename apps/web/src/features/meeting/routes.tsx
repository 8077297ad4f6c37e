import type { TScreenRegistry } from '@/app/router/screen'
import { lazyScreen } from '@/lib/lazy'

const entities = () => import('./EntityPages')
const MeetingPage = lazyScreen(() => import('./MeetingPage'), 'MeetingPage')
const RegisteredPage = lazyScreen(() => import('./RegisteredPage'), 'RegisteredPage')
const CalendarPage = lazyScreen(entities, 'CalendarPage')
const RegistrantsPage = lazyScreen(entities, 'RegistrantsPage')
const InvoicingPage = lazyScreen(entities, 'InvoicingPage')
const EscortPage = lazyScreen(entities, 'EscortPage')
const CarMaintenancePage = lazyScreen(entities, 'CarMaintenancePage')
const UpkeepListPage = lazyScreen(entities, 'UpkeepListPage')
const RegistrationStatusPage = lazyScreen(() => import('./RegistrationStatusPage'), 'RegistrationStatusPage')
const FeeSituationPage = lazyScreen(() => import('./FeeSituationPage'), 'FeeSituationPage')
const AllocationListPage = lazyScreen(() => import('./AllocationListPage'), 'AllocationListPage')
const ArrangeListPage = lazyScreen(() => import('./ArrangeListPage'), 'ArrangeListPage')

/** The seeded menu paths of 会议管理 and the spec's fixed meeting routes. The member centre (/topMember,
 * features/survey) shows the open meetings and the member's registrations (MemberMeetingsPage). */
export const meetingScreens: TScreenRegistry = {
  '/meeting/meeting': { component: MeetingPage, titleKey: 'meeting.route.meeting' },
  '/meeting/registeredmeeting': { component: RegisteredPage, titleKey: 'meeting.route.registered' },
  '/meeting/calendar': { component: CalendarPage, titleKey: 'meeting.route.calendar' },
  '/meeting/registrants': { component: RegistrantsPage, titleKey: 'meeting.route.registrants' },
  '/meeting/invoicing': { component: InvoicingPage, titleKey: 'meeting.route.invoicing' },
  '/meeting/escort': { component: EscortPage, titleKey: 'meeting.route.escort' },
  '/meeting/carmaintenance': { component: CarMaintenancePage, titleKey: 'meeting.route.car' },
  '/registrationStatus': {
    component: RegistrationStatusPage,
    titleKey: 'route.registrationStatus',
    fixed: true,
  },
  '/feeSituation': { component: FeeSituationPage, titleKey: 'route.feeSituation', fixed: true },
  '/upkeepList': { component: UpkeepListPage, titleKey: 'route.upkeepList', fixed: true },
  '/allocationList': { component: AllocationListPage, titleKey: 'route.allocationList', fixed: true },
  '/arrangeList': { component: ArrangeListPage, titleKey: 'route.arrangeList', fixed: true },
}

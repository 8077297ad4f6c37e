import { MemberMeetingsPage } from '@/features/meeting/MemberMeetingsPage'
import { MemberCentrePage } from '@/features/survey/member/MemberCentrePage'

/**
 * 会员中心: the survey module's centre with the meeting module's panels. Features do not import each
 * other: the app, which knows them all, puts one module's part into another's screen.
 */
export const MemberCentreScreen = () => <MemberCentrePage meetings={<MemberMeetingsPage />} />

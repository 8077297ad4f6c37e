import type { TScreenRegistry } from '@/app/router/screen'
import { lazyScreen } from '@/lib/lazy'

const ResultsPage = lazyScreen(() => import('./ResultsPage'), 'ResultsPage')
const ReviewPage = lazyScreen(() => import('./ReviewPage'), 'ReviewPage')
const StagePages = {
  agreement: lazyScreen(() => import('./StagePages'), 'AgreementPage'),
  notice: lazyScreen(() => import('./StagePages'), 'NoticePage'),
  report: lazyScreen(() => import('./StagePages'), 'ReportPage'),
  meeting: lazyScreen(() => import('./StagePages'), 'MeetingPage'),
  basic: lazyScreen(() => import('./StagePages'), 'ExpertPushPage'),
  index: lazyScreen(() => import('./StagePages'), 'IndexPage'),
}
const UnitPage = lazyScreen(() => import('./SubRecordPages'), 'UnitPage')
const PeoplePage = lazyScreen(() => import('./SubRecordPages'), 'PeoplePage')
const PrincipalPage = lazyScreen(() => import('./SubRecordPages'), 'PrincipalPage')
const AttachPage = lazyScreen(() => import('./SubRecordPages'), 'AttachPage')
const AssortPage = lazyScreen(() => import('./SubRecordPages'), 'AssortPage')
const TemplatePage = lazyScreen(() => import('./IndexTemplatePage'), 'IndexTemplatePage')
const EquityPage = lazyScreen(() => import('./equity/EquityPage'), 'EquityPage')

/** The seeded menu paths of 成果评价 (issue 12). */
export const appraiseScreens: TScreenRegistry = {
  '/appraise/results': { component: ResultsPage, titleKey: 'appraise.route.results' },
  '/appraise/review': { component: ReviewPage, titleKey: 'appraise.route.review' },
  '/appraise/agreement': { component: StagePages.agreement, titleKey: 'appraise.route.agreement' },
  '/appraise/notice': { component: StagePages.notice, titleKey: 'appraise.route.notice' },
  '/appraise/report': { component: StagePages.report, titleKey: 'appraise.route.report' },
  '/appraise/meeting': { component: StagePages.meeting, titleKey: 'appraise.route.meeting' },
  '/appraise/basic': { component: StagePages.basic, titleKey: 'appraise.route.basic' },
  '/appraise/index': { component: StagePages.index, titleKey: 'appraise.route.index' },
  '/appraise/unit': { component: UnitPage, titleKey: 'appraise.route.unit' },
  '/appraise/people': { component: PeoplePage, titleKey: 'appraise.route.people' },
  '/appraise/principal': { component: PrincipalPage, titleKey: 'appraise.route.principal' },
  '/appraise/attach': { component: AttachPage, titleKey: 'appraise.route.attach' },
  '/appraise/assort': { component: AssortPage, titleKey: 'appraise.route.assort' },
  '/appraise/cofig': { component: TemplatePage, titleKey: 'appraise.route.cofig' },
  // 知识产权: the appraisal module's equity (`/api/ysjs-appraise/equity`); its texts stay under trading.equity.
  '/appraise/equity': { component: EquityPage, titleKey: 'trading.route.equity' },
}

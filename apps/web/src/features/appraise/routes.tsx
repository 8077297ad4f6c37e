import { screen, type TScreenRegistry } from '@/app/router/screen'

const stagePages = () => import('./StagePages')
const subRecordPages = () => import('./SubRecordPages')

/** The seeded menu paths of 成果评价 (issue 12). */
export const appraiseScreens: TScreenRegistry = {
  '/appraise/results': screen(() => import('./ResultsPage'), 'ResultsPage', 'appraise.route.results'),
  '/appraise/review': screen(() => import('./ReviewPage'), 'ReviewPage', 'appraise.route.review'),
  '/appraise/agreement': screen(stagePages, 'AgreementPage', 'appraise.route.agreement'),
  '/appraise/notice': screen(stagePages, 'NoticePage', 'appraise.route.notice'),
  '/appraise/report': screen(stagePages, 'ReportPage', 'appraise.route.report'),
  '/appraise/meeting': screen(stagePages, 'MeetingPage', 'appraise.route.meeting'),
  '/appraise/basic': screen(stagePages, 'ExpertPushPage', 'appraise.route.basic'),
  '/appraise/index': screen(stagePages, 'IndexPage', 'appraise.route.index'),
  '/appraise/unit': screen(subRecordPages, 'UnitPage', 'appraise.route.unit'),
  '/appraise/people': screen(subRecordPages, 'PeoplePage', 'appraise.route.people'),
  '/appraise/principal': screen(subRecordPages, 'PrincipalPage', 'appraise.route.principal'),
  '/appraise/attach': screen(subRecordPages, 'AttachPage', 'appraise.route.attach'),
  '/appraise/assort': screen(subRecordPages, 'AssortPage', 'appraise.route.assort'),
  '/appraise/cofig': screen(() => import('./IndexTemplatePage'), 'IndexTemplatePage', 'appraise.route.cofig'),
  // 知识产权: the appraisal module's equity (`/api/ysjs-appraise/equity`); its texts stay under trading.equity.
  '/appraise/equity': screen(() => import('./equity/EquityPage'), 'EquityPage', 'trading.route.equity'),
}

import type { TScreenRegistry } from '@/app/router/screen'
import { lazyScreen } from '@/lib/lazy'

const SurveyDesignPage = lazyScreen(() => import('./design/SurveyDesignPage'), 'SurveyDesignPage')
const SurveyResultsPage = lazyScreen(() => import('./results/SurveyResultsPage'), 'SurveyResultsPage')
const QuestionnairePage = lazyScreen(() => import('./fill/QuestionnairePage'), 'QuestionnairePage')
const IndustryPage = lazyScreen(() => import('./IndustryPage'), 'IndustryPage')
const CompanyPage = lazyScreen(() => import('./CompanyPage'), 'CompanyPage')
const MemberCentrePage = lazyScreen(() => import('./member/MemberCentrePage'), 'MemberCentrePage')
const EvaluationPage = lazyScreen(() => import('./evaluation/EvaluationPage'), 'EvaluationPage')

/** The seeded menu paths of 问卷调查, the member centre and 成果申报 (fixed layout routes of spec section 2). */
export const surveyScreens: TScreenRegistry = {
  '/survey/question': { component: SurveyDesignPage, titleKey: 'survey.route.design' },
  '/survey/example': { component: SurveyResultsPage, titleKey: 'survey.route.results' },
  '/survey/questionnaire': { component: QuestionnairePage, titleKey: 'survey.route.fill' },
  '/survey/industry': { component: IndustryPage, titleKey: 'survey.route.industry' },
  '/survey/company': { component: CompanyPage, titleKey: 'survey.route.company' },
  // 会员中心 / 会员登录 (spec section 2): a visitor sees the member login.
  '/topMember': { component: MemberCentrePage, titleKey: 'route.topMember', fixed: true, isAuth: false },
  '/evaluation': { component: EvaluationPage, titleKey: 'route.evaluation', fixed: true },
}

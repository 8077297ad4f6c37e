import type { TScreenRegistry } from '@/app/router/screen'
import { lazyScreen } from '@/lib/lazy'

const SurveyDesignPage = lazyScreen(() => import('./design/SurveyDesignPage'), 'SurveyDesignPage')
const SurveyResultsPage = lazyScreen(() => import('./results/SurveyResultsPage'), 'SurveyResultsPage')
const QuestionnairePage = lazyScreen(() => import('./fill/QuestionnairePage'), 'QuestionnairePage')
const IndustryPage = lazyScreen(() => import('./IndustryPage'), 'IndustryPage')
const CompanyPage = lazyScreen(() => import('./CompanyPage'), 'CompanyPage')

/** The seeded menu paths of 问卷调查 (the member centre and 成果申报 are composed in app/screens). */
export const surveyScreens: TScreenRegistry = {
  '/survey/question': { component: SurveyDesignPage, titleKey: 'survey.route.design' },
  '/survey/example': { component: SurveyResultsPage, titleKey: 'survey.route.results' },
  '/survey/questionnaire': { component: QuestionnairePage, titleKey: 'survey.route.fill' },
  '/survey/industry': { component: IndustryPage, titleKey: 'survey.route.industry' },
  '/survey/company': { component: CompanyPage, titleKey: 'survey.route.company' },
}

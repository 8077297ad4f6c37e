import { screen, type TScreenRegistry } from '@/app/router/screen'

/** The seeded menu paths of 问卷调查 (the member centre and 成果申报 are composed in app/screens). */
export const surveyScreens: TScreenRegistry = {
  '/survey/question': screen(
    () => import('./design/SurveyDesignPage'),
    'SurveyDesignPage',
    'survey.route.design',
  ),
  '/survey/example': screen(
    () => import('./results/SurveyResultsPage'),
    'SurveyResultsPage',
    'survey.route.results',
  ),
  '/survey/questionnaire': screen(
    () => import('./fill/QuestionnairePage'),
    'QuestionnairePage',
    'survey.route.fill',
  ),
  '/survey/industry': screen(() => import('./IndustryPage'), 'IndustryPage', 'survey.route.industry'),
  '/survey/company': screen(() => import('./CompanyPage'), 'CompanyPage', 'survey.route.company'),
}

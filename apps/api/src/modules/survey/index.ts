import type { TModulePlugin } from '../module-deps.ts'
import { surveyRoutes } from './survey.routes.ts'
import { createSurveyDesignService } from './survey-design.service.ts'
import { createEvaluationService } from './survey-evaluation.service.ts'
import { createSurveyFillService } from './survey-fill.service.ts'
import { createIndustryFieldService } from './survey-member.service.ts'
import { createSurveyResultsService } from './survey-results.service.ts'

/** Questionnaires: design, filling, results, industry fields, and 成果申报. */
export const surveyModule: TModulePlugin = async (app, { prisma, appraiseResults }) => {
  surveyRoutes(app, {
    prisma,
    design: createSurveyDesignService(prisma),
    fill: createSurveyFillService(prisma),
    results: createSurveyResultsService(prisma),
    industries: createIndustryFieldService(prisma),
    // 成果申报 creates appraisal applications through the appraisal module's (stateless) service.
    evaluation: createEvaluationService(prisma, appraiseResults),
  })
}

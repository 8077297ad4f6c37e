import type { PrismaClient } from '@ysjs/db'
import type { FastifyInstance } from 'fastify'
import { surveyDesignRoutes } from './survey-design.routes.ts'
import type { TSurveyDesignService } from './survey-design.service.ts'
import type { TEvaluationService } from './survey-evaluation.service.ts'
import { surveyFillRoutes } from './survey-fill.routes.ts'
import type { TSurveyFillService } from './survey-fill.service.ts'
import type { createIndustryFieldService } from './survey-member.service.ts'
import { surveyResultsRoutes } from './survey-results.routes.ts'
import type { TSurveyResultsService } from './survey-results.service.ts'

export type TSurveyServices = {
  prisma: PrismaClient
  design: TSurveyDesignService
  fill: TSurveyFillService
  results: TSurveyResultsService
  industries: ReturnType<typeof createIndustryFieldService>
  evaluation: TEvaluationService
}

/** The questionnaire routes: design (staff), filling and 成果申报 (member units), results (staff). */
export const surveyRoutes = (app: FastifyInstance, s: TSurveyServices) => {
  surveyDesignRoutes(app, s)
  surveyFillRoutes(app, s)
  surveyResultsRoutes(app, s)
}

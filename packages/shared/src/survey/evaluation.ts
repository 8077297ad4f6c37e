import { z } from 'zod'
import {
  ResultsMsg,
  ZResultsEventRecordSchema,
  ZResultsRecordSchema,
  ZResultsVORecordSchema,
} from '../appraise/appraise.ts'
import { ZIdSchema, ZWireIdSchema } from '../common/ids.ts'
import { ZPageQuerySchema } from '../common/page.ts'
import { zOptionalInt, zRequired } from '../common/validators.ts'

/**
 * 成果申报 (/evaluation): a member unit reports an achievement for appraisal. The report is an application
 * of the appraisal module in draft, its first completing unit and principal prefilled from the unit
 * (decision 019); it is completed and submitted in the appraisal editor.
 */
export const EVALUATION_REPORT_PREFIX = '/api/ysjs-evaluation/evaluation'

export const ZEvaluationSubmitSchema = z.object({
  name: zRequired(ResultsMsg.NAME, 255),
  outcomeType: zOptionalInt({ message: ResultsMsg.OUTCOME_TYPE, min: 1, max: 999 }),
})
export type TEvaluationSubmit = z.input<typeof ZEvaluationSubmitSchema>

/** What the report is prefilled with: the unit and its latest company form. */
export const ZEvaluationUnitSchema = z.object({
  firmId: ZWireIdSchema,
  unitName: z.string(),
  address: z.string().nullable(),
  postcode: z.string().nullable(),
  contact: z.string().nullable(),
  phone: z.string().nullable(),
})
export type TEvaluationUnit = z.infer<typeof ZEvaluationUnitSchema>

export const ZEvaluationListQuerySchema = ZPageQuerySchema.extend({
  status: zOptionalInt({ min: 0, max: 99 }),
})

/** An application of the unit; `mine`: the caller reported it (only they continue it). */
export const ZEvaluationRecordSchema = ZResultsRecordSchema.extend({ mine: z.boolean() })
export type TEvaluationRecord = z.infer<typeof ZEvaluationRecordSchema>

export const ZEvaluationIdQuerySchema = z.object({ id: ZIdSchema })

/** The application as saved, with its completing units and principal, and its history. */
export const ZEvaluationDetailSchema = z.object({
  record: ZResultsVORecordSchema,
  history: z.array(ZResultsEventRecordSchema),
})
export type TEvaluationDetail = z.infer<typeof ZEvaluationDetailSchema>

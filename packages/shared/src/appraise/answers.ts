import { z } from 'zod'
import { ZWireDateTimeSchema } from '../common/dates.ts'
import { ZWireIdSchema } from '../common/ids.ts'
import { ZWholePageQuerySchema } from '../common/page.ts'
import { ZResultsIdQuerySchema, ZResultsPeopleRecordSchema, ZResultsUnitRecordSchema } from './appraise.ts'

/**
 * What the appraisal forms' reads answer (decision 023): the spec section 3 fields at the top level of
 * `data`, with the form's own facts (`saved`, `generated`, `canEdit`, …) beside them, never around them.
 */

const text = z.string().nullable()
const names = z.array(z.string())

/** Beside every form: which saved form it is, whether it is saved, generated and editable by the caller. */
const formMeta = {
  /** The saved form's id; null while nothing is saved and the fields are prefilled from the application. */
  id: ZWireIdSchema.nullable(),
  resultsId: ZWireIdSchema,
  saved: z.boolean(),
  generated: z.boolean(),
  canEdit: z.boolean(),
  updateTime: ZWireDateTimeSchema.nullable(),
}

/** `notice/detail`: the evaluation notice of spec section 3. */
export const ZNoticeDetailSchema = z.object({
  ...formMeta,
  agreementNumber: text,
  name: text,
  unit: text,
  evaluationDate: text,
  sendDate: text,
  meetingType: z.number().nullable(),
  meetingCode: text,
  contact: text,
  phone: text,
  list: names,
})

/** An index item of the report (spec section 3: indexName, score), its weight beside it. */
export const ZReportIndexItemSchema = z.object({
  id: ZWireIdSchema.nullable(),
  indexName: z.string(),
  /** The mean of the experts' scores, one decimal; null until scored. */
  score: z.number().nullable(),
  weight: z.number(),
})

/** The report's linked records (spec section 3). */
export const ZReportResultsLinkSchema = z.object({
  id: ZWireIdSchema,
  agreementNumber: text,
  name: z.string(),
  outcomeType: z.number().nullable(),
})
export const ZReportPrincipalLinkSchema = z.object({
  unitName: text,
  address: text,
  agent: text,
  name: text,
  phone: text,
  fax: text,
  postcode: text,
  personMail: text,
})
export const ZHaveMeetingLinkSchema = z.object({
  meetingType: z.number().nullable(),
  meetingNo: text,
  direct: text,
  meetingAgenda: text,
})

/** `report/detail`: the report of spec section 3 with its linked results, principal and haveMeeting. */
export const ZAppraiseReportDetailSchema = z.object({
  ...formMeta,
  reportNum: text,
  outcomeName: text,
  projectSource: text,
  outcomeType: z.number().nullable(),
  firstParty: text,
  commissionDate: text,
  appraiseType: text,
  appraiseUnit: text,
  completeDate: text,
  times: names,
  statement: text,
  reportDictionaryEntityListOne: text,
  sources: text,
  reportDictionaryEntityListTwo: text,
  list: names,
  indexList: z.array(ZReportIndexItemSchema),
  totalScore: z.number().nullable(),
  grade: text,
  unitList: z.array(ZResultsUnitRecordSchema),
  peopleList: z.array(ZResultsPeopleRecordSchema),
  results: ZReportResultsLinkSchema,
  principal: ZReportPrincipalLinkSchema.nullable(),
  haveMeeting: ZHaveMeetingLinkSchema.nullable(),
})

/** A project unit leader as a saved meeting form holds it (a draft may leave fields empty). */
const ZLeaderAnswerSchema = z.object({
  id: ZWireIdSchema.optional(),
  name: text.optional(),
  workUnit: text.optional(),
  technical: z.number().nullable().optional(),
})

/** `have/detail` and each item of `have/findAll`: the appraisal meeting (spec sections 2 and 3). */
export const ZMeetingDetailSchema = z.object({
  ...formMeta,
  meetingTime: text,
  meetingType: z.number().nullable(),
  meetingNo: text,
  direct: text,
  meetingAgenda: text,
  enterpriseList: names,
  leaders: z.array(ZLeaderAnswerSchema),
  /** The day the meeting notice goes out (decision 027). */
  sendDate: text,
  /** The application's name (read-only in the form) and its completing units. */
  projectName: z.string(),
  unitList: z.array(ZResultsUnitRecordSchema),
})

/** `results/defaultConfig`: achievement indicators (spec section 3: id, name, score, meaning), weights beside. */
export const ZDefaultConfigItemSchema = z.object({
  /** The application's indicator id; null for an indicator of a template not yet copied onto it. */
  id: ZWireIdSchema.nullable(),
  name: z.string(),
  /** The mean of the experts' scores; null until scored (and for a template's indicator). */
  score: z.number().nullable(),
  meaning: text,
  weight: z.number(),
})

/**
 * `index/selectByResultsId` takes the paging fields its siblings take; without `size` every indicator
 * comes on one page (an expert scores all of them at once).
 */
export const ZIndexPageQuerySchema = ZResultsIdQuerySchema.extend(ZWholePageQuerySchema.shape)

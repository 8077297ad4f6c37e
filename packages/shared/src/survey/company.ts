import { z } from 'zod'
import { QuestionType } from '../common/constants.ts'
import { ZWireDateTimeSchema } from '../common/dates.ts'
import { ZIdSchema, ZWireIdSchema, zIdListOf } from '../common/ids.ts'
import { ZPageQuerySchema } from '../common/page.ts'
import { emptyToUndefined, zInt, zOptionalText, zRequired } from '../common/validators.ts'
import { ZEvaluationRecordSchema } from './evaluation.ts'
import { isChoice, SurveyMsg, ZQuestionRecordSchema, ZSurveyExampleRecordSchema } from './survey.ts'

/** The company form of a filling, how staff read a filling, and the member centre's summary. */
// Company info

/**
 * Industry field ids as the form sends them (a comma-joined string or an array), checked with the shared
 * id list rule (int64, at most 1000), answered comma-joined as the column keeps them.
 */
const zIndustryIds = z
  .preprocess(
    (v) =>
      v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0)
        ? undefined
        : v,
    zIdListOf('industryField').optional(),
  )
  .transform((ids) => (ids ?? []).join(','))
  .refine((v) => v.length <= 1000, '长度不能超过1000个字符')

export const ZCompanySubmitSchema = z.object({
  id: z.preprocess(emptyToUndefined, ZIdSchema.optional()),
  surveyId: ZIdSchema,
  name: zRequired(SurveyMsg.COMPANY_NAME, 100),
  address: zOptionalText(255),
  contact: zOptionalText(50),
  phone: zOptionalText(30),
  /** The postcode (the form names it email). */
  email: zOptionalText(50),
  industryField: zIndustryIds,
  provinceCode: zOptionalText(12),
  provinceName: zOptionalText(50),
})
export type TCompanySubmit = z.input<typeof ZCompanySubmitSchema>

export const ZCompanyRecordSchema = z.object({
  id: ZWireIdSchema.nullable(),
  surveyId: ZWireIdSchema,
  name: z.string(),
  address: z.string().nullable(),
  contact: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  industryField: z.string(),
  provinceCode: z.string().nullable(),
  provinceName: z.string().nullable(),
  /** The survey asks for 行业领域 (the industry flag). */
  isIndustry: z.number(),
})
export type TCompany = z.infer<typeof ZCompanyRecordSchema>

/** A filling as staff read it: the filling, its company form and every question with its answers. */
export const ZExampleDetailSchema = z.object({
  example: ZSurveyExampleRecordSchema,
  company: ZCompanyRecordSchema.omit({ isIndustry: true }).nullable(),
  questions: z.array(ZQuestionRecordSchema),
})
export type TExampleDetail = z.infer<typeof ZExampleDetailSchema>

/** 单位信息 (staff): the company forms of every filling, searched by name, survey and province. */
export const ZCompanyListQuerySchema = ZPageQuerySchema.extend({
  name: zOptionalText(100),
  surveyId: z.preprocess(emptyToUndefined, ZIdSchema.optional()),
  provinceName: zOptionalText(50),
})
export const ZCompanyStaffRecordSchema = ZCompanyRecordSchema.omit({ isIndustry: true }).extend({
  id: ZWireIdSchema,
  surveyName: z.string(),
  surveyCode: z.string(),
  /** The member unit (company dept) the form was filled for. */
  firmName: z.string().nullable(),
  industryFieldNames: z.string(),
  /** The filling's status (1 暂存, 2 待填报, 3 已提交). */
  status: z.number().nullable(),
  createTime: ZWireDateTimeSchema,
  updateTime: ZWireDateTimeSchema.nullable(),
})
export type TCompanyStaffRecord = z.infer<typeof ZCompanyStaffRecordSchema>

export const ZIndustryFieldSubmitSchema = z.object({
  id: ZIdSchema.optional(),
  name: zRequired(SurveyMsg.INDUSTRY_NAME, 64),
  sort: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? 0 : v),
    zInt({ min: 0, max: 99_999 }),
  ),
})
export const ZIndustryFieldRecordSchema = z.object({
  id: ZWireIdSchema,
  tenantId: z.string(),
  name: z.string(),
  sort: z.number(),
  createTime: ZWireDateTimeSchema,
  updateTime: ZWireDateTimeSchema.nullable(),
  status: z.number(),
  isDeleted: z.number(),
})
export type TIndustryField = z.infer<typeof ZIndustryFieldRecordSchema>

/** The member centre's summary of the caller's unit. */
export const ZMemberOverviewSchema = z.object({
  userName: z.string(),
  /** The account holds the member role; firmId is null when it is not bound to a unit. */
  isMember: z.boolean(),
  firmId: ZWireIdSchema.nullable(),
  firmName: z.string().nullable(),
  company: ZCompanyRecordSchema.omit({ isIndustry: true }).nullable(),
  toFill: z.number(),
  drafts: z.number(),
  submitted: z.number(),
  returned: z.number(),
  openSurveys: z.number(),
  fillings: z.array(ZSurveyExampleRecordSchema),
  /** The unit's latest achievement reports (appraisal applications) with their status. */
  applications: z.array(ZEvaluationRecordSchema),
  applicationTotal: z.number(),
  notices: z.array(
    z.object({ id: ZWireIdSchema, title: z.string(), releaseTime: ZWireDateTimeSchema.nullable() }),
  ),
})
export type TMemberOverview = z.infer<typeof ZMemberOverviewSchema>

/** A notice of the centre as the member centre opens it. */
export const ZMemberNoticeSchema = z.object({
  id: ZWireIdSchema,
  title: z.string(),
  releaseTime: ZWireDateTimeSchema.nullable(),
  content: z.string().nullable(),
})
export type TMemberNotice = z.infer<typeof ZMemberNoticeSchema>

type TCheckQuestion = {
  id: string
  no: number
  questionText: string
  type: number
  options: { id: string; isInput: number }[]
}
type TCheckAnswer = { questionId: string; optionId?: string | null; inputText?: string | null }

/**
 * The final-submit check, in question order (spec section 5): the first question that is not answered
 * gives its message. Shared by the filling screen and the server.
 */
export const firstAnswerError = (
  questions: TCheckQuestion[],
  answers: TCheckAnswer[],
): { questionId: string; message: string } | null => {
  const byQuestion = new Map<string, TCheckAnswer[]>()
  for (const a of answers) {
    byQuestion.set(a.questionId, [...(byQuestion.get(a.questionId) ?? []), a])
  }
  for (const q of [...questions].sort((a, b) => a.no - b.no)) {
    const mine = byQuestion.get(q.id) ?? []
    const fail = (message: string) => ({ questionId: q.id, message })
    if (isChoice(q.type)) {
      const chosen = mine.filter((a) => a.optionId)
      if (chosen.length === 0) {
        return fail(
          q.type === QuestionType.MULTIPLE
            ? SurveyMsg.AT_LEAST_ONE(q.no)
            : SurveyMsg.ANSWER_REQUIRED(q.no, q.questionText),
        )
      }
      const inputs = new Set(q.options.filter((o) => o.isInput === 1).map((o) => o.id))
      if (chosen.some((a) => inputs.has(String(a.optionId)) && !a.inputText?.trim())) {
        return fail(SurveyMsg.OTHER_TEXT(q.no))
      }
    } else if (!mine.some((a) => a.inputText?.trim())) {
      return fail(SurveyMsg.ANSWER_REQUIRED(q.no, q.questionText))
    }
  }
  return null
}

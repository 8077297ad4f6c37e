import { z } from 'zod'
import { QuestionnaireStatus, QuestionType, SURVEY_LAST_PAGE } from '../common/constants.ts'
import { DATE_PATTERN, ZWireDateSchema, ZWireDateTimeSchema } from '../common/dates.ts'
import { ZIdSchema, ZWireIdSchema, zIdListOf } from '../common/ids.ts'
import { ZPageQuerySchema } from '../common/page.ts'
import { emptyToUndefined, zInt, zOptionalText, zRequired, zText } from '../common/validators.ts'

/** Questionnaires and the company survey (/api/ysjs-evaluation), decision 019. */
export const EVALUATION_PREFIX = '/api/ysjs-evaluation'
export const COMPANY_PREFIX = `${EVALUATION_PREFIX}/blade-company/company`

/** The filling screen's last page is SURVEY_LAST_PAGE (17): page 1 is the company form, then 16 question pages. */
export const SURVEY_QUESTION_PAGES = SURVEY_LAST_PAGE - 1

export const isChoice = (type: number): boolean =>
  type === QuestionType.SINGLE || type === QuestionType.MULTIPLE

/** A filling's status (dictionary `questionnaire_status`). */
export const ExampleStatus = QuestionnaireStatus
/**
 * The role alias of a member unit's accounts (decision 019): a member unit is a dept of category 公司
 * whose users hold this role; only they start and fill questionnaires and report achievements.
 */
export const MEMBER_ROLE = 'member'
/**
 * Menus whose every call fills for a member unit (成果申报, 问卷管理): offered only to accounts holding
 * `MEMBER_ROLE`, the administrator included (its calls would answer MEMBER_ONLY), issue 24.
 */
export const MEMBER_ONLY_MENUS: readonly string[] = ['evaluation', 'survey_questionnaire']

/** A survey's state as staff design it. */
export const SurveyState = { DRAFT: 0, PUBLISHED: 1, CLOSED: 2 } as const

export const SurveyMsg = {
  NAME: '请输入问卷名称',
  CODE: '请输入问卷编号',
  CODE_FORMAT: '问卷编号只能包含字母、数字、- 和 _',
  CODE_TAKEN: '问卷编号已存在',
  START_DATE: '请选择开始日期',
  END_DATE: '请选择结束日期',
  END_BEFORE_START: '结束日期不能早于开始日期',
  TARGET_TYPE: '请选择填报范围',
  TARGET_UNITS: '请选择填报单位',
  TARGET_UNKNOWN: '所选填报单位不存在',
  PUBLISH_DRAFT_ONLY: '只能发布草稿问卷',
  NOT_FOUND: '问卷不存在',
  NOT_DRAFT: '问卷已发布，题目已冻结，请新建版本后修改',
  NOT_PUBLISHED: '只能关闭已发布的问卷',
  NO_QUESTIONS: '问卷还没有题目，不能发布',
  HAS_FILLINGS: '问卷已有填报信息，不能删除',
  SETTINGS_FROZEN: '问卷已有填报信息，不能修改填报范围和行业领域要求',
  VERSION_OF_DRAFT: '草稿问卷可直接修改，无需新建版本',
  PAGE_GAP: (page: number) => `题目页码须从第 1 页起连续，缺少第 ${page} 页`,
  QUESTION_TEXT: '请输入题目内容',
  QUESTION_TYPE: '请选择题目类型',
  QUESTION_PAGE: `请输入页码 (1 到 ${SURVEY_LAST_PAGE - 1})`,
  QUESTION_SORT: '请输入题目排序',
  QUESTION_MISSING: '题目不存在',
  OPTIONS_NEEDED: '选择题至少需要两个选项',
  OPTIONS_NOT_ALLOWED: '填空题和简答题没有选项',
  OPTION_TEXT: '请输入选项内容',
  SORT_IDS: '请按新顺序给出该问卷的全部题目',
  MEMBER_ONLY: '仅会员单位的账号可以填报问卷和申报成果',
  NO_UNIT: '当前账号未绑定会员单位，请联系管理员',
  NOTICE_MISSING: '通知不存在',
  NOT_OPEN: '问卷未开放填报',
  NOT_TARGET: '您的单位不在该问卷的填报范围内',
  EXAMPLE_MISSING: '请先新增填报信息',
  SUBMITTED: '问卷已提交，不能修改',
  COMPANY_MISSING: '请先填写单位信息',
  ANSWER_FOREIGN: '答案中的题目或选项不属于该问卷',
  SINGLE_ONE: (n: number) => `第 ${n} 题只能选择一个选项`,
  ANSWER_REQUIRED: (n: number, question: string) => `请回答第 ${n} 题: ${question}`,
  OTHER_TEXT: (n: number) => `请填写第 ${n} 题"其他"选项的内容`,
  AT_LEAST_ONE: (n: number) => `第 ${n} 题：请至少选择一个选项`,
  BACK_REASON: '请输入退回原因',
  BACK_NOT_SUBMITTED: '只能退回已提交的填报',
  COMPANY_NAME: '请输入单位名称',
  INDUSTRY: '请选择行业领域',
  INDUSTRY_UNKNOWN: '所选行业领域不存在',
  PROVINCE_UNKNOWN: '所选省份不存在',
  INDUSTRY_NAME: '请输入行业领域名称',
  INDUSTRY_NAME_TAKEN: '行业领域名称已存在',
  // Client texts (spec section 8 and 2).
  LOAD_FAILED: '获取数据失败！',
  BUSINESS_FAILED: '请求成功，但业务逻辑失败！',
  SUBMIT_FAILED: '提交失败，请重试',
  COMPANY_SUBMIT_FAILED: '操作失败，请重试',
  LAST_PAGE: '已经是最后一页',
} as const

/** A real calendar day (2026-02-30 is refused), years 1000 to 9999. */
const isCalendarDay = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`)
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && s >= '1000'
}
const zDate = (message: string) =>
  z.preprocess(
    emptyToUndefined,
    zText(message)
      .trim()
      .regex(DATE_PATTERN, message)
      .refine(isCalendarDay, message)
      .meta({ example: '2026-01-01' }),
  )

/** Survey codes: letters, digits, `-` and `_` (they name files and versions). */
export const SURVEY_CODE_PATTERN = /^[A-Za-z0-9_-]+$/

export const ZSurveySubmitSchema = z
  .object({
    id: ZIdSchema.optional(),
    name: zRequired(SurveyMsg.NAME, 100),
    code: zRequired(SurveyMsg.CODE, 32).regex(SURVEY_CODE_PATTERN, SurveyMsg.CODE_FORMAT),
    startDate: zDate(SurveyMsg.START_DATE),
    endDate: zDate(SurveyMsg.END_DATE),
    cover: zOptionalText(1000),
    description: zOptionalText(2000),
    targetType: z.preprocess(
      (v) => (v === '' || v === null || v === undefined ? 0 : v),
      zInt({ message: SurveyMsg.TARGET_TYPE, min: 0, max: 1 }),
    ),
    /** Company dept ids (comma-joined or an array); needed when targetType is 1. */
    targetIds: z.preprocess(
      (v) => (Array.isArray(v) && v.length === 0 ? undefined : emptyToUndefined(v)),
      zIdListOf('targetIds', SurveyMsg.TARGET_UNITS).optional(),
    ),
    isIndustry: z.preprocess(
      (v) => (v === '' || v === null || v === undefined ? 1 : v),
      zInt({ min: 0, max: 1 }),
    ),
  })
  .refine((v) => v.endDate >= v.startDate, { message: SurveyMsg.END_BEFORE_START, path: ['endDate'] })
  .refine((v) => v.targetType === 0 || (v.targetIds?.length ?? 0) > 0, {
    message: SurveyMsg.TARGET_UNITS,
    path: ['targetIds'],
  })
export type TSurveySubmit = z.infer<typeof ZSurveySubmitSchema>

export const ZSurveyListQuerySchema = ZPageQuerySchema.extend({
  name: zOptionalText(100),
  code: zOptionalText(32),
  state: z.preprocess(emptyToUndefined, z.enum(['0', '1', '2']).optional()),
})

export const ZSurveyRecordSchema = z.object({
  id: ZWireIdSchema,
  name: z.string(),
  code: z.string(),
  startDate: ZWireDateSchema,
  endDate: ZWireDateSchema,
  cover: z.string().nullable(),
  description: z.string().nullable(),
  targetType: z.number(),
  targetIds: z.string(),
  isIndustry: z.number(),
  state: z.number(),
  version: z.number(),
  previousId: ZWireIdSchema.nullable(),
  publishTime: ZWireDateTimeSchema.nullable(),
  createTime: ZWireDateTimeSchema,
  questionCount: z.number(),
  exampleCount: z.number(),
  submittedCount: z.number(),
})
export type TSurvey = z.infer<typeof ZSurveyRecordSchema>

export const ZOptionSubmitSchema = z.object({
  id: ZIdSchema.optional(),
  optionText: zRequired(SurveyMsg.OPTION_TEXT, 200),
  isInput: z.preprocess((v) => (v === '' || v === null || v === undefined ? 0 : v), zInt({ min: 0, max: 1 })),
})

export const ZQuestionSubmitSchema = z
  .object({
    id: ZIdSchema.optional(),
    surveyId: ZIdSchema,
    questionText: zRequired(SurveyMsg.QUESTION_TEXT, 500),
    type: z.preprocess(emptyToUndefined, zInt({ message: SurveyMsg.QUESTION_TYPE, min: 0, max: 3 })),
    page: z.preprocess(
      (v) => (v === '' || v === null || v === undefined ? 1 : v),
      zInt({ message: SurveyMsg.QUESTION_PAGE, min: 1, max: SURVEY_QUESTION_PAGES }),
    ),
    sort: z.preprocess(
      emptyToUndefined,
      zInt({ message: SurveyMsg.QUESTION_SORT, min: 0, max: 99_999 }).optional(),
    ),
    options: z.array(ZOptionSubmitSchema).max(50, '选项不能超过50个').default([]),
  })
  .refine((q) => !isChoice(q.type) || q.options.length >= 2, {
    message: SurveyMsg.OPTIONS_NEEDED,
    path: ['options'],
  })
  .refine((q) => isChoice(q.type) || q.options.length === 0, {
    message: SurveyMsg.OPTIONS_NOT_ALLOWED,
    path: ['options'],
  })
export type TQuestionSubmit = z.infer<typeof ZQuestionSubmitSchema>

export const ZQuestionSortSchema = z.object({
  surveyId: ZIdSchema,
  /** Every question of the survey, in the new order. */
  ids: zIdListOf('ids', SurveyMsg.SORT_IDS),
})

export const ZOptionRecordSchema = z.object({
  id: ZWireIdSchema,
  optionText: z.string(),
  isInput: z.number(),
  sort: z.number(),
})
export const ZAnswerRecordSchema = z.object({
  questionId: ZWireIdSchema,
  optionId: ZWireIdSchema.nullable(),
  inputText: z.string().nullable(),
})
export const ZQuestionRecordSchema = z.object({
  id: ZWireIdSchema,
  surveyId: ZWireIdSchema,
  /** The question's number over the whole survey (1-based), as the messages name it. */
  no: z.number(),
  questionText: z.string(),
  type: z.number(),
  page: z.number(),
  sort: z.number(),
  options: z.array(ZOptionRecordSchema),
  answerList: z.array(ZAnswerRecordSchema),
})
export type TQuestion = z.infer<typeof ZQuestionRecordSchema>
export type TAnswer = z.infer<typeof ZAnswerRecordSchema>

// Filling (member)

export const ZExampleStartSchema = z.object({ surveyId: ZIdSchema })
export const ZSurveyIdQuerySchema = z.object({ surveyId: ZIdSchema })
export const ZPageQuestionQuerySchema = z.object({
  surveyId: ZIdSchema,
  page: z.preprocess(emptyToUndefined, zInt({ min: 1, max: SURVEY_QUESTION_PAGES }).optional()),
})

export const ZAnswerItemSchema = z.object({
  surveyId: ZIdSchema.optional(),
  questionId: ZIdSchema,
  optionId: z.preprocess(emptyToUndefined, ZIdSchema.optional()),
  inputText: zOptionalText(2000),
})
export const ZAnswerSubmitSchema = z.object({
  surveyId: ZIdSchema,
  submitType: z.preprocess(
    emptyToUndefined,
    zInt({ message: '请求参数类型错误: submitType', min: 0, max: 1 }),
  ),
  /** With a draft: only the questions of this question page are replaced (per-page save). */
  page: z.preprocess(emptyToUndefined, zInt({ min: 1, max: SURVEY_QUESTION_PAGES }).optional()),
  answerList: z.array(ZAnswerItemSchema).max(2000, '答案过多').default([]),
})
export type TAnswerSubmit = z.infer<typeof ZAnswerSubmitSchema>
export type TAnswerItem = z.infer<typeof ZAnswerItemSchema>

export const ZSurveyExampleListQuerySchema = ZPageQuerySchema.extend({
  name: zOptionalText(100),
  code: zOptionalText(32),
  status: z.preprocess(emptyToUndefined, z.enum(['1', '2', '3']).optional()),
})

/** A filling as the member's cards and the staff list show it. */
export const ZSurveyExampleRecordSchema = z.object({
  id: ZWireIdSchema,
  surveyId: ZWireIdSchema,
  name: z.string(),
  code: z.string(),
  startDate: ZWireDateSchema,
  endDate: ZWireDateSchema,
  cover: z.string().nullable(),
  description: z.string().nullable(),
  isIndustry: z.number(),
  surveyState: z.number(),
  lastPage: z.number(),
  status: z.number(),
  backReason: z.string().nullable(),
  firmName: z.string().nullable(),
  companyName: z.string().nullable(),
  userName: z.string(),
  submitTime: ZWireDateTimeSchema.nullable(),
  createTime: ZWireDateTimeSchema,
  updateTime: ZWireDateTimeSchema.nullable(),
})
export type TSurveyExample = z.infer<typeof ZSurveyExampleRecordSchema>

/** A published survey open to the caller, with the caller's filling when started. */
export const ZOpenSurveySchema = z.object({
  id: ZWireIdSchema,
  name: z.string(),
  code: z.string(),
  startDate: ZWireDateSchema,
  endDate: ZWireDateSchema,
  cover: z.string().nullable(),
  description: z.string().nullable(),
  exampleId: ZWireIdSchema.nullable(),
  status: z.number().nullable(),
})
export type TOpenSurvey = z.infer<typeof ZOpenSurveySchema>

export const ZStatusBackSchema = z.object({
  surveyId: ZIdSchema,
  exampleId: ZIdSchema,
  reason: zRequired(SurveyMsg.BACK_REASON, 500),
})

export const ZExampleStaffQuerySchema = ZPageQuerySchema.extend({
  surveyId: ZIdSchema,
  status: z.preprocess(emptyToUndefined, z.enum(['1', '2', '3']).optional()),
  firmName: zOptionalText(100),
})

// Results (staff)

/** The answers' export: every filling, or (`status`) the fillings of one status (1 暂存, 2 待填报, 3 已提交). */
export const ZSurveyExportQuerySchema = z.object({
  id: ZIdSchema,
  status: z.preprocess(emptyToUndefined, z.enum(['1', '2', '3']).transform(Number).optional()),
})

export const ZQuestionSummarySchema = z.object({
  questionId: ZWireIdSchema,
  no: z.number(),
  questionText: z.string(),
  type: z.number(),
  page: z.number(),
  /** Submitted fillings that answered the question. */
  answered: z.number(),
  options: z.array(
    z.object({
      optionId: ZWireIdSchema,
      optionText: z.string(),
      isInput: z.number(),
      count: z.number(),
      /** Share of the answering fillings, 0 to 100, one decimal. */
      percent: z.number(),
    }),
  ),
  /** Fill-in and short answers, and the text of 'other' options. */
  texts: z.array(z.object({ exampleId: ZWireIdSchema, unit: z.string(), inputText: z.string() })),
})
export const ZSurveySummarySchema = z.object({
  surveyId: ZWireIdSchema,
  name: z.string(),
  examples: z.number(),
  submitted: z.number(),
  questions: z.array(ZQuestionSummarySchema),
})
export type TSurveySummary = z.infer<typeof ZSurveySummarySchema>

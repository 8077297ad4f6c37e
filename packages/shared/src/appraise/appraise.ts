import { z } from 'zod'
import { AGREEMENT_NUMBER_MAX } from '../common/constants.ts'
import { ZWireDateTimeSchema } from '../common/dates.ts'
import { ID_PATTERN, isId, ZWireIdSchema } from '../common/ids.ts'
import { hasNul, ILLEGAL_CHAR_MSG, isName, isPhone, isPostcode, zOptionalText } from '../common/validators.ts'
import {
  blank,
  checked,
  int,
  intRule,
  isAddress,
  isCompanyName,
  isMail,
  isRealDate,
  isRealDateOrTime,
  isRealMonth,
  list,
  nullableText,
  optionalId,
  rich,
  type TCheckMode,
  text,
  undefIfBlank,
} from './fields.ts'

export { isBlankRichText, isRealDate, isRealDateOrTime, isRealMonth, type TCheckMode } from './fields.ts'

/**
 * Achievement appraisal (issue 12, decision 017): the application with its agreement, the forms of
 * spec sections 2, 3 and 5, scoring and the status machine's values.
 */

/** Dictionary `results_status`; the server's transition table moves an application between them. */
export const RESULTS_STATUS = {
  DRAFT: 0,
  PENDING: 1,
  ACCEPTED: 2,
  EVALUATING: 3,
  SCORED: 4,
  REPORTED: 5,
  ARCHIVED: 6,
  RETURNED: 9,
} as const
export type TResultsStatus = (typeof RESULTS_STATUS)[keyof typeof RESULTS_STATUS]
export const RESULTS_STATUS_LABELS: Readonly<Record<number, string>> = {
  0: '草稿',
  1: '待审核',
  2: '已受理',
  3: '评价中',
  4: '已评分',
  5: '已出具报告',
  6: '已归档',
  9: '已退回',
}

/** Defaults of spec section 9. */
export const APPRAISE_DEFAULTS = {
  APPRAISE_TYPE: '会议形式',
  MEETING_VENUE: '北京',
  MEETING_TYPE: 2,
  SEX: 1,
} as const

/** Grade thresholds (param `appraise.gradeThresholds`), highest first; the last one catches the rest. */
export const GRADE_THRESHOLDS_PARAM = 'appraise.gradeThresholds'
export const DEFAULT_GRADE_THRESHOLDS: readonly { min: number; grade: string }[] = [
  { min: 90, grade: '国际领先' },
  { min: 80, grade: '国际先进' },
  { min: 70, grade: '国内领先' },
  { min: 60, grade: '国内先进' },
  { min: 0, grade: '国内一般' },
]

/** `90:国际领先,80:国际先进,…` to thresholds; null when the text does not parse. */
export const parseGradeThresholds = (text: string): { min: number; grade: string }[] | null => {
  const rows = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => {
      const [min, grade] = s.split(':').map((x) => x.trim())
      return { min: Number(min), grade: grade ?? '' }
    })
  if (!rows.length || rows.some((r) => !Number.isFinite(r.min) || !r.grade)) {
    return null
  }
  return rows.sort((a, b) => b.min - a.min)
}

export const gradeOf = (total: number, thresholds = DEFAULT_GRADE_THRESHOLDS): string =>
  thresholds.find((t) => total >= t.min)?.grade ?? thresholds[thresholds.length - 1]?.grade ?? ''

/** Rounds to one decimal the way the report prints it (half away from zero). */
export const round1 = (n: number): number => (Math.sign(n) * Math.round(Math.abs(n) * 10 + 1e-9)) / 10

/** Weighted mean of the indicators' scores, one decimal; null while an indicator has no score. */
export const weightedTotal = (items: readonly { weight: number; score: number | null }[]): number | null => {
  const weights = items.reduce((s, i) => s + i.weight, 0)
  if (!items.length || weights <= 0 || items.some((i) => i.score === null)) {
    return null
  }
  return round1(items.reduce((s, i) => s + i.weight * (i.score as number), 0) / weights)
}

/** The indicator set used when an application has none saved (a common 科技成果评价 set). */
export const DEFAULT_INDEX_SET: readonly { name: string; weight: number; meaning: string }[] = [
  { name: '技术创新程度', weight: 30, meaning: '与国内外同类技术相比的创新性、独创性' },
  { name: '技术经济指标的先进程度', weight: 25, meaning: '主要技术经济指标与国内外同类技术的比较' },
  { name: '技术难度和复杂程度', weight: 15, meaning: '解决的技术难题及其复杂程度' },
  { name: '成熟程度和应用情况', weight: 15, meaning: '技术的成熟度、推广应用的范围和前景' },
  { name: '经济社会效益', weight: 15, meaning: '已取得和预期的经济效益、社会效益' },
]

export const ResultsMsg = {
  AGREEMENT_NUMBER: '请输入协议编号',
  AGREEMENT_NUMBER_MAX: `协议编号长度不能超过${AGREEMENT_NUMBER_MAX}个字符`,
  AGREEMENT_NUMBER_TAKEN: '协议编号已存在',
  AGREEMENT_NUMBER_EXHAUSTED: '本年度协议编号已用完，请输入协议编号',
  NAME: '请输入成果名称',
  SIGNING_DATE: '请选择签订日期',
  RESULTS_SOURCE: '请输入成果来源',
  OUTCOME_TYPE: '请选择成果类型',
  SYNOPSIS: '请输入内容简介',
  UNITS: '请输入完成单位',
  PEOPLE: '请输入人员名单',
  APPRAISE_TYPE: '请输入评价形式',
  MEETING_TIME: '请选择会议时间',
  MEETING_VENUE: '请输入会议地点',
  MEETING_TYPE: '请选择会议类型',
  UNIT_NAME: '请输入公司名称',
  UNIT_NAME_BAD: '公司名称格式不正确',
  POSTCODE: '请输入邮政编码',
  POSTCODE_BAD: '邮政编码格式不正确',
  ADDRESS: '请输入详细通讯地址',
  ADDRESS_BAD: '详细通讯地址格式不正确',
  CONTACT: '请输入联系人',
  CONTACT_BAD: '联系人格式不正确',
  PHONE: '请输入联系电话',
  PHONE_BAD: '联系电话格式不正确',
  PERSON_NAME: '请输入姓名',
  PERSON_NAME_BAD: '姓名格式不正确',
  SEX: '请选择性别',
  BIRTH_TIME: '请选择出生年月',
  JOB_NAME: '请选择技术职称',
  EDUCATIONAL_LEVEL: '请选择文化程度',
  WORK_UNIT: '请选择工作单位',
  CONTRIBUTION: '请输入主要贡献',
  P_UNIT_NAME: '请输入单位名称',
  P_DUTY_NUMBER: '请输入纳税登记号',
  P_LEGAL_PERSON: '请输入法定代表人',
  P_ADDRESS: '请输入通讯地址',
  P_AGENT: '请输入委托代理人',
  P_PHONE: '请输入联系电话',
  P_PHONE_BAD: '请输入正确的联系电话',
  P_NAME: '请输入联系人',
  P_CARD_NUMBER: '请输入开户银行',
  P_POSTCODE: '请输入邮编',
  P_POSTCODE_BAD: '邮编格式不正确',
  P_ACCOUNT_NUMBER: '请输入账号',
  P_FAX: '请输入传真',
  P_MAIL: '邮箱格式不正确',
  SCORE: '请输入指标分数',
  OPINION: '请输入评审意见',
  RESULTS: '请选择成果',
  STATUS: '请选择状态',
  AUDIT_OPINION: '请输入审核意见',
  MESSAGE: '请输入留言内容',
  EXPERTS: '请选择专家',
  INDEX_NAME: '请输入指标名称',
  INDEX_WEIGHT: '请输入指标权重',
  INDEX_SET: '请设置评价指标',
} as const

export const resultsUnitSchema = (mode: TCheckMode) =>
  z.object({
    id: optionalId,
    unitName: text(mode, ResultsMsg.UNIT_NAME, 255, { test: isCompanyName, msg: ResultsMsg.UNIT_NAME_BAD }),
    postcode: text(mode, ResultsMsg.POSTCODE, 6, { test: isPostcode, msg: ResultsMsg.POSTCODE_BAD }),
    address: text(mode, ResultsMsg.ADDRESS, 255, { test: isAddress, msg: ResultsMsg.ADDRESS_BAD }),
    name: text(mode, ResultsMsg.CONTACT, 50, { test: isName, msg: ResultsMsg.CONTACT_BAD }),
    phone: text(mode, ResultsMsg.PHONE, 20, { test: isPhone, msg: ResultsMsg.PHONE_BAD }),
  })

export const resultsPeopleSchema = (mode: TCheckMode) =>
  z.object({
    id: optionalId,
    name: text(mode, ResultsMsg.PERSON_NAME, 50, { test: isName, msg: ResultsMsg.PERSON_NAME_BAD }),
    // Optional (spec section 5); when given, 1 male or 2 female.
    sex: z.preprocess(undefIfBlank, intRule(ResultsMsg.SEX, 1, 2).optional()),
    birthTime: checked(mode, ResultsMsg.BIRTH_TIME, isRealMonth, 7),
    jobName: int(mode, ResultsMsg.JOB_NAME, 1, 999),
    educationalLevel: int(mode, ResultsMsg.EDUCATIONAL_LEVEL, 1, 999),
    // A unit of the same application: its id, or the unit name of a row saved in the same body.
    workUnit: text(mode, ResultsMsg.WORK_UNIT, 255),
    contribution: text(mode, ResultsMsg.CONTRIBUTION, 1000),
  })

export const resultsPrincipalSchema = (mode: TCheckMode) =>
  z.object({
    unitName: text(mode, ResultsMsg.P_UNIT_NAME, 255),
    dutyNumber: text(mode, ResultsMsg.P_DUTY_NUMBER, 64),
    legalPerson: text(mode, ResultsMsg.P_LEGAL_PERSON, 50),
    address: text(mode, ResultsMsg.P_ADDRESS, 255),
    agent: text(mode, ResultsMsg.P_AGENT, 50),
    phone: text(mode, ResultsMsg.P_PHONE, 20, { test: isPhone, msg: ResultsMsg.P_PHONE_BAD }),
    name: text(mode, ResultsMsg.P_NAME, 50),
    cardNumber: text(mode, ResultsMsg.P_CARD_NUMBER, 255),
    postcode: text(mode, ResultsMsg.P_POSTCODE, 6, { test: isPostcode, msg: ResultsMsg.P_POSTCODE_BAD }),
    accountNumber: text(mode, ResultsMsg.P_ACCOUNT_NUMBER, 64),
    fax: text(mode, ResultsMsg.P_FAX, 20),
    personMail: text('draft', ResultsMsg.P_MAIL, 128, { test: isMail, msg: ResultsMsg.P_MAIL }),
  })

/** The agreement entity of spec section 3 with its rows, as `saveResultsVO` takes it. */
export const resultsVOSchema = (mode: TCheckMode) =>
  z.object({
    id: optionalId,
    agreementNumber: text('draft', ResultsMsg.AGREEMENT_NUMBER, AGREEMENT_NUMBER_MAX),
    name: text(mode, ResultsMsg.NAME, 255),
    firstParty: zOptionalText(255),
    signingLocation: zOptionalText(255),
    signingDate: checked(mode, ResultsMsg.SIGNING_DATE, isRealDate, 10),
    resultsSource: rich(mode, ResultsMsg.RESULTS_SOURCE, 20_000),
    outcomeType: int(mode, ResultsMsg.OUTCOME_TYPE, 1, 999),
    synopsis: rich(mode, ResultsMsg.SYNOPSIS, 20_000),
    appraiseType: text(mode, ResultsMsg.APPRAISE_TYPE, 64),
    meetingType: int('draft', ResultsMsg.MEETING_TYPE, 1, 2),
    meetingTime: checked(mode, ResultsMsg.MEETING_TIME, isRealDateOrTime, 19),
    meetingVenue: text(mode, ResultsMsg.MEETING_VENUE, 255),
    unitEntityList: list(mode, resultsUnitSchema(mode), ResultsMsg.UNITS),
    peopleEntityList: list(mode, resultsPeopleSchema(mode), ResultsMsg.PEOPLE),
    principal:
      mode === 'submit'
        ? z.preprocess((v) => v ?? {}, resultsPrincipalSchema(mode))
        : z.preprocess((v) => (v === null ? undefined : v), resultsPrincipalSchema(mode).optional()),
  })

/** What `saveResultsVO` takes (a draft: filled fields are checked); submitting checks it all. */
export const ZResultsVOSubmitSchema = resultsVOSchema('draft')
export const ZResultsVOFullSchema = resultsVOSchema('submit')
export type TResultsVOSubmit = z.infer<typeof ZResultsVOSubmitSchema>

export const ZResultsUnitRecordSchema = z.object({
  id: ZWireIdSchema,
  resultsId: ZWireIdSchema,
  unitName: z.string(),
  postcode: nullableText,
  address: nullableText,
  name: nullableText,
  phone: nullableText,
  sort: z.number(),
})
export const ZResultsPeopleRecordSchema = z.object({
  id: ZWireIdSchema,
  resultsId: ZWireIdSchema,
  name: z.string(),
  sex: z.number(),
  birthTime: nullableText,
  jobName: z.number().nullable(),
  educationalLevel: z.number().nullable(),
  workUnit: ZWireIdSchema.nullable(),
  workUnitName: z.string(),
  contribution: nullableText,
  sort: z.number(),
})
export const ZResultsPrincipalRecordSchema = z.object({
  id: ZWireIdSchema,
  resultsId: ZWireIdSchema,
  unitName: nullableText,
  dutyNumber: nullableText,
  legalPerson: nullableText,
  address: nullableText,
  agent: nullableText,
  phone: nullableText,
  name: nullableText,
  cardNumber: nullableText,
  postcode: nullableText,
  accountNumber: nullableText,
  fax: nullableText,
  personMail: nullableText,
})

/** An application as lists and `detail` answer it. */
export const ZResultsRecordSchema = z.object({
  id: ZWireIdSchema,
  tenantId: z.string(),
  agreementNumber: nullableText,
  name: z.string(),
  firstParty: nullableText,
  signingLocation: nullableText,
  signingDate: nullableText,
  resultsSource: nullableText,
  outcomeType: z.number().nullable(),
  outcomeTypeName: z.string(),
  synopsis: nullableText,
  appraiseType: nullableText,
  meetingType: z.number().nullable(),
  meetingTime: nullableText,
  meetingVenue: nullableText,
  status: z.number(),
  statusName: z.string(),
  totalScore: z.number().nullable(),
  grade: nullableText,
  canEdit: z.boolean(),
  createUser: ZWireIdSchema.nullable(),
  createUserName: z.string(),
  createTime: ZWireDateTimeSchema,
  updateTime: ZWireDateTimeSchema.nullable(),
})
export type TResultsRecord = z.infer<typeof ZResultsRecordSchema>

/** `detailResultsVO`: the application with its rows, the shape `saveResultsVO` takes. */
export const ZResultsVORecordSchema = ZResultsRecordSchema.extend({
  unitEntityList: z.array(ZResultsUnitRecordSchema),
  peopleEntityList: z.array(ZResultsPeopleRecordSchema),
  principal: ZResultsPrincipalRecordSchema.nullable(),
})
export type TResultsVO = z.infer<typeof ZResultsVORecordSchema>

/** An id sent as a string or a number, refused with the field's message. */
export const zAppraiseId = (msg: string) =>
  z
    .union([z.string().meta({ pattern: ID_PATTERN.source, example: '1123598821738675201' }), z.number()], {
      error: msg,
    })
    .transform((v) => String(v).trim())
    .refine(isId, { message: msg })

export const ZResultsIdQuerySchema = z.object({ resultsId: zAppraiseId(ResultsMsg.RESULTS) })

/** `POST results/submit`: the shared status call. */
export const ZResultsStatusSchema = z.object({
  id: zAppraiseId(ResultsMsg.RESULTS),
  status: z.coerce
    .number({ error: ResultsMsg.STATUS })
    .int(ResultsMsg.STATUS)
    .min(0, ResultsMsg.STATUS)
    .max(99, ResultsMsg.STATUS),
  opinion: zOptionalText(2000),
})

export const ZResultsAuditSchema = z.object({
  id: zAppraiseId(ResultsMsg.RESULTS),
  pass: z.preprocess(
    (v) => (v === 'true' || v === 1 || v === '1' ? true : v === 'false' || v === 0 || v === '0' ? false : v),
    z.boolean({ error: '请选择审核结果' }),
  ),
  opinion: zOptionalText(2000),
  // Staff may type the agreement number at acceptance; otherwise the YS+year+sequence rule gives one.
  agreementNumber: zOptionalText(AGREEMENT_NUMBER_MAX + 20).refine(
    (v) => v === undefined || [...v].length <= AGREEMENT_NUMBER_MAX,
    { message: ResultsMsg.AGREEMENT_NUMBER_MAX },
  ),
})

export const ZResultsPageQuerySchema = z.object({
  current: z.coerce.number().int().min(1).max(1_000_000).default(1).catch(1),
  size: z.coerce.number().int().min(1).max(200).default(10).catch(10),
  status: z.preprocess(
    (v) => (blank(v) ? undefined : v),
    z.coerce.number().int().min(0).max(99).optional().catch(undefined),
  ),
  name: zOptionalText(255),
})

export const ZResultsMessageSchema = z.object({
  resultsId: zAppraiseId(ResultsMsg.RESULTS),
  content: z
    .string({ error: ResultsMsg.MESSAGE })
    .trim()
    .min(1, ResultsMsg.MESSAGE)
    .max(2000, '长度不能超过2000个字符')
    .refine((v) => !hasNul(v), { message: ILLEGAL_CHAR_MSG }),
})

/** The kinds of dossier entries, as the dossier page and its appendix in the zip name them. */
export const RESULTS_EVENT_LABELS: Readonly<Record<string, string>> = {
  status: '状态变更',
  message: '留言',
  document: '生成文书',
  attach: '附件',
  push: '推送专家',
  score: '专家评分',
  config: '评价指标',
}
export const resultsEventLabel = (kind: string): string => RESULTS_EVENT_LABELS[kind] ?? kind

/** What a dossier entry says: a status change as `从 → 到：意见`, anything else its content. */
export const resultsEventText = (e: {
  kind: string
  fromStatus: number | null
  toStatus: number | null
  content: string | null
}): string =>
  e.kind === 'status' && e.fromStatus !== null && e.toStatus !== null && e.fromStatus !== e.toStatus
    ? `${RESULTS_STATUS_LABELS[e.fromStatus] ?? e.fromStatus} → ${RESULTS_STATUS_LABELS[e.toStatus] ?? e.toStatus}：${e.content ?? ''}`
    : (e.content ?? '')

/** One entry of an application's dossier (status change, message, document, file, push, score). */
export const ZResultsEventRecordSchema = z.object({
  id: ZWireIdSchema,
  kind: z.string(),
  fromStatus: z.number().nullable(),
  toStatus: z.number().nullable(),
  content: nullableText,
  userId: ZWireIdSchema.nullable(),
  userName: nullableText,
  createTime: ZWireDateTimeSchema,
})

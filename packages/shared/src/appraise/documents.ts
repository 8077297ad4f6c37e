import { z } from 'zod'
import { AGREEMENT_NUMBER_MAX } from '../common/constants.ts'
import { ZWireDateTimeSchema } from '../common/dates.ts'
import { ZWireIdSchema } from '../common/ids.ts'
import { hasNul, ILLEGAL_CHAR_MSG, isName, isPhone, zOptionalText } from '../common/validators.ts'
import { ResultsMsg, zAppraiseId } from './appraise.ts'
import {
  blank,
  checked,
  int,
  isCompanyName,
  isRealDate,
  isRealDateOrTime,
  list,
  optionalId,
  rich,
  type TCheckMode,
  text,
} from './fields.ts'

// Documents and forms

export const DOCUMENT_KINDS = ['notice', 'report', 'protocol', 'meeting'] as const
export type TDocumentKind = (typeof DOCUMENT_KINDS)[number]
export const DOCUMENT_TITLES: Readonly<Record<TDocumentKind, string>> = {
  notice: '评价通知',
  report: '评价报告',
  protocol: '评价协议书',
  meeting: '评价会议通知',
}
export const ZDownloadQuerySchema = z.object({
  resultsId: zAppraiseId(ResultsMsg.RESULTS),
  type: z.enum([...DOCUMENT_KINDS, 'all'], { error: '请选择下载类型' }),
})

export const NoticeMsg = {
  AGREEMENT_NUMBER: '请输入文件号',
  NAME: '请输入成果名称',
  UNIT: '请输入评价单位',
  EVALUATION_DATE: '请选择评价日期',
  SEND_DATE: '请选择发送日期',
  MEETING_TYPE: '请选择会议类型',
  MEETING_CODE: '请输入腾讯会议号',
  CONTACT: '请输入联系人',
  CONTACT_BAD: '联系人格式不正确',
  PHONE: '请输入电话',
  PHONE_BAD: '联系电话格式不正确',
} as const

const nameList = z
  .array(
    z
      .string()
      .trim()
      .max(255)
      .refine((v) => !hasNul(v), { message: ILLEGAL_CHAR_MSG }),
  )
  .max(100)
const names = z.preprocess((v) => (v === null || v === undefined ? [] : v), nameList)
/** A list of names: on submit at least one (blank lines dropped), on a draft anything up to 100. */
const namesOf = (mode: TCheckMode, empty: string) =>
  mode === 'submit'
    ? z.preprocess(
        (v) => (Array.isArray(v) ? v.filter((x) => !blank(x)) : v),
        z.array(z.string().trim().max(255), { error: empty }).min(1, empty).max(100),
      )
    : names

// The form factories below answer precise types per mode: required fields are strings on submit.
type TModedOut<M extends TCheckMode, T> = M extends 'submit' ? T : T | undefined
type TModed<M extends TCheckMode, T> = z.ZodType<TModedOut<M, T>, unknown>
const mText = <M extends TCheckMode>(
  mode: M,
  empty: string,
  max: number,
  bad?: { test: (v: string) => boolean; msg: string },
) => text(mode, empty, max, bad) as unknown as TModed<M, string>
const mChecked = <M extends TCheckMode>(mode: M, msg: string, test: (v: string) => boolean, max: number) =>
  checked(mode, msg, test, max) as unknown as TModed<M, string>
const mInt = <M extends TCheckMode>(mode: M, msg: string, min: number, max: number) =>
  int(mode, msg, min, max) as unknown as TModed<M, number>

/** The evaluation notice (评价通知) of spec sections 3 and 5; a draft (暂存) checks what is filled. */
export const noticeFormSchema = <M extends TCheckMode>(mode: M) =>
  z
    .object({
      resultsId: zAppraiseId(ResultsMsg.RESULTS),
      agreementNumber: mText(mode, NoticeMsg.AGREEMENT_NUMBER, AGREEMENT_NUMBER_MAX),
      name: mText(mode, NoticeMsg.NAME, 255),
      unit: mText(mode, NoticeMsg.UNIT, 255),
      evaluationDate: mChecked(mode, NoticeMsg.EVALUATION_DATE, isRealDate, 10),
      sendDate: mChecked(mode, NoticeMsg.SEND_DATE, isRealDate, 10),
      meetingType: mInt(mode, NoticeMsg.MEETING_TYPE, 1, 2),
      meetingCode: zOptionalText(64),
      contact: mText(mode, NoticeMsg.CONTACT, 50, { test: isName, msg: NoticeMsg.CONTACT_BAD }),
      phone: mText(mode, NoticeMsg.PHONE, 20, { test: isPhone, msg: NoticeMsg.PHONE_BAD }),
      list: names,
    })
    .superRefine((v, ctx) => {
      // The online meeting's number (decision 017: an offline meeting has none).
      if (mode === 'submit' && v.meetingType === 1 && !v.meetingCode) {
        ctx.addIssue({ code: 'custom', path: ['meetingCode'], message: NoticeMsg.MEETING_CODE })
      }
    })
export const ZNoticeFormSchema = noticeFormSchema('submit')
export const ZNoticeDraftSchema = noticeFormSchema('draft')
export type TNoticeForm = z.infer<typeof ZNoticeFormSchema>

export const AppraiseReportMsg = {
  REPORT_NUM: '请输入协议编号',
  REPORT_NUM_BOUND: '协议编号须与成果的协议编号一致',
  OUTCOME_NAME: '请输入成果名称',
  PROJECT_SOURCE: '请输入项目来源',
  OUTCOME_TYPE: '请选择成果类型',
  FIRST_PARTY: '请输入委托评价单位',
  COMMISSION_DATE: '请输入委托日期',
  APPRAISE_TYPE: '请输入评价形式',
  APPRAISE_UNIT: '请输入评价机构',
  COMPLETE_DATE: '请输入评价完成日期',
  TIMES: '请输入起止时间',
  STATEMENT: '请输入评价基本过程陈述',
  TECHNICAL: '请输入技术简要说明及主要技术经济指标',
  SOURCES: '请输入技术资料目录及来源',
  CONCLUSION: '请输入分项评价结论',
  LIST: '请输入建议企业名单',
  P_MAIL: '请输入邮箱',
} as const

const dateRange = (mode: TCheckMode) => {
  const range = z
    .array(z.string({ error: AppraiseReportMsg.TIMES }).refine(isRealDate, AppraiseReportMsg.TIMES), {
      error: AppraiseReportMsg.TIMES,
    })
    .length(2, AppraiseReportMsg.TIMES)
    .refine((v) => v[0]! <= v[1]!, AppraiseReportMsg.TIMES)
  return (
    mode === 'submit'
      ? range
      : z.preprocess(
          (v) => (v === null || (Array.isArray(v) && v.every((x) => blank(x))) ? undefined : v),
          range.optional(),
        )
  ) as z.ZodType<string[], unknown>
}

/**
 * The appraisal report form (评价报告) of spec section 2; indicators, scores, rows and the principal
 * group come from the server. A draft (暂存) checks what is filled.
 */
export const reportFormSchema = <M extends TCheckMode>(mode: M) =>
  z
    .object({
      resultsId: zAppraiseId(ResultsMsg.RESULTS),
      reportNum: mText(mode, AppraiseReportMsg.REPORT_NUM, AGREEMENT_NUMBER_MAX),
      outcomeName: mText(mode, AppraiseReportMsg.OUTCOME_NAME, 255),
      projectSource: rich(mode, AppraiseReportMsg.PROJECT_SOURCE, 20_000),
      outcomeType: mInt(mode, AppraiseReportMsg.OUTCOME_TYPE, 1, 999),
      firstParty: mText(mode, AppraiseReportMsg.FIRST_PARTY, 255),
      commissionDate: mChecked(mode, AppraiseReportMsg.COMMISSION_DATE, isRealDate, 10),
      appraiseType: mText(mode, AppraiseReportMsg.APPRAISE_TYPE, 64),
      appraiseUnit: mText(mode, AppraiseReportMsg.APPRAISE_UNIT, 255),
      completeDate: mChecked(mode, AppraiseReportMsg.COMPLETE_DATE, isRealDate, 10),
      times: dateRange(mode) as TModed<M, string[]>,
      statement: rich(mode, AppraiseReportMsg.STATEMENT, 20_000),
      // Spec section 3's names for the technical description and the itemised conclusion (decision 023).
      reportDictionaryEntityListOne: rich('draft', AppraiseReportMsg.TECHNICAL, 20_000),
      sources: rich(mode, AppraiseReportMsg.SOURCES, 20_000),
      reportDictionaryEntityListTwo: rich('draft', AppraiseReportMsg.CONCLUSION, 20_000),
      list: namesOf(mode, AppraiseReportMsg.LIST) as z.ZodType<string[], unknown>,
      /** The names this product's forms sent before decision 023, still taken; the spec's names win. */
      technical: rich('draft', AppraiseReportMsg.TECHNICAL, 20_000),
      conclusion: rich('draft', AppraiseReportMsg.CONCLUSION, 20_000),
    })
    .superRefine((v, ctx) => {
      if (mode !== 'submit') {
        return
      }
      if (!v.reportDictionaryEntityListOne && !v.technical) {
        ctx.addIssue({
          code: 'custom',
          path: ['reportDictionaryEntityListOne'],
          message: AppraiseReportMsg.TECHNICAL,
        })
      }
      if (!v.reportDictionaryEntityListTwo && !v.conclusion) {
        ctx.addIssue({
          code: 'custom',
          path: ['reportDictionaryEntityListTwo'],
          message: AppraiseReportMsg.CONCLUSION,
        })
      }
    })
    .transform(({ technical, conclusion, ...v }) => ({
      ...v,
      reportDictionaryEntityListOne: (v.reportDictionaryEntityListOne ?? technical) as TModedOut<M, string>,
      reportDictionaryEntityListTwo: (v.reportDictionaryEntityListTwo ?? conclusion) as TModedOut<M, string>,
    }))
export const ZReportFormSchema = reportFormSchema('submit')
export const ZReportDraftSchema = reportFormSchema('draft')
export type TReportForm = z.infer<typeof ZReportFormSchema>

export const AppraiseMeetingMsg = {
  MEETING_TIME: '请选择会议时间',
  MEETING_TYPE: '请选择会议类型',
  MEETING_NO: '请输入会议号',
  DIRECT: '请输入主持人',
  AGENDA: '请输入会议议程',
  LEADERS: '请输入项目单位负责人',
  LEADER_NAME: '请输入姓名',
  LEADER_NAME_BAD: '姓名格式不正确',
  LEADER_UNIT: '请输入工作单位',
  LEADER_UNIT_BAD: '工作单位格式不正确',
  LEADER_TECHNICAL: '请选择技术职称',
  ENTERPRISES: '请输入建议企业名单',
} as const

/** A project unit leader row of the meeting form (spec section 3). */
export const meetingLeaderSchema = <M extends TCheckMode>(mode: M) =>
  z.object({
    id: optionalId,
    name: mText(mode, AppraiseMeetingMsg.LEADER_NAME, 50, {
      test: isName,
      msg: AppraiseMeetingMsg.LEADER_NAME_BAD,
    }),
    workUnit: mText(mode, AppraiseMeetingMsg.LEADER_UNIT, 255, {
      test: isCompanyName,
      msg: AppraiseMeetingMsg.LEADER_UNIT_BAD,
    }),
    technical: mInt(mode, AppraiseMeetingMsg.LEADER_TECHNICAL, 1, 999),
  })

/** The appraisal meeting form (评价会) of spec section 2; a draft (暂存) checks what is filled. */
export const meetingFormSchema = <M extends TCheckMode>(mode: M) =>
  z.object({
    resultsId: zAppraiseId(ResultsMsg.RESULTS),
    meetingTime: mChecked(mode, AppraiseMeetingMsg.MEETING_TIME, isRealDateOrTime, 19),
    meetingType: mInt(mode, AppraiseMeetingMsg.MEETING_TYPE, 1, 2),
    meetingNo: mText(mode, AppraiseMeetingMsg.MEETING_NO, 64),
    direct: mText(mode, AppraiseMeetingMsg.DIRECT, 50),
    meetingAgenda: rich(mode, AppraiseMeetingMsg.AGENDA, 20_000),
    enterpriseList: namesOf(mode, AppraiseMeetingMsg.ENTERPRISES) as z.ZodType<string[], unknown>,
    leaders: list(mode, meetingLeaderSchema(mode), AppraiseMeetingMsg.LEADERS) as unknown as z.ZodType<
      z.infer<ReturnType<typeof meetingLeaderSchema<M>>>[],
      unknown
    >,
    /** The day the meeting notice goes out (its signature's date; decision 027); today when not given. */
    sendDate: mChecked('draft', NoticeMsg.SEND_DATE, isRealDate, 10),
  })
export const ZMeetingFormSchema = meetingFormSchema('submit')
export const ZMeetingDraftSchema = meetingFormSchema('draft')
export type TMeetingForm = z.infer<typeof ZMeetingFormSchema>

/** A saved form as `notice/detail`, `report/detail` and `have/findAll` answer it. */
export const ZFormRecordSchema = z.object({
  id: ZWireIdSchema.nullable(),
  resultsId: ZWireIdSchema,
  /** False when nothing is saved yet and the form is prefilled from the application. */
  saved: z.boolean(),
  /** Whether the form's document has been generated (and can be downloaded). */
  generated: z.boolean(),
  canEdit: z.boolean(),
  data: z.record(z.string(), z.unknown()),
  updateTime: ZWireDateTimeSchema.nullable(),
})

export const ZResultsFileRecordSchema = z.object({
  id: ZWireIdSchema,
  resultsId: ZWireIdSchema,
  attachId: ZWireIdSchema,
  assortId: ZWireIdSchema.nullable(),
  kind: z.string(),
  name: z.string(),
  link: z.string(),
  attachSize: z.number(),
  createTime: ZWireDateTimeSchema,
})
export const ZResultsAttachQuerySchema = z.object({
  resultsId: zAppraiseId(ResultsMsg.RESULTS),
  assortId: z.preprocess((v) => (blank(v) ? undefined : v), zAppraiseId('请选择附件分类').optional()),
})

/** The achievement attachment categories (section 9, dictionary `attachment_category`). */
export const RESULTS_ASSORT_IDS = ['12', '13', '14', '15', '16', '17'] as const
export const isResultsAssort = (v: string): boolean => (RESULTS_ASSORT_IDS as readonly string[]).includes(v)

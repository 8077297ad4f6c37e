import { z } from 'zod'
import { ZWireDateTimeSchema } from '../common/dates.ts'
import { ZWireIdSchema } from '../common/ids.ts'
import { zOptionalText } from '../common/validators.ts'
import { ZAssortSubmitSchema } from '../resource/resource.ts'
import {
  ResultsMsg,
  resultsPeopleSchema,
  resultsPrincipalSchema,
  resultsUnitSchema,
  ZResultsPeopleRecordSchema,
  ZResultsPrincipalRecordSchema,
  ZResultsUnitRecordSchema,
  zAppraiseId,
} from './appraise.ts'
import { ZResultsFileRecordSchema } from './documents.ts'
import { ZIndexConfigSchema } from './scoring.ts'

/**
 * The sub-records of an application as calls of their own (spec section 7: unit, people, principal,
 * assort): lists across the applications the caller may read, and single-row writes that need the
 * application to be editable by the caller (decision 017).
 */

const optionalResultsId = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  zAppraiseId(ResultsMsg.RESULTS).optional(),
)

/** `unit|people|principal/list`: paged, optionally one application, a keyword on the row's name. */
export const ZAppraiseRowsQuerySchema = z.object({
  current: z.coerce.number().int().min(1).max(1_000_000).default(1).catch(1),
  size: z.coerce.number().int().min(1).max(200).default(10).catch(10),
  resultsId: optionalResultsId,
  keyword: zOptionalText(255),
})
export type TAppraiseRowsQuery = z.infer<typeof ZAppraiseRowsQuerySchema>

/** Which application a row belongs to, for lists across applications. */
const ofResults = {
  resultsName: z.string(),
  /** Whether the caller may change the row (its application is editable by them). */
  canEdit: z.boolean(),
}

export const ZResultsUnitSubmitSchema = resultsUnitSchema('submit').extend({
  resultsId: zAppraiseId(ResultsMsg.RESULTS),
})
export type TResultsUnitSubmit = z.infer<typeof ZResultsUnitSubmitSchema>
export const ZResultsUnitRowSchema = ZResultsUnitRecordSchema.extend(ofResults)

/** A person row on its own names its unit by id (a unit of the same application). */
export const ZResultsPeopleSubmitSchema = resultsPeopleSchema('submit').extend({
  resultsId: zAppraiseId(ResultsMsg.RESULTS),
  workUnit: zAppraiseId(ResultsMsg.WORK_UNIT),
})
export type TResultsPeopleSubmit = z.infer<typeof ZResultsPeopleSubmitSchema>
export const ZResultsPeopleRowSchema = ZResultsPeopleRecordSchema.extend(ofResults)

/** The principal group is one per application: a submit without id replaces the application's. */
export const ZResultsPrincipalSubmitSchema = resultsPrincipalSchema('submit').extend({
  id: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    zAppraiseId(ResultsMsg.RESULTS).optional(),
  ),
  resultsId: zAppraiseId(ResultsMsg.RESULTS),
})
export type TResultsPrincipalSubmit = z.infer<typeof ZResultsPrincipalSubmitSchema>
export const ZResultsPrincipalRowSchema = ZResultsPrincipalRecordSchema.extend(ofResults)

/** `/api/ysjs-appraise/assort`: the achievement attachment categories (children of `attachment_category`). */
export const ATTACHMENT_CATEGORY_CODE = 'attachment_category'
export const ZAppraiseAssortSubmitSchema = ZAssortSubmitSchema.omit({ parentId: true })
export type TAppraiseAssortSubmit = z.infer<typeof ZAppraiseAssortSubmitSchema>
export const AppraiseAssortMsg = {
  SELECT: '请选择附件分类',
  IN_USE: '该分类下有成果附件，不能删除',
  NOT_FOUND: '附件分类不存在',
} as const

export const ZAppraiseAssortRecordSchema = z.object({
  id: ZWireIdSchema,
  parentId: ZWireIdSchema,
  name: z.string(),
  code: z.string().nullable(),
  remark: z.string().nullable(),
  sort: z.number(),
  /** Files of the caller's tenant filed under the category. */
  files: z.number(),
})

/** `attach/list`: the uploaded files of the applications the caller reads, by category and name. */
export const ZAppraiseAttachQuerySchema = ZAppraiseRowsQuerySchema.extend({
  assortId: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    zAppraiseId(AppraiseAssortMsg.SELECT).optional(),
  ),
})
export type TAppraiseAttachQuery = z.infer<typeof ZAppraiseAttachQuerySchema>
export const ZResultsFileRowSchema = ZResultsFileRecordSchema.extend({
  ...ofResults,
  assortName: z.string(),
})

/** `/api/ysjs-appraise/cofig`: indicator templates (评价配置), one indicator set per outcome type. */
export const IndexTemplateMsg = {
  NAME: '请输入模板名称',
  OUTCOME_TYPE: '请选择成果类型',
} as const
export const ZIndexTemplateSubmitSchema = z.object({
  id: z.preprocess((v) => (v === '' || v === null ? undefined : v), zAppraiseId('模板不存在').optional()),
  name: z
    .string({ error: IndexTemplateMsg.NAME })
    .trim()
    .min(1, IndexTemplateMsg.NAME)
    .max(255, '长度不能超过255个字符'),
  /** Empty: the template of every outcome type without one of its own. */
  outcomeType: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce
      .number({ error: IndexTemplateMsg.OUTCOME_TYPE })
      .int(IndexTemplateMsg.OUTCOME_TYPE)
      .min(1, IndexTemplateMsg.OUTCOME_TYPE)
      .max(999, IndexTemplateMsg.OUTCOME_TYPE)
      .optional(),
  ),
  indexList: ZIndexConfigSchema.shape.indexList,
  remark: zOptionalText(500),
})
export type TIndexTemplateSubmit = z.infer<typeof ZIndexTemplateSubmitSchema>
export const ZIndexTemplateRecordSchema = z.object({
  id: ZWireIdSchema,
  name: z.string(),
  outcomeType: z.number().nullable(),
  outcomeTypeName: z.string(),
  indexList: z.array(z.object({ name: z.string(), weight: z.number(), meaning: z.string() })),
  /** The indicators' names, for the list. */
  indexNames: z.string(),
  remark: z.string().nullable(),
  createTime: ZWireDateTimeSchema,
  updateTime: ZWireDateTimeSchema.nullable(),
})

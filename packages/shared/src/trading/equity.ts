import { z } from 'zod'
import { ZWireDateSchema, ZWireDateTimeSchema } from '../common/dates.ts'
import { isId, ZIdSchema, ZWireIdSchema } from '../common/ids.ts'
import { zInt, zOptionalText, zRequired } from '../common/validators.ts'
import { AttachmentMsg, isAttachmentFile, isStoredFile } from './attachment.ts'
import { zDate } from './deal.ts'

/** Spec section 5, intellectual property: every field is required, with a prompt per field. */
export const EquityMsg = {
  TYPE: '请选择知识产权类别',
  NAME: '请输入知识产权名称',
  COUNTRY: '请选择国家或地区',
  ACCREDIT_NO: '请输入授权号',
  ACCREDIT_TIME: '请选择授权日期',
  CERTIFICATE_NO: '请输入证书号',
  OBLIGEE: '请输入权利人',
  INVENTOR: '请输入发明人',
  IS_EFFECTIVE: '请选择是否有效',
  FILE: '请上传附件',
  FILE_TYPE: AttachmentMsg.FILE_TYPE,
  FILE_MISSING: AttachmentMsg.FILE_MISSING,
  RESULTS: '请选择所属成果',
} as const

/** isEffective (dictionary `ip_validity`): 1 有效 (the default), 2 无效. */
export const IS_EFFECTIVE = { VALID: 1, INVALID: 2 } as const

export { isAttachmentFile, isStoredFile, zAttachmentLink } from './attachment.ts'

/** An intellectual property record of an achievement, as the submit endpoint and the form take it. */
export const ZEquitySubmitSchema = z.object({
  id: ZIdSchema.optional(),
  resultsId: zRequired(EquityMsg.RESULTS, 19).refine(isId, { message: EquityMsg.RESULTS }),
  type: zInt({ message: EquityMsg.TYPE, min: 1 }),
  name: zRequired(EquityMsg.NAME, 255),
  country: zInt({ message: EquityMsg.COUNTRY, min: 1 }),
  accreditNo: zRequired(EquityMsg.ACCREDIT_NO, 100),
  accreditTime: zDate(EquityMsg.ACCREDIT_TIME),
  certificateNo: zRequired(EquityMsg.CERTIFICATE_NO, 100),
  obligee: zRequired(EquityMsg.OBLIGEE, 255),
  inventor: zRequired(EquityMsg.INVENTOR, 255),
  isEffective: zInt({ message: EquityMsg.IS_EFFECTIVE, min: 1, max: 2 }),
  fileAttach: zRequired(EquityMsg.FILE, 1000)
    .refine(isAttachmentFile, { message: EquityMsg.FILE_TYPE })
    .refine(isStoredFile, { message: EquityMsg.FILE_MISSING }),
  fileName: zOptionalText(255),
})
export type TEquitySubmit = z.infer<typeof ZEquitySubmitSchema>

export const ZEquityRecordSchema = z.object({
  id: ZWireIdSchema,
  tenantId: z.string(),
  resultsId: ZWireIdSchema,
  /** The application's name (成果名称). */
  resultsName: z.string(),
  type: z.number(),
  typeName: z.string(),
  name: z.string(),
  country: z.number(),
  countryName: z.string(),
  accreditNo: z.string(),
  accreditTime: ZWireDateSchema,
  certificateNo: z.string(),
  obligee: z.string(),
  inventor: z.string(),
  isEffective: z.number(),
  fileAttach: z.string(),
  fileName: z.string().nullable(),
  createUser: ZWireIdSchema.nullable(),
  createTime: ZWireDateTimeSchema,
  updateTime: ZWireDateTimeSchema.nullable(),
  status: z.number(),
  isDeleted: z.number(),
})
export type TEquity = z.infer<typeof ZEquityRecordSchema>

export const ZEquityByResultsQuerySchema = z.object({
  resultsId: zRequired(EquityMsg.RESULTS, 19).refine(isId, { message: EquityMsg.RESULTS }),
  /** An intellectual-property category (dictionary `intellectual_property_category`). */
  assortId: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    zInt({ message: EquityMsg.TYPE, min: 1 }).optional(),
  ),
})

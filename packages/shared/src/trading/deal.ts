import { z } from 'zod'
import { DATE_PATTERN, parseDateTime, ZWireDateSchema, ZWireDateTimeSchema } from '../common/dates.ts'
import { isId, ZIdSchema, ZWireIdSchema } from '../common/ids.ts'
import { zInt, zOptionalText, zRequired } from '../common/validators.ts'
import { zAttachmentLink } from './attachment.ts'
import { zMoney } from './money.ts'

export const DealMsg = {
  PROJECT: '请选择交易项目',
  PROJECT_MISSING: '交易项目不存在',
  CONTRACT_NO: '请输入合同编号',
  CONTRACT_NO_EXISTS: '合同编号已存在',
  BUYER: '请输入买方单位',
  SELLER: '请输入卖方单位',
  SAME_PARTY: '买方单位与卖方单位不能相同',
  SIGNING_DATE: '请选择签订日期',
  STATUS: '请选择交易状态',
} as const

/** Dictionary `deal_status` (decision 014). */
export const DEAL_STATUS = { NEGOTIATING: 1, SIGNED: 2, PERFORMING: 3, COMPLETED: 4, TERMINATED: 5 } as const

/** A required `yyyy-MM-dd` date with one message for empty and malformed input. */
export const zDate = (message: string) =>
  // A real calendar day: 2023-02-31 is refused, not rolled over to March.
  zRequired(message, 10).refine((v) => DATE_PATTERN.test(v) && parseDateTime(v) !== null, { message })

/** A technology deal (technology contract) as the submit endpoint and the form take it. */
export const ZDealSubmitSchema = z.object({
  id: ZIdSchema.optional(),
  projectId: zRequired(DealMsg.PROJECT, 19).refine(isId, { message: DealMsg.PROJECT }),
  contractNo: zRequired(DealMsg.CONTRACT_NO, 64),
  buyerUnit: zRequired(DealMsg.BUYER, 255),
  sellerUnit: zRequired(DealMsg.SELLER, 255),
  amount: zMoney('合同金额'),
  signingDate: zDate(DealMsg.SIGNING_DATE),
  dealStatus: zInt({ message: DealMsg.STATUS, min: 1, max: 5 }),
  fileAttach: zAttachmentLink,
  fileName: zOptionalText(255),
  remark: zOptionalText(500),
})
export type TDealSubmit = z.infer<typeof ZDealSubmitSchema>

export const ZDealRecordSchema = z.object({
  id: ZWireIdSchema,
  tenantId: z.string(),
  projectId: ZWireIdSchema,
  projectTitle: z.string(),
  contractNo: z.string(),
  buyerUnit: z.string(),
  sellerUnit: z.string(),
  amount: z.string(),
  signingDate: ZWireDateSchema,
  dealStatus: z.number(),
  dealStatusName: z.string(),
  fileAttach: z.string().nullable(),
  fileName: z.string().nullable(),
  remark: z.string().nullable(),
  createUser: ZWireIdSchema.nullable(),
  createTime: ZWireDateTimeSchema,
  updateTime: ZWireDateTimeSchema.nullable(),
  status: z.number(),
  isDeleted: z.number(),
})
export type TDeal = z.infer<typeof ZDealRecordSchema>

import { z } from 'zod'
import { ZWireDateTimeSchema } from '../common/dates.ts'
import { ZWireIdSchema } from '../common/ids.ts'
import { isPhone, isPostcode, zOptionalText, zRequired } from '../common/validators.ts'

/**
 * The issuing centre (评价机构, decision 027): who signs and seals the appraisal's documents, one profile
 * per tenant, kept by the tenant's administrator.
 */
export const IssuerMsg = {
  FULL_NAME: '请输入机构全称',
  POSTCODE: '邮政编码格式不正确',
  PHONE: '请输入正确的联系电话',
  FAX: '请输入正确的传真号码',
  EMAIL: '邮箱格式不正确',
  ACCOUNT: '银行账号只能包含数字和空格',
} as const

const optional = (max: number, test: (v: string) => boolean, message: string) =>
  zOptionalText(max).refine((v) => v === undefined || test(v), { message })

export const ZIssuerSubmitSchema = z.object({
  fullName: zRequired(IssuerMsg.FULL_NAME, 100),
  shortName: zOptionalText(50),
  address: zOptionalText(255),
  postcode: optional(6, isPostcode, IssuerMsg.POSTCODE),
  phone: optional(20, isPhone, IssuerMsg.PHONE),
  fax: optional(20, isPhone, IssuerMsg.FAX),
  email: optional(100, (v) => z.email().safeParse(v).success, IssuerMsg.EMAIL),
  bankName: zOptionalText(100),
  bankAccount: optional(40, (v) => /^[\d ]+$/.test(v), IssuerMsg.ACCOUNT),
  sealText: zOptionalText(100),
})
export type TIssuerSubmit = z.infer<typeof ZIssuerSubmitSchema>
export type TIssuerSubmitInput = z.input<typeof ZIssuerSubmitSchema>

/** The profile as answered; `configured` is false while the tenant has saved none (its name stands in). */
export const ZIssuerRecordSchema = z.object({
  id: ZWireIdSchema.nullable(),
  tenantId: z.string(),
  fullName: z.string(),
  shortName: z.string().nullable(),
  address: z.string().nullable(),
  postcode: z.string().nullable(),
  phone: z.string().nullable(),
  fax: z.string().nullable(),
  email: z.string().nullable(),
  bankName: z.string().nullable(),
  bankAccount: z.string().nullable(),
  sealText: z.string().nullable(),
  configured: z.boolean(),
  updateTime: ZWireDateTimeSchema.nullable(),
})
export type TIssuer = z.infer<typeof ZIssuerRecordSchema>
z.globalRegistry.add(ZIssuerRecordSchema, { id: 'Issuer' })

/** The default centre of tenant 000000 (the seed's profile). */
export const DEFAULT_ISSUER = {
  fullName: '中国有色金属工业协会科技成果转化服务中心',
  shortName: '科技成果转化服务中心',
  address: '北京市海淀区复兴路乙12号',
  postcode: '100814',
  phone: '010-63971234',
  fax: '010-63971235',
  email: 'kjcg@chinania.org.cn',
  bankName: '中国工商银行北京复兴路支行',
  bankAccount: '0200 0045 0902 1234 567',
  sealText: '中国有色金属工业协会科技成果转化服务中心',
} as const satisfies TIssuerSubmit

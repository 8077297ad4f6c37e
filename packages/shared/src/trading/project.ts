import { z } from 'zod'
import { ZWireDateTimeSchema } from '../common/dates.ts'
import { ZIdSchema, ZWireIdSchema } from '../common/ids.ts'
import { zInt, zOptionalInt, zOptionalText, zRequired } from '../common/validators.ts'
import { zOptionalMoney } from './money.ts'

export const TradingProjectMsg = {
  TITLE: '请输入项目名称',
  TECHNOLOGY_TYPE: '请选择技术类型',
  INDUSTRY_TYPE: '请选择行业领域',
  COLLABORATION_MODE: '请选择合作方式',
  /** Spec section 4, secret-project rule: the form and the server answer the same. */
  SECRET: '不接受保密项目',
  HAS_DEALS: '该项目已有交易记录,不能删除',
} as const

/** isSecret values (dictionary `is_secret`): 1 非保密, 2 保密; only 1 is accepted. */
export const IS_SECRET = { PUBLIC: 1, SECRET: 2 } as const

/** Longest rich-text content kept for a project (after sanitising). */
export const TRADING_PROJECT_CONTENT_MAX = 20_000

/** A technology project offered for trading, as the submit endpoint and the form take it. */
export const ZTradingProjectSubmitSchema = z.object({
  id: ZIdSchema.optional(),
  title: zRequired(TradingProjectMsg.TITLE, 255),
  technologyType: zInt({ message: TradingProjectMsg.TECHNOLOGY_TYPE, min: 1 }),
  technicalSource: zOptionalInt({ min: 1 }),
  source: zOptionalText(255),
  industryType: zInt({ message: TradingProjectMsg.INDUSTRY_TYPE, min: 1 }),
  projectCountry: zOptionalInt({ min: 1 }),
  intentPrice: zOptionalMoney('意向价格'),
  collaborationMode: zInt({ message: TradingProjectMsg.COLLABORATION_MODE, min: 1 }),
  patentSituation: zOptionalInt({ min: 1 }),
  projectPhase: zOptionalInt({ min: 1 }),
  ascription: zOptionalText(255),
  content: zOptionalText(TRADING_PROJECT_CONTENT_MAX),
  isSecret: z
    .preprocess(
      (v) => (v === '' || v === null || v === undefined ? IS_SECRET.PUBLIC : v),
      z.coerce.number({ error: TradingProjectMsg.SECRET }),
    )
    .refine((v) => v === IS_SECRET.PUBLIC, { message: TradingProjectMsg.SECRET }),
})
export type TTradingProjectSubmit = z.infer<typeof ZTradingProjectSubmitSchema>

export const ZTradingProjectRecordSchema = z.object({
  id: ZWireIdSchema,
  tenantId: z.string(),
  title: z.string(),
  technologyType: z.number(),
  technologyTypeName: z.string(),
  technicalSource: z.number().nullable(),
  source: z.string().nullable(),
  industryType: z.number(),
  industryTypeName: z.string(),
  projectCountry: z.number().nullable(),
  intentPrice: z.string().nullable(),
  collaborationMode: z.number(),
  collaborationModeName: z.string(),
  patentSituation: z.number().nullable(),
  projectPhase: z.number().nullable(),
  ascription: z.string().nullable(),
  content: z.string().nullable(),
  isSecret: z.number(),
  createUser: ZWireIdSchema.nullable(),
  createTime: ZWireDateTimeSchema,
  updateTime: ZWireDateTimeSchema.nullable(),
  status: z.number(),
  isDeleted: z.number(),
})
export type TTradingProject = z.infer<typeof ZTradingProjectRecordSchema>

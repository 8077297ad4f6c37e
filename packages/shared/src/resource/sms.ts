import { z } from 'zod'
import { ZWireDateTimeSchema } from '../common/dates.ts'
import { ZIdSchema, ZWireIdSchema } from '../common/ids.ts'
import { zInt, zOptionalText, zRequired } from '../common/validators.ts'

/** Dictionary `sms` (contract 8), plus 5: the log provider, which only writes the message to the log. */
export const SmsCategory = { YUNPIAN: 1, QINIU: 2, ALIYUN: 3, TENCENT: 4, LOG: 5 } as const
/** Categories with a provider in this build; the others are refused on submit. */
export const SMS_SUPPORTED_CATEGORIES: readonly number[] = [SmsCategory.TENCENT, SmsCategory.LOG]
/** `status` of an SMS config, as the platform's `enable` sets it. */
export const SmsStatus = { DISABLED: 1, ENABLED: 2 } as const

/** Validation codes and their limits (issue 8): six digits, five minutes, one use. */
export const SMS_CODE = {
  LENGTH: 6,
  TTL_S: 300,
  /** Wrong guesses a code survives; the next wrong one burns it. */
  MAX_ATTEMPTS: 5,
  PER_PHONE_INTERVAL_S: 60,
  PER_PHONE_PER_DAY: 10,
  PER_IP_PER_MINUTE: 5,
  PER_IP_PER_DAY: 50,
} as const

export const SmsMsg = {
  CATEGORY: '请选择短信服务类型',
  CATEGORY_UNSUPPORTED: '暂不支持该短信服务类型',
  CODE: '请输入资源编号',
  TEMPLATE: '请输入模板ID',
  ACCESS_KEY: '请输入accessKey',
  SECRET_KEY: '请输入secretKey',
  APP_ID: '请输入应用ID',
  SIGN_NAME: '请输入短信签名',
  CODE_EXISTS: '当前资源编号已存在!',
  ENDPOINT: '服务地址格式不正确',
  PHONES: '请输入手机号',
  PHONE_BAD: '手机号格式不正确',
  PARAMS_BAD: '短信参数格式不正确',
  TENANT: '请输入租户编号',
  NOT_FOUND: '未找到可用的短信配置',
  SEND_SUCCESS: '短信发送成功',
  SEND_FAIL: '短信发送失败',
  ENDPOINT_NOT_ALLOWED: '短信服务地址不在允许的范围内',
  TOO_FREQUENT: '短信发送过于频繁,请稍后再试',
  DAILY_LIMIT: '今日短信发送次数已达上限',
  CODE_INVALID: '短信验证码不正确或已失效',
  PHONE_MISSING: '请输入手机号',
} as const

export const MOBILE_ONLY_PATTERN = /^1[3-9]\d{9}$/

const zEndpoint = zOptionalText(255).refine(
  (v) => v === undefined || /^https?:\/\/[^\s/]+(\/\S*)?$/.test(v),
  {
    message: SmsMsg.ENDPOINT,
  },
)

/**
 * An SMS config as the form and `submit` take it. On update an empty or still-masked `secretKey`
 * keeps the stored secret. Vendor fields are checked per category by the service.
 */
export const ZSmsSubmitSchema = z.object({
  id: ZIdSchema.optional(),
  category: zInt({ message: SmsMsg.CATEGORY, min: 1, max: 5 }),
  smsCode: zRequired(SmsMsg.CODE, 64),
  templateId: zRequired(SmsMsg.TEMPLATE, 64),
  accessKey: zOptionalText(255),
  secretKey: zOptionalText(255),
  regionId: zOptionalText(64),
  signName: zOptionalText(64),
  appId: zOptionalText(64),
  endpoint: zEndpoint,
  remark: zOptionalText(255),
})
export type TSmsSubmit = z.infer<typeof ZSmsSubmitSchema>

export const ZSmsRecordSchema = z.object({
  id: ZWireIdSchema,
  tenantId: z.string(),
  category: z.number(),
  categoryName: z.string(),
  smsCode: z.string(),
  templateId: z.string(),
  accessKey: z.string().nullable(),
  /** Masked (`maskSecret`): never the whole secret. */
  secretKey: z.string().nullable(),
  regionId: z.string().nullable(),
  signName: z.string().nullable(),
  appId: z.string().nullable(),
  endpoint: z.string().nullable(),
  remark: z.string().nullable(),
  createUser: ZWireIdSchema.nullable(),
  createTime: ZWireDateTimeSchema,
  updateTime: ZWireDateTimeSchema.nullable(),
  status: z.number(),
  statusName: z.string(),
  isDeleted: z.number(),
})
export type TSms = z.infer<typeof ZSmsRecordSchema>

const phoneList = (v: string) =>
  v
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)

/** `send-message` (query or form, as the platform): `code` names a config (the enabled one when empty). */
export const ZSmsSendSchema = z.object({
  code: zOptionalText(64),
  phones: zRequired(SmsMsg.PHONES, 1200).refine(
    (v) => {
      const list = phoneList(v)
      return list.length > 0 && list.length <= 100 && list.every((p) => MOBILE_ONLY_PATTERN.test(p))
    },
    { message: SmsMsg.PHONE_BAD },
  ),
  params: zOptionalText(2000).refine(
    (v) => {
      if (v === undefined) {
        return true
      }
      try {
        const parsed: unknown = JSON.parse(v)
        return (
          typeof parsed === 'object' &&
          parsed !== null &&
          !Array.isArray(parsed) &&
          Object.values(parsed).every((x) => ['string', 'number'].includes(typeof x))
        )
      } catch {
        return false
      }
    },
    { message: SmsMsg.PARAMS_BAD },
  ),
})
export type TSmsSend = z.infer<typeof ZSmsSendSchema>
export const splitPhones = phoneList

export const ZSmsSendResultSchema = z.object({
  success: z.boolean(),
  provider: z.string(),
  requestId: z.string().nullable(),
  failed: z.array(z.object({ phone: z.string(), code: z.string(), message: z.string() })),
})

/** `send-validate`: the answer is the same whether or not the phone belongs to a user. */
export const ZSmsValidateSendSchema = z.object({
  tenantId: zRequired(SmsMsg.TENANT, 12),
  phone: zRequired(SmsMsg.PHONE_MISSING, 20).refine((v) => MOBILE_ONLY_PATTERN.test(v), {
    message: SmsMsg.PHONE_BAD,
  }),
})
export const ZSmsValidateSentSchema = z.object({ phone: z.string(), expiresIn: z.number() })

import { z } from 'zod'
import { DATE_OR_DATE_TIME_META, ZWireDateTimeSchema } from '../common/dates.ts'
import { isId, ZIdSchema, ZWireIdSchema } from '../common/ids.ts'
import { zInt, zOptionalText, zRequired } from '../common/validators.ts'

/** The most users one notice can be addressed to. */
export const NOTICE_RECIPIENTS_MAX = 1000

export const DeskNoticeMsg = {
  RECIPIENTS: `接收人应为用户 id, 多个以逗号分隔 (最多 ${NOTICE_RECIPIENTS_MAX} 个)`,
  RECIPIENT_MISSING: '接收人不存在',
} as const

/**
 * `recipientIds`: the users a notice is addressed to, user ids separated by commas (or an array of
 * ids). '' or null addresses it to the whole tenant again; absent keeps what is stored.
 */
const zRecipientIds = z.preprocess(
  (v) => (v === null ? '' : Array.isArray(v) ? v.join(',') : typeof v === 'number' ? String(v) : v),
  z
    .string({ error: DeskNoticeMsg.RECIPIENTS })
    .max(20 * NOTICE_RECIPIENTS_MAX, DeskNoticeMsg.RECIPIENTS)
    .transform((v) => [
      ...new Set(
        v
          .split(/[,，\s]+/)
          .map((x) => x.trim())
          .filter(Boolean),
      ),
    ])
    .refine((ids) => ids.length <= NOTICE_RECIPIENTS_MAX && ids.every(isId), {
      message: DeskNoticeMsg.RECIPIENTS,
    })
    .optional()
    .meta({ example: '1123598821738675201,1123598821738675202' }),
)

export const ZNoticeSubmitSchema = z.object({
  id: ZIdSchema.optional(),
  title: zRequired('请输入通知标题', 255),
  category: zInt({ message: '请选择通知类型', min: 1 }),
  releaseTime: zRequired('请选择通知日期', 19).meta(DATE_OR_DATE_TIME_META),
  content: zOptionalText(2000),
  recipientIds: zRecipientIds,
})

export const ZNoticeRecordSchema = z.object({
  id: ZWireIdSchema,
  tenantId: z.string(),
  title: z.string(),
  category: z.number().nullable(),
  categoryName: z.string(),
  releaseTime: ZWireDateTimeSchema.nullable(),
  content: z.string().nullable(),
  /** The users it is addressed to, comma-separated; '' when it is for the whole tenant. */
  recipientIds: z.string(),
  /** Their names (real name, else account), comma-separated in the same order. */
  recipientNames: z.string(),
  createUser: ZWireIdSchema.nullable(),
  createTime: ZWireDateTimeSchema,
  updateTime: ZWireDateTimeSchema.nullable(),
  status: z.number(),
  isDeleted: z.number(),
})
export type TNotice = z.infer<typeof ZNoticeRecordSchema>

/** A notice as its reader gets it (`my-notices`, the home page): who else received it is not told. */
export const ZMyNoticeSchema = ZNoticeRecordSchema.pick({
  id: true,
  title: true,
  category: true,
  categoryName: true,
  releaseTime: true,
  content: true,
})
export type TMyNotice = z.infer<typeof ZMyNoticeSchema>

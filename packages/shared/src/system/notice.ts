import { z } from 'zod'
import { DATE_OR_DATE_TIME_META, ZWireDateTimeSchema } from '../common/dates.ts'
import { ZIdSchema, ZWireIdSchema } from '../common/ids.ts'
import { zInt, zOptionalText, zRequired } from '../common/validators.ts'

export const ZNoticeSubmitSchema = z.object({
  id: ZIdSchema.optional(),
  title: zRequired('请输入通知标题', 255),
  category: zInt({ message: '请选择通知类型', min: 1 }),
  releaseTime: zRequired('请选择通知日期', 19).meta(DATE_OR_DATE_TIME_META),
  content: zOptionalText(2000),
})

export const ZNoticeRecordSchema = z.object({
  id: ZWireIdSchema,
  tenantId: z.string(),
  title: z.string(),
  category: z.number().nullable(),
  categoryName: z.string(),
  releaseTime: ZWireDateTimeSchema.nullable(),
  content: z.string().nullable(),
  createUser: ZWireIdSchema.nullable(),
  createTime: ZWireDateTimeSchema,
  updateTime: ZWireDateTimeSchema.nullable(),
  status: z.number(),
  isDeleted: z.number(),
})
export type TNotice = z.infer<typeof ZNoticeRecordSchema>

import { z } from 'zod'
import { ZWireDateTimeSchema } from '../common/dates.ts'
import { ZIdSchema, ZWireIdSchema } from '../common/ids.ts'
import { zOptionalText, zRequired } from '../common/validators.ts'

export const ParamMsg = {
  NAME: '请输入参数名称',
  KEY: '请输入参数键名',
  VALUE: '请输入参数键值',
  KEY_EXISTS: '当前参数键名已存在!',
} as const

/** System parameter as the submit endpoint and the parameter form take it. */
export const ZParamSubmitSchema = z.object({
  id: ZIdSchema.optional(),
  paramName: zRequired(ParamMsg.NAME),
  paramKey: zRequired(ParamMsg.KEY),
  paramValue: zRequired(ParamMsg.VALUE, 2000),
  remark: zOptionalText(255),
})
export type TParamSubmit = z.infer<typeof ZParamSubmitSchema>

/** A parameter as list and detail answer it (wire format: ids and dates are strings). */
export const ZParamRecordSchema = z.object({
  id: ZWireIdSchema,
  paramName: z.string(),
  paramKey: z.string(),
  paramValue: z.string(),
  remark: z.string().nullable(),
  createUser: ZWireIdSchema.nullable(),
  createDept: ZWireIdSchema.nullable(),
  createTime: ZWireDateTimeSchema,
  updateUser: ZWireIdSchema.nullable(),
  updateTime: ZWireDateTimeSchema.nullable(),
  status: z.number(),
  isDeleted: z.number(),
})
export type TParam = z.infer<typeof ZParamRecordSchema>

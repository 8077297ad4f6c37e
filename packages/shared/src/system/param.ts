import { z } from 'zod'
import { ZIdSchema } from '../common/ids.ts'
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

export type TParam = {
  id: string
  paramName: string
  paramKey: string
  paramValue: string
  remark: string | null
  createUser: string | null
  createDept: string | null
  createTime: string
  updateUser: string | null
  updateTime: string | null
  status: number
  isDeleted: number
}

import { z } from 'zod'
import { ZIdSchema } from '../common/ids.ts'
import { zOptionalText, zRequired } from '../common/validators.ts'

export const DictMsg = {
  CODE: '请输入字典编号',
  NAME: '请输入字典名称',
  SORT: '请输入字典排序',
  SEALED: '请选择封存',
  KEY: '请输入字典键值',
  KEY_EXISTS: '当前字典键值已存在!',
} as const

const zSort = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce.number({ error: DictMsg.SORT }).int(DictMsg.SORT).min(0).max(99_999),
)
const zSealed = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce.number({ error: DictMsg.SEALED }).int().min(0, DictMsg.SEALED).max(1, DictMsg.SEALED),
)

/** A dictionary header (parent) row: code, name, sort, sealed, remark. */
export const ZDictParentSubmitSchema = z.object({
  id: ZIdSchema.optional(),
  code: zRequired(DictMsg.CODE, 255),
  dictValue: zRequired(DictMsg.NAME, 255),
  sort: zSort,
  isSealed: zSealed.default(0),
  remark: zOptionalText(255),
})

/** A dictionary item (child) row: key, value, parent, sort, sealed, remark. */
export const ZDictChildSubmitSchema = z.object({
  id: ZIdSchema.optional(),
  parentId: ZIdSchema.optional(),
  code: z.string().trim().max(255).optional(),
  dictKey: zRequired(DictMsg.KEY, 255),
  dictValue: zRequired(DictMsg.NAME, 255),
  sort: zSort,
  isSealed: zSealed.default(0),
  remark: zOptionalText(255),
})

/** The platform's single submit endpoint takes both shapes; the parent id decides which rules apply. */
export const ZDictSubmitSchema = z.object({
  id: ZIdSchema.optional(),
  parentId: ZIdSchema.optional(),
  code: zRequired(DictMsg.CODE, 255),
  dictKey: z.string().trim().max(255).optional(),
  dictValue: zRequired(DictMsg.NAME, 255),
  sort: zSort,
  isSealed: zSealed.default(0),
  remark: zOptionalText(255),
})
export type TDictSubmit = z.infer<typeof ZDictSubmitSchema>

export type TDictItem = {
  id: string
  parentId: string
  code: string
  dictKey: string
  dictValue: string
  sort: number
  remark: string | null
}

import { z } from 'zod'
import { ZIdSchema, ZWireIdSchema } from '../common/ids.ts'
import { zInt, zOptionalText, zRequired } from '../common/validators.ts'

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
  zInt({ message: DictMsg.SORT, min: 0, max: 99_999 }),
)
const zSealed = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  zInt({ message: DictMsg.SEALED, min: 0, max: 1 }),
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

/**
 * The platform's single submit endpoint takes both shapes: a header row (no parent) needs a code; an
 * item (with a parent) needs a key, and takes its code from the parent.
 */
export const ZDictSubmitSchema = z
  .object({
    id: ZIdSchema.optional(),
    parentId: z.preprocess((v) => (v === '' || v === null ? undefined : v), ZIdSchema.optional()),
    code: z.string().trim().max(255).optional(),
    dictKey: z.string().trim().max(255).optional(),
    dictValue: zRequired(DictMsg.NAME, 255),
    sort: zSort,
    isSealed: zSealed.default(0),
    remark: zOptionalText(255),
  })
  .superRefine((v, ctx) => {
    const isItem = v.parentId !== undefined && v.parentId !== '0'
    if (!isItem && !v.code) {
      ctx.addIssue({ code: 'custom', path: ['code'], message: DictMsg.CODE })
    }
    if (isItem && !v.dictKey) {
      ctx.addIssue({ code: 'custom', path: ['dictKey'], message: DictMsg.KEY })
    }
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

export const ZDictRecordSchema = z.object({
  id: ZWireIdSchema,
  tenantId: z.string(),
  parentId: ZWireIdSchema,
  code: z.string(),
  dictKey: z.string(),
  dictValue: z.string(),
  sort: z.number(),
  remark: z.string().nullable(),
  isSealed: z.number(),
  isDeleted: z.number(),
})
export type TDictRecord = z.infer<typeof ZDictRecordSchema> & {
  parentName?: string
  children?: TDictRecord[]
}

/** Permission codes of the dictionary screens (any of them grants the dictionary management calls). */
export const DictPermissions = {
  view: ['dictbiz', 'dict_horizontal', 'dict_vertical'],
  add: ['dictbiz_add', 'dict_horizontal_add', 'dict_vertical_add'],
  edit: ['dictbiz_edit', 'dict_horizontal_edit', 'dict_vertical_edit'],
  remove: ['dictbiz_delete', 'dict_horizontal_delete', 'dict_vertical_delete'],
} as const

/** Permission codes of the system dictionary screen (`/system/dict`); writes are the platform's. */
export const SystemDictPermissions = {
  view: ['dict'],
  add: ['dict_add'],
  edit: ['dict_edit'],
  remove: ['dict_delete'],
} as const

import { z } from 'zod'
import { ZWireDateTimeSchema } from '../common/dates.ts'
import { ZIdSchema, ZWireIdSchema } from '../common/ids.ts'
import { zInt, zOptionalText, zRequired } from '../common/validators.ts'

export const PostMsg = {
  CATEGORY: '请选择岗位类型',
  CODE: '请输入岗位编号',
  NAME: '请输入岗位名称',
  SORT: '请输入岗位排序',
  CODE_EXISTS: '当前岗位编号已存在!',
} as const

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v)

/** `post/submit` and the post form. Category is dictionary `post_category` (1 高层 … 4 其他). */
export const ZPostSubmitSchema = z.object({
  id: ZIdSchema.optional(),
  category: z.preprocess(emptyToUndefined, zInt({ message: PostMsg.CATEGORY, min: 1, max: 99 })),
  postCode: zRequired(PostMsg.CODE, 12),
  postName: zRequired(PostMsg.NAME, 64),
  sort: z.preprocess(emptyToUndefined, zInt({ message: PostMsg.SORT, min: 0, max: 99_999 })),
  remark: zOptionalText(255),
})
export type TPostSubmit = z.infer<typeof ZPostSubmitSchema>

/** A post as list and detail answer it (PostVO: with `categoryName`). */
export const ZPostRecordSchema = z.object({
  id: ZWireIdSchema,
  tenantId: z.string(),
  category: z.number().nullable(),
  postCode: z.string().nullable(),
  postName: z.string().nullable(),
  sort: z.number(),
  remark: z.string().nullable(),
  createUser: ZWireIdSchema.nullable(),
  createDept: ZWireIdSchema.nullable(),
  createTime: ZWireDateTimeSchema,
  updateUser: ZWireIdSchema.nullable(),
  updateTime: ZWireDateTimeSchema.nullable(),
  status: z.number(),
  isDeleted: z.number(),
  categoryName: z.string(),
})
export type TPost = z.infer<typeof ZPostRecordSchema>

/** `post/select`: the posts of a tenant for pickers. */
export const ZPostOptionSchema = z.object({
  id: ZWireIdSchema,
  postCode: z.string().nullable(),
  postName: z.string().nullable(),
  category: z.number().nullable(),
})

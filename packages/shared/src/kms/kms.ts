import { z } from 'zod'
import { DATE_OR_DATE_TIME_META, parseDateTime, ZWireDateTimeSchema } from '../common/dates.ts'
import { isId, ZIdSchema, ZWireIdSchema, zIdListOf } from '../common/ids.ts'
import { ZPageQuerySchema } from '../common/page.ts'
import { zInt, zOptionalInt, zOptionalText, zRequired } from '../common/validators.ts'

/** Knowledge base (/api/ysjs-kms): catalogs, labels, entries and their authors. */
export const KMS_PREFIX = '/api/ysjs-kms'

export const KmsMsg = {
  CATALOG_NAME: '请输入目录名称',
  CATALOG_SORT: '请输入目录排序',
  CATALOG_HAS_CHILDREN: '请先删除子目录',
  CATALOG_HAS_ENTRIES: '该目录下存在知识条目，请先移除条目',
  CATALOG_PARENT_MISSING: '上级目录不存在',
  CATALOG_PARENT_SELF: '上级目录不能选择自身或其子目录',
  CATALOG_NAME_TAKEN: '同一上级下目录名称已存在',
  LABEL_NAME: '请输入标签名称',
  LABEL_NAME_TAKEN: '标签名称已存在',
  TITLE: '请输入知识标题',
  CATALOG: '请选择知识目录',
  CATALOG_MISSING: '知识目录不存在',
  PUBLISH_DATE: '发布日期格式不正确',
  SHELVES: '请选择上下架状态',
  LABEL_MISSING: '标签不存在',
  ENTRY_MISSING: '知识条目不存在',
  ATTACH_MISSING: '附件不存在',
  AUTHOR_NAME: '请输入作者姓名',
  MAIN_ID: '请选择知识条目',
} as const

/** Entry content is stored sanitised (rich text) up to this length. */
export const KMS_CONTENT_MAX = 100_000
/** Shelf states (dictionary `shelves`). */
export const SHELVES = { OFF: 0, ON: 1 } as const

const zParentId = z.preprocess((v) => (v === '' || v === null || v === undefined ? '0' : v), ZIdSchema)

export const ZKmsCatalogSubmitSchema = z.object({
  id: ZIdSchema.optional(),
  catalogName: zRequired(KmsMsg.CATALOG_NAME, 64),
  parentId: zParentId,
  sort: zInt({ message: KmsMsg.CATALOG_SORT, min: 0, max: 99_999 }),
})
export type TKmsCatalogSubmit = z.infer<typeof ZKmsCatalogSubmitSchema>

export const ZKmsCatalogRecordSchema = z.object({
  id: ZWireIdSchema,
  tenantId: z.string(),
  catalogName: z.string(),
  parentId: ZWireIdSchema,
  parentName: z.string(),
  sort: z.number(),
  hasChildren: z.boolean().optional(),
  createTime: ZWireDateTimeSchema,
  updateTime: ZWireDateTimeSchema.nullable(),
  get children() {
    return z.array(ZKmsCatalogRecordSchema).optional()
  },
})
// A recursive schema is named in the OpenAPI document (otherwise it points at an unnamed schema0).
z.globalRegistry.add(ZKmsCatalogRecordSchema, { id: 'KmsCatalog' })
export type TKmsCatalog = z.infer<typeof ZKmsCatalogRecordSchema> & { children?: TKmsCatalog[] }

export const ZKmsLabelSubmitSchema = z.object({
  id: ZIdSchema.optional(),
  labelName: zRequired(KmsMsg.LABEL_NAME, 64),
})
export const ZKmsLabelRecordSchema = z.object({
  id: ZWireIdSchema,
  tenantId: z.string(),
  labelName: z.string(),
  createTime: ZWireDateTimeSchema,
  updateTime: ZWireDateTimeSchema.nullable(),
  status: z.number(),
  isDeleted: z.number(),
})
export type TKmsLabel = z.infer<typeof ZKmsLabelRecordSchema>

const zShelves = z.preprocess(
  (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v),
  z.union([z.literal(0), z.literal(1)], { error: KmsMsg.SHELVES }),
)

/** `fileAttach`: attachment ids, comma separated (the platform's form); an array is taken too. */
const zAttachIds = z.preprocess(
  (v) => (Array.isArray(v) ? v.join(',') : v === null || v === '' ? undefined : v),
  z
    .string()
    .max(1000, '长度不能超过1000个字符')
    .regex(/^\d{1,19}(,\d{1,19})*$/, '请求参数类型错误: fileAttach')
    // Each a bigint: 19 digits can still overflow it.
    .refine((v) => v.split(',').every(isId), '请求参数类型错误: fileAttach')
    .optional(),
)

/** Label ids as a comma string or an array; empty (`''` or `[]`) means none. */
const zLabelIds = z.preprocess(
  (v) => (Array.isArray(v) && v.length === 0 ? '' : v),
  z.union([z.literal(''), zIdListOf('labelIds')]),
)

const zExpertIds = z.preprocess(
  (v) => (Array.isArray(v) && v.length === 0 ? '' : v),
  z.union([z.literal(''), zIdListOf('expertIds')]),
)

export const ZKmsMainSubmitSchema = z.object({
  id: ZIdSchema.optional(),
  title: zRequired(KmsMsg.TITLE, 255),
  catalogId: z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'number' ? String(v) : v),
    z
      .string({ error: KmsMsg.CATALOG })
      .trim()
      .refine((v) => isId(v) && BigInt(v) > 0n, KmsMsg.CATALOG),
  ),
  summary: zOptionalText(1000),
  content: zOptionalText(KMS_CONTENT_MAX),
  fileAttach: zAttachIds,
  source: zOptionalText(255),
  publishDate: z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/, KmsMsg.PUBLISH_DATE)
      .refine((v) => parseDateTime(v) !== null, KmsMsg.PUBLISH_DATE)
      .meta(DATE_OR_DATE_TIME_META)
      .optional(),
  ),
  shelves: zShelves.optional(),
  /** Labels to link, replacing the entry's current ones (when given; empty clears them). */
  labelIds: zLabelIds.optional(),
  /** The entry's experts in order (replaces them when given). */
  expertIds: zExpertIds.optional(),
})
export type TKmsMainSubmit = z.infer<typeof ZKmsMainSubmitSchema>

export const ZKmsMainListQuerySchema = ZPageQuerySchema.extend({
  keyword: zOptionalText(100),
  title: zOptionalText(100),
  catalogId: z.preprocess((v) => (v === '' || v === null ? undefined : v), ZIdSchema.optional()),
  labelId: z.preprocess((v) => (v === '' || v === null ? undefined : v), ZIdSchema.optional()),
  shelves: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(['0', '1']).optional()),
})
export type TKmsMainListQuery = z.infer<typeof ZKmsMainListQuerySchema>

export const ZKmsAttachSchema = z.object({
  id: ZWireIdSchema,
  link: z.string(),
  originalName: z.string().nullable(),
})

export const ZKmsMainRecordSchema = z.object({
  id: ZWireIdSchema,
  tenantId: z.string(),
  title: z.string(),
  catalogId: ZWireIdSchema,
  catalogName: z.string(),
  summary: z.string().nullable(),
  content: z.string().nullable(),
  fileAttach: z.string().nullable(),
  source: z.string().nullable(),
  publishDate: ZWireDateTimeSchema.nullable(),
  shelves: z.number(),
  shelvesName: z.string(),
  labels: z.array(z.object({ id: ZWireIdSchema, labelName: z.string() })),
  attachments: z.array(ZKmsAttachSchema).optional(),
  /** The linked experts (detail only). */
  experts: z.array(z.object({ id: ZWireIdSchema, name: z.string() })).optional(),
  createTime: ZWireDateTimeSchema,
  updateTime: ZWireDateTimeSchema.nullable(),
})
export type TKmsMain = z.infer<typeof ZKmsMainRecordSchema>

export const ZKmsLabelAssociateSchema = z.object({
  mainId: ZIdSchema,
  labelIds: zLabelIds,
})
/** Replaces the entry's experts (`expertIds`: an id list, or '' for none). */
export const ZKmsExpertAssociateSchema = z.object({
  mainId: ZIdSchema,
  expertIds: zExpertIds,
})
export const ZKmsShelvesSchema = z.object({
  ids: zIdListOf('ids'),
  shelves: zShelves,
})

export const ZKmsAuthorSubmitSchema = z.object({
  id: ZIdSchema.optional(),
  mainId: ZIdSchema.refine((v) => v !== '0', { message: KmsMsg.MAIN_ID }),
  authorName: zRequired(KmsMsg.AUTHOR_NAME, 64),
  unitName: zOptionalText(255),
  sort: zOptionalInt({ min: 0, max: 99_999 }),
})
export const ZKmsAuthorRecordSchema = z.object({
  id: ZWireIdSchema,
  tenantId: z.string(),
  mainId: ZWireIdSchema,
  /** The entry's title. */
  mainTitle: z.string(),
  authorName: z.string(),
  unitName: z.string().nullable(),
  sort: z.number(),
  createTime: ZWireDateTimeSchema,
  updateTime: ZWireDateTimeSchema.nullable(),
  status: z.number(),
  isDeleted: z.number(),
})

/**
 * The keyword index: distinct lower-cased bigrams of the text (whitespace dropped). A keyword of two
 * or more characters matches a text only if every bigram of the keyword is among the text's.
 */
export const bigramsOf = (text: string): string[] => {
  const chars = Array.from(text.toLowerCase().replace(/\s+/g, ' '))
  const out = new Set<string>()
  for (let i = 0; i + 1 < chars.length; i++) {
    const gram = chars[i]! + chars[i + 1]!
    if (gram.trim().length === 2) {
      out.add(gram)
    }
  }
  return [...out]
}

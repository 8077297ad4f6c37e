import { z } from 'zod'
import { ZWireDateTimeSchema } from '../common/dates.ts'
import { ID_PATTERN, isId, ZIdSchema, ZWireIdSchema } from '../common/ids.ts'

const ID_META = { pattern: ID_PATTERN.source, example: '1123598821738675201' }

import { zInt, zOptionalInt, zOptionalText, zRequired } from '../common/validators.ts'

/** Object-storage categories: dictionary `oss` (1–4 reached through their S3-compatible API) and local disk. */
export const OSS_CATEGORY = { MINIO: 1, QINIU: 2, ALI: 3, TENCENT: 4, LOCAL: 5 } as const
export const OSS_LOCAL_CATEGORY = OSS_CATEGORY.LOCAL
/** `status` of an object-storage config: 2 enabled, 1 not (the platform's values). */
export const OSS_STATUS = { DISABLED: 1, ENABLED: 2 } as const

export const OssMsg = {
  CATEGORY: '请选择分类',
  ENDPOINT: '请输入资源地址',
  ACCESS_KEY: '请输入accessKey',
  SECRET_KEY: '请输入secretKey',
  BUCKET: '请输入空间名',
  BAD_BUCKET: '空间名只能包含小写字母、数字和短横线,长度 3 到 63',
  BAD_ENDPOINT: '资源地址格式不正确',
  ONE_ENABLED: '每个租户只能启用一个对象存储配置',
  ENDPOINT_NOT_ALLOWED: '对象存储地址不在允许的范围内',
} as const

/** S3 bucket rules (also a safe folder name for local disk). */
export const BUCKET_PATTERN = /^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/
/** `host`, `host:port`, optionally with the http(s) scheme; no path. */
export const ENDPOINT_PATTERN = /^(https?:\/\/)?[A-Za-z0-9.-]+(:\d{1,5})?\/?$/

export const ZOssSubmitSchema = z
  .object({
    id: ZIdSchema.optional(),
    category: zInt({ message: OssMsg.CATEGORY, min: 1, max: 5 }),
    ossCode: zOptionalText(32),
    endpoint: zOptionalText(255),
    accessKey: zOptionalText(255),
    secretKey: zOptionalText(255),
    bucketName: zRequired(OssMsg.BUCKET, 63).refine((v) => BUCKET_PATTERN.test(v), OssMsg.BAD_BUCKET),
    appId: zOptionalText(255),
    region: zOptionalText(255),
    remark: zOptionalText(255),
  })
  .superRefine((v, ctx) => {
    if (v.category === OSS_LOCAL_CATEGORY) {
      return
    }
    if (!v.endpoint) {
      ctx.addIssue({ code: 'custom', path: ['endpoint'], message: OssMsg.ENDPOINT })
    } else if (!ENDPOINT_PATTERN.test(v.endpoint)) {
      ctx.addIssue({ code: 'custom', path: ['endpoint'], message: OssMsg.BAD_ENDPOINT })
    }
    if (!v.accessKey) {
      ctx.addIssue({ code: 'custom', path: ['accessKey'], message: OssMsg.ACCESS_KEY })
    }
    if (!v.secretKey && !v.id) {
      ctx.addIssue({ code: 'custom', path: ['secretKey'], message: OssMsg.SECRET_KEY })
    }
  })
export type TOssSubmit = z.infer<typeof ZOssSubmitSchema>

export const ZOssRecordSchema = z.object({
  id: ZWireIdSchema,
  tenantId: z.string(),
  category: z.number(),
  ossCode: z.string().nullable(),
  endpoint: z.string().nullable(),
  accessKey: z.string().nullable(),
  /** Masked: never the whole secret. */
  secretKey: z.string(),
  bucketName: z.string(),
  appId: z.string().nullable(),
  region: z.string().nullable(),
  remark: z.string().nullable(),
  createUser: ZWireIdSchema.nullable(),
  createTime: ZWireDateTimeSchema,
  updateTime: ZWireDateTimeSchema.nullable(),
  status: z.number(),
  isDeleted: z.number(),
})
export type TOss = z.infer<typeof ZOssRecordSchema>

/** What the test-connection action answers: which step failed, and why. */
export const ZOssProbeResultSchema = z.object({
  ok: z.boolean(),
  step: z.enum(['write', 'read', 'delete']).nullable(),
  message: z.string(),
})
export type TOssProbeResult = z.infer<typeof ZOssProbeResultSchema>
export const OssProbeMsg = {
  OK: '连接成功: 写入、读取、删除测试对象均正常',
  write: '写入测试对象失败',
  read: '读取测试对象失败',
  delete: '删除测试对象失败',
  MISMATCH: '读回的内容与写入的不一致',
} as const

export const AttachMsg = {
  NAME: '请输入附件名称',
  FILE: '请上传附件',
  NO_FILE: '附件文件不存在',
  FILE_IN_USE: '该文件已登记为其他附件',
  NO_ASSORT: '附件分类不存在',
} as const

export const ZAttachFileSubmitSchema = z.object({
  id: ZIdSchema.optional(),
  name: zRequired(AttachMsg.NAME, 255),
  remark: zOptionalText(500),
  assortId: z.preprocess((v) => (v === '' || v === null ? undefined : v), ZIdSchema.optional()),
  code: zOptionalText(64),
  sortNum: zOptionalInt({ min: 0 }),
  /** The uploaded file (`put-file-attach`); empty or missing answers 请上传附件. */
  attachId: z
    .union(
      [z.string({ error: AttachMsg.FILE }).trim().min(1, AttachMsg.FILE).meta(ID_META), z.number().int()],
      {
        error: AttachMsg.FILE,
      },
    )
    .transform((v) => String(v))
    .refine(isId, { message: '请求参数类型错误' }),
})
export type TAttachFileSubmit = z.infer<typeof ZAttachFileSubmitSchema>

export const ZAttachFileRecordSchema = z.object({
  id: ZWireIdSchema,
  tenantId: z.string(),
  name: z.string(),
  remark: z.string().nullable(),
  assortId: ZWireIdSchema.nullable(),
  assortName: z.string(),
  code: z.string().nullable(),
  sortNum: z.number().nullable(),
  attachId: ZWireIdSchema,
  /** The stored file: link to read it (`?blade-auth=` for downloads), its original name, extension, size. */
  link: z.string(),
  originalName: z.string(),
  extension: z.string(),
  attachSize: z.number(),
  createUser: ZWireIdSchema.nullable(),
  createDept: ZWireIdSchema.nullable(),
  createTime: ZWireDateTimeSchema,
  updateUser: ZWireIdSchema.nullable(),
  updateTime: ZWireDateTimeSchema.nullable(),
  status: z.number(),
  isDeleted: z.number(),
})
export type TAttachFile = z.infer<typeof ZAttachFileRecordSchema>

export const AssortMsg = {
  NAME: '请输入分类名称',
  NO_PARENT: '上级分类不存在',
  CYCLE: '上级分类不能是自己或自己的下级',
  HAS_CHILDREN: '请先删除子分类',
} as const

export const ZAssortSubmitSchema = z.object({
  id: ZIdSchema.optional(),
  parentId: z.preprocess((v) => (v === '' || v === null ? undefined : v), ZIdSchema.optional()),
  name: zRequired(AssortMsg.NAME, 255),
  code: zOptionalText(64),
  remark: zOptionalText(500),
  sort: zOptionalInt({ min: 0 }),
})
export type TAssortSubmit = z.infer<typeof ZAssortSubmitSchema>

export const ZAssortRecordSchema = z.object({
  id: ZWireIdSchema,
  parentId: ZWireIdSchema,
  name: z.string(),
  code: z.string().nullable(),
  remark: z.string().nullable(),
  sort: z.number(),
  createUser: ZWireIdSchema.nullable(),
  createTime: ZWireDateTimeSchema,
  updateTime: ZWireDateTimeSchema.nullable(),
  status: z.number(),
  isDeleted: z.number(),
})
export type TAssort = z.infer<typeof ZAssortRecordSchema>
export type TAssortNode = TAssort & { children?: TAssortNode[] }
export const ZAssortNodeSchema: z.ZodType<TAssortNode> = ZAssortRecordSchema.extend({
  get children() {
    return z.array(ZAssortNodeSchema).optional()
  },
})
z.globalRegistry.add(ZAssortNodeSchema, { id: 'AssortNode' })

export const TemplateMsg = { NAME: '请输入模板名称' } as const
/** Longest template content kept (sanitised HTML). */
export const TEMPLATE_CONTENT_MAX = 100_000

export const ZTemplateSubmitSchema = z.object({
  id: ZIdSchema.optional(),
  name: zRequired(TemplateMsg.NAME, 255),
  remark: zOptionalText(500),
  type: zOptionalText(64),
  content: zOptionalText(TEMPLATE_CONTENT_MAX),
})
export type TTemplateSubmit = z.infer<typeof ZTemplateSubmitSchema>

export const ZTemplateRecordSchema = z.object({
  id: ZWireIdSchema,
  tenantId: z.string(),
  name: z.string(),
  remark: z.string().nullable(),
  type: z.string().nullable(),
  content: z.string().nullable(),
  createUser: ZWireIdSchema.nullable(),
  createTime: ZWireDateTimeSchema,
  updateTime: ZWireDateTimeSchema.nullable(),
  status: z.number(),
  isDeleted: z.number(),
})
export type TTemplate = z.infer<typeof ZTemplateRecordSchema>

import { z } from 'zod'
import { DATE_PATTERN, parseDateTime, ZWireDateSchema, ZWireDateTimeSchema } from '../common/dates.ts'
import { isId, ZIdSchema, ZWireIdSchema, zIdListOf } from '../common/ids.ts'
import { ZPageQuerySchema } from '../common/page.ts'
import { isPhone, MOBILE_PATTERN, zOptionalInt, zOptionalText, zRequired } from '../common/validators.ts'
import { extensionOf, storedFileKey } from '../resource/upload.ts'

export const EXPERT_PREFIX = '/api/blade-expert'

export const ExpertMsg = {
  PHONE_INVALID: '手机号格式不正确',
  EMAIL_INVALID: '邮箱格式不正确',
  TEL_INVALID: '电话格式不正确',
  DATE_INVALID: '日期格式不正确',
  PICTURE: '上传头像图片只能是 JPG/PNG 格式,且大小不能超过 500KB!',
  PICTURE_MISSING: '照片不存在,请重新上传',
  USER_MISSING: '登录账号不存在',
  USER_TAKEN: '该登录账号已关联其他专家',
  UNIT_NAME: '请输入单位名称',
  UNIT_EXISTS: '单位名称已存在',
  UNIT_MISSING: '单位不存在',
  UNIT_IN_USE: '单位已被专家、人员或项目引用,不能删除',
  EXPERT: '请选择专家',
  EXPERT_MISSING: '专家不存在',
  UNIT: '请选择单位',
  PERIOD: '结束日期不能早于开始日期',
  PERSON_NAME: '请输入姓名',
  PERSON_MISSING: '人员不存在',
  PROJECT_NAME: '请输入项目名称',
  PROJECT_MISSING: '项目不存在',
  UNIT_TWICE: '同一单位不能重复加入项目',
  REMOVE_UNIT: (unit: string) => `确定将单位 ${unit} 从该项目删除?`,
  REMOVE_PERSON: (name: string) => `确定将 ${name} 从该项目删除?`,
  IMPORT_FILE: '请上传 xlsx 格式的导入文件',
  IMPORT_EMPTY: '导入文件中没有数据',
  IMPORT_HEADER: '导入文件的表头与模板不一致,请下载模板填写',
  IMPORT_TOO_MANY: '单次最多导入 5000 行',
} as const

const zEmail = zOptionalText(128).refine((v) => v === undefined || z.email().safeParse(v).success, {
  message: ExpertMsg.EMAIL_INVALID,
})
const zMobile = zOptionalText(32).refine((v) => v === undefined || MOBILE_PATTERN.test(v), {
  message: ExpertMsg.PHONE_INVALID,
})
const zTel = zOptionalText(32).refine((v) => v === undefined || isPhone(v), {
  message: ExpertMsg.TEL_INVALID,
})
const zOptionalDate = zOptionalText(10).refine(
  // A real calendar day: 2023-02-31 is refused, not rolled over to March.
  (v) => v === undefined || (DATE_PATTERN.test(v) && parseDateTime(v) !== null),
  { message: ExpertMsg.DATE_INVALID },
)
const zSwitch = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  zOptionalInt({ min: 0, max: 1 }),
)
const zOptionalId = (message: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.string().refine(isId, { message }).optional(),
  )

/**
 * The photo: a jpg/png the platform stores (the `avatar` upload enforces the 500kb limit), never a link
 * to elsewhere: the screens open stored files with the user's token.
 */
const zPicture = zOptionalText(1000)
  .refine((v) => v === undefined || ['jpg', 'jpeg', 'png'].includes(extensionOf(v.split('?')[0] ?? '')), {
    message: ExpertMsg.PICTURE,
  })
  .refine((v) => v === undefined || storedFileKey(v) !== null, { message: ExpertMsg.PICTURE_MISSING })

/** The expert entity of spec section 3: every field optional; sex 0 female, 1 male; 0/1 switches. */
export const ZExpertSubmitSchema = z.object({
  id: ZIdSchema.optional(),
  userId: zOptionalId(ExpertMsg.USER_MISSING),
  name: zOptionalText(64),
  englishName: zOptionalText(128),
  nickname: zOptionalText(64),
  sex: zOptionalInt({ message: '性别只能是 0 或 1', min: 0, max: 1 }),
  idType: zOptionalText(32),
  idNumber: zOptionalText(64),
  nationality: zOptionalText(64),
  birty: zOptionalDate,
  nation: zOptionalText(32),
  party: zOptionalText(64),
  position: zOptionalText(128),
  level: zOptionalText(64),
  workId: zOptionalText(64),
  educational: zOptionalText(64),
  degree: zOptionalText(64),
  school: zOptionalText(255),
  graduationYear: zOptionalText(16),
  studied: zOptionalText(255),
  workStatus: zOptionalText(64),
  workUnit: zOptionalText(255),
  unitNature: zOptionalText(64),
  fixedPhone: zTel,
  postalCode: zOptionalText(16),
  mobilePhone: zMobile,
  email: zEmail,
  address: zOptionalText(255),
  postalHome: zOptionalText(255),
  secretaryName: zOptionalText(64),
  secretaryPhone: zTel,
  direction: zOptionalText(255),
  isSupervisor: zSwitch,
  isSciences: zSwitch,
  isEngineering: zSwitch,
  contributions: zOptionalText(4000),
  profession: zOptionalText(255),
  introduction: zOptionalText(4000),
  pictureUrl: zPicture,
})
export type TExpertSubmit = z.infer<typeof ZExpertSubmitSchema>

const nullableText = z.string().nullable()
const audit = {
  createUser: ZWireIdSchema.nullable(),
  createTime: ZWireDateTimeSchema,
  updateTime: ZWireDateTimeSchema.nullable(),
  status: z.number(),
  isDeleted: z.number(),
}

export const ZExpertRecordSchema = z.object({
  id: ZWireIdSchema,
  tenantId: z.string(),
  userId: ZWireIdSchema.nullable(),
  userAccount: z.string(),
  name: nullableText,
  englishName: nullableText,
  nickname: nullableText,
  sex: z.number().nullable(),
  idType: nullableText,
  idNumber: nullableText,
  nationality: nullableText,
  birty: ZWireDateSchema.nullable(),
  nation: nullableText,
  party: nullableText,
  position: nullableText,
  level: nullableText,
  workId: nullableText,
  educational: nullableText,
  degree: nullableText,
  school: nullableText,
  graduationYear: nullableText,
  studied: nullableText,
  workStatus: nullableText,
  workUnit: nullableText,
  unitNature: nullableText,
  fixedPhone: nullableText,
  postalCode: nullableText,
  mobilePhone: nullableText,
  email: nullableText,
  address: nullableText,
  postalHome: nullableText,
  secretaryName: nullableText,
  secretaryPhone: nullableText,
  direction: nullableText,
  isSupervisor: z.number(),
  isSciences: z.number(),
  isEngineering: z.number(),
  contributions: nullableText,
  profession: nullableText,
  introduction: nullableText,
  pictureUrl: nullableText,
  ...audit,
})
export type TExpert = z.infer<typeof ZExpertRecordSchema>

/** Columns of the import template, in order: the header row is the Chinese label. */
/** An expert's own coding of sex (not the `sex` dictionary of people rows): 0 女, 1 男. */
export const EXPERT_SEX_LABELS: Readonly<Record<string, string>> = { '0': '女', '1': '男' }

export const EXPERT_IMPORT_COLUMNS = [
  ['name', '姓名'],
  ['sex', '性别(0女 1男)'],
  ['birty', '出生日期(yyyy-MM-dd)'],
  ['workUnit', '工作单位'],
  ['position', '职务'],
  ['level', '职称'],
  ['profession', '专业'],
  ['direction', '研究方向'],
  ['educational', '学历'],
  ['degree', '学位'],
  ['mobilePhone', '手机'],
  ['email', '邮箱'],
  ['address', '通讯地址'],
  ['introduction', '简介'],
] as const

export const ZImportReportSchema = z.object({
  total: z.number(),
  imported: z.number(),
  errors: z.array(z.object({ row: z.number(), message: z.string() })),
})
export type TImportReport = z.infer<typeof ZImportReportSchema>

// Units
export const ZUnitSubmitSchema = z.object({
  id: ZIdSchema.optional(),
  unitName: zRequired(ExpertMsg.UNIT_NAME, 255),
  creditCode: zOptionalText(32),
  address: zOptionalText(255),
  contact: zOptionalText(64),
  phone: zTel,
  nature: zOptionalText(64),
  remark: zOptionalText(500),
})
export type TUnitSubmit = z.infer<typeof ZUnitSubmitSchema>
export const ZUnitRecordSchema = z.object({
  id: ZWireIdSchema,
  tenantId: z.string(),
  unitName: z.string(),
  creditCode: nullableText,
  address: nullableText,
  contact: nullableText,
  phone: nullableText,
  nature: nullableText,
  remark: nullableText,
  ...audit,
})
export type TUnit = z.infer<typeof ZUnitRecordSchema>
export const ZUnitOptionSchema = z.object({ id: ZWireIdSchema, unitName: z.string() })
export const ZExpertOptionSchema = z.object({
  id: ZWireIdSchema,
  name: z.string().nullable(),
  workUnit: z.string().nullable(),
  pictureUrl: z.string().nullable(),
})

/**
 * A picker's search (unit and expert autocompletes): a page of the rows whose name contains `keyword`,
 * or exactly the rows of `ids` (to name the values a form already holds). Pages, never a cap: every
 * row can be reached by typing or by reading on.
 */
export const ZOptionQuerySchema = ZPageQuerySchema.pick({
  current: true,
  size: true,
  searchCount: true,
}).extend({
  keyword: zOptionalText(100),
  ids: z.preprocess((v) => (v === '' || v === null ? undefined : v), zIdListOf('ids').optional()),
})
export type TOptionQuery = z.infer<typeof ZOptionQuerySchema>

// Expert ↔ unit
export const ZUnitAssociationSubmitSchema = z
  .object({
    id: ZIdSchema.optional(),
    expertId: zRequired(ExpertMsg.EXPERT, 19).refine(isId, { message: ExpertMsg.EXPERT }),
    unitId: zRequired(ExpertMsg.UNIT, 19).refine(isId, { message: ExpertMsg.UNIT }),
    role: zOptionalText(64),
    startDate: zOptionalDate,
    endDate: zOptionalDate,
    remark: zOptionalText(500),
  })
  .refine((v) => !v.startDate || !v.endDate || v.startDate <= v.endDate, {
    message: ExpertMsg.PERIOD,
    path: ['endDate'],
  })
export type TUnitAssociationSubmit = z.infer<typeof ZUnitAssociationSubmitSchema>
export const ZUnitAssociationRecordSchema = z.object({
  id: ZWireIdSchema,
  tenantId: z.string(),
  expertId: ZWireIdSchema,
  expertName: z.string(),
  unitId: ZWireIdSchema,
  unitName: z.string(),
  role: nullableText,
  startDate: ZWireDateSchema.nullable(),
  endDate: ZWireDateSchema.nullable(),
  remark: nullableText,
  ...audit,
})

// People of a unit
export const ZPersonSubmitSchema = z.object({
  id: ZIdSchema.optional(),
  unitId: zOptionalId(ExpertMsg.UNIT),
  name: zRequired(ExpertMsg.PERSON_NAME, 64),
  sex: zOptionalInt({ min: 1, max: 2 }),
  position: zOptionalText(128),
  title: zOptionalText(64),
  phone: zTel,
  email: zEmail,
  remark: zOptionalText(500),
})
export const ZPersonRecordSchema = z.object({
  id: ZWireIdSchema,
  tenantId: z.string(),
  unitId: ZWireIdSchema.nullable(),
  unitName: z.string(),
  name: z.string(),
  sex: z.number().nullable(),
  position: nullableText,
  title: nullableText,
  phone: nullableText,
  email: nullableText,
  remark: nullableText,
  ...audit,
})

// Projects
export const ZProjectUnitRowSchema = z.object({
  id: ZIdSchema.optional(),
  unitId: zRequired(ExpertMsg.UNIT, 19).refine(isId, { message: ExpertMsg.UNIT }),
  role: zOptionalText(64),
})
export const ZProjectPersonRowSchema = z.object({
  id: ZIdSchema.optional(),
  personId: zOptionalId(ExpertMsg.PERSON_MISSING),
  name: zRequired(ExpertMsg.PERSON_NAME, 64),
  workUnit: zOptionalText(255),
  duty: zOptionalText(128),
})
export const ZProjectSubmitSchema = z
  .object({
    id: ZIdSchema.optional(),
    projectName: zRequired(ExpertMsg.PROJECT_NAME, 255),
    projectNo: zOptionalText(64),
    source: zOptionalText(255),
    leader: zOptionalText(64),
    startDate: zOptionalDate,
    endDate: zOptionalDate,
    summary: zOptionalText(2000),
    unitList: z.array(ZProjectUnitRowSchema).max(200).optional(),
    peopleList: z.array(ZProjectPersonRowSchema).max(500).optional(),
  })
  .refine((v) => !v.startDate || !v.endDate || v.startDate <= v.endDate, {
    message: ExpertMsg.PERIOD,
    path: ['endDate'],
  })
export type TProjectSubmit = z.infer<typeof ZProjectSubmitSchema>
export const ZProjectRecordSchema = z.object({
  id: ZWireIdSchema,
  tenantId: z.string(),
  projectName: z.string(),
  projectNo: nullableText,
  source: nullableText,
  leader: nullableText,
  startDate: ZWireDateSchema.nullable(),
  endDate: ZWireDateSchema.nullable(),
  summary: nullableText,
  ...audit,
})
export const ZProjectDetailSchema = ZProjectRecordSchema.extend({
  unitList: z.array(
    z.object({ id: ZWireIdSchema, unitId: ZWireIdSchema, unitName: z.string(), role: nullableText }),
  ),
  peopleList: z.array(
    z.object({
      id: ZWireIdSchema,
      personId: ZWireIdSchema.nullable(),
      name: z.string(),
      workUnit: nullableText,
      duty: nullableText,
    }),
  ),
})
export type TProjectDetail = z.infer<typeof ZProjectDetailSchema>

// Knowledge entry ↔ expert (/api/ysjs-kms/blade-kms_main_expert)
export const ZMainExpertSubmitSchema = z.object({
  id: ZIdSchema.optional(),
  mainId: zRequired('请选择知识条目', 19).refine(isId, { message: '请选择知识条目' }),
  expertId: zRequired(ExpertMsg.EXPERT, 19).refine(isId, { message: ExpertMsg.EXPERT }),
  sort: zOptionalInt({ min: 0, max: 9999 }),
  remark: zOptionalText(500),
})
export const ZMainExpertRecordSchema = z.object({
  id: ZWireIdSchema,
  tenantId: z.string(),
  mainId: ZWireIdSchema,
  mainTitle: z.string(),
  expertId: ZWireIdSchema,
  expertName: z.string(),
  sort: z.number(),
  remark: nullableText,
  ...audit,
})

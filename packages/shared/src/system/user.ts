import { z } from 'zod'
import { MD5_HEX_META, MD5_HEX_PATTERN } from '../auth/auth.ts'
import { DATE_OR_DATE_TIME_META, isDateOrDateTime, ZWireDateTimeSchema } from '../common/dates.ts'
import { isId, ZIdSchema, ZWireIdSchema, zIdListOf } from '../common/ids.ts'
import { ZPageQuerySchema } from '../common/page.ts'
import { isPhone, zInt, zOptionalInt, zOptionalText, zRequired } from '../common/validators.ts'

/** The current user as `user/info` answers it (contract 5.6); never carries the password. */
export type TUserInfo = {
  id: string
  tenantId: string
  code: string | null
  userType: number
  account: string
  name: string | null
  realName: string | null
  avatar: string | null
  email: string | null
  phone: string | null
  birthday: string | null
  sex: number | null
  roleId: string
  deptId: string
  postId: string
  status: number
  isDeleted: number
  createTime: string
  tenantName: string
  userTypeName: string
  roleName: string
  deptName: string
  postName: string
  sexName: string
}

export const ROLE_ADMINISTRATOR = 'administrator'

export const UserMsg = {
  OLD_PASSWORD: '请输入原密码',
  NEW_PASSWORD: '请输入新密码',
  CONFIRM_PASSWORD: '请输入确认密码',
  CONFIRM_MISMATCH: '请输入正确的确认密码!',
  OLD_PASSWORD_WRONG: '原密码不正确!',
  TENANT_FIRST: '请先输入租户编号',
  ACCOUNT_FIRST: '请先输入账号名称',
  PASSWORD_FIRST: '请先输入密码',
  PASSWORDS_DIFFER: '两次密码输入不一致',
  REGISTERED: '注册申请已提交,请耐心等待管理员通过!',
  REGISTER_CLOSED: '当前系统未开启注册功能',
  REGISTER_NOT_GUEST: '当前用户已有账号,无需注册',
  REGISTER_OTHER_TENANT: '只能在当前登录的租户下申请账号',
  ACCOUNT_EXISTS: (account: string) => `当前用户 [${account}] 已存在!`,
  AVATAR_INVALID: '上传头像图片只能是 JPG/PNG 格式,且大小不能超过 500KB!',
  NICKNAME: '请输入用户昵称',
  EMAIL_INVALID: '邮箱格式不正确',
  PHONE_INVALID: '手机号格式不正确',
  BIRTHDAY_INVALID: '请输入正确的生日',
  // User management (system/user screen).
  ACCOUNT: '请输入登录账号',
  PASSWORD: '请输入密码',
  PASSWORD2: '请输入确认密码',
  PASSWORD_MISMATCH: '两次输入密码不一致!',
  REAL_NAME: '请输入用户姓名',
  TENANT: '请选择所属租户',
  ROLE: '请选择所属角色',
  DEPT: '请选择所属部门',
  POST: '请选择所属岗位',
  USER_TYPE: '请选择用户平台',
  QUOTA: '当前租户已到最大账号额度!',
  DELETE_SELF: '不能删除本账号!',
  NOT_FOUND: '用户不存在',
  ROLE_UNKNOWN: '所选角色不存在',
  DEPT_UNKNOWN: '所选部门不存在',
  POST_UNKNOWN: '所选岗位不存在',
  TENANT_UNKNOWN: '所选租户不存在',
  GRANT_ADMINISTRATOR: '无权配置超管角色!',
  MANAGE_ADMINISTRATOR: '无权操作超级管理员账号!',
  AUDIT_REASON: '请输入驳回原因',
  AUDIT_NONE: '所选用户均不是待审核状态',
  /** Approving a guest as a member unit (decision 019). */
  AUDIT_UNIT_NOT_COMPANY: '会员单位须为公司类机构',
  AUDIT_UNIT_ONE_TENANT: '绑定会员单位时只能审核同一租户的用户',
  AUDIT_MEMBER_ROLE_MISSING: '该租户没有会员单位角色 (别名 member)，请先创建',
  /** Shown at sign-in to a guest whose registration was refused, followed by the reason. */
  REFUSED: '用户账号审核未通过',
  USER_EXT: '请输入用户拓展信息',
} as const

/** `status` of a user: guests wait at 0 until audit-pass (1) or audit-refuse (2). */
export const UserStatus = { PENDING: 0, ACTIVE: 1, REFUSED: 2 } as const
/** Dictionary `user_type`: the platform a user signs in from. */
export const UserType = { WEB: 1, APP: 2, OTHER: 3 } as const

const zMd5 = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .meta(MD5_HEX_META)
    .transform((v) => v.toLowerCase())
    .refine((v) => MD5_HEX_PATTERN.test(v), { message })

/** `user/update-password` (query parameters, md5 hex each, as the browser sends them). */
export const ZPasswordChangeSchema = z
  .object({
    oldPassword: zMd5(UserMsg.OLD_PASSWORD),
    newPassword: zMd5(UserMsg.NEW_PASSWORD),
    newPassword1: zMd5(UserMsg.CONFIRM_PASSWORD),
  })
  .refine((v) => v.newPassword === v.newPassword1, {
    message: UserMsg.CONFIRM_MISMATCH,
    path: ['newPassword1'],
  })

/** The password change form (plain text; the browser hashes before sending). */
export const ZPasswordChangeFormSchema = z
  .object({
    oldPassword: z.string().min(1, UserMsg.OLD_PASSWORD).max(64),
    newPassword: z.string().min(1, UserMsg.NEW_PASSWORD).max(64),
    newPassword1: z.string().min(1, UserMsg.CONFIRM_PASSWORD).max(64),
  })
  .refine((v) => v.newPassword === v.newPassword1, {
    message: UserMsg.CONFIRM_MISMATCH,
    path: ['newPassword1'],
  })

/** `user/update-info` and the personal-info form: what a user may change about themself. */
export const ZUserInfoUpdateSchema = z.object({
  name: z.string({ error: UserMsg.NICKNAME }).trim().min(1, UserMsg.NICKNAME).max(20, '长度不能超过20个字符'),
  realName: zOptionalText(10),
  avatar: zOptionalText(500),
  email: zOptionalText(45).refine((v) => v === undefined || z.email().safeParse(v).success, {
    message: UserMsg.EMAIL_INVALID,
  }),
  phone: zOptionalText(20).refine((v) => v === undefined || isPhone(v), { message: UserMsg.PHONE_INVALID }),
  birthday: zOptionalText(19)
    .refine((v) => v === undefined || isDateOrDateTime(v), {
      message: UserMsg.BIRTHDAY_INVALID,
    })
    .meta(DATE_OR_DATE_TIME_META),
  sex: zOptionalInt({ min: 1, max: 2 }),
})
export type TUserInfoUpdate = z.infer<typeof ZUserInfoUpdateSchema>
export type TUserInfoUpdateInput = z.input<typeof ZUserInfoUpdateSchema>
export type TPasswordChangeForm = z.infer<typeof ZPasswordChangeFormSchema>

/** `user/register-guest` as the server takes it (password is md5 hex). */
export const ZGuestRegisterSchema = z.object({
  tenantId: z.string({ error: UserMsg.TENANT_FIRST }).trim().min(1, UserMsg.TENANT_FIRST).max(12),
  name: zOptionalText(20),
  account: z.string({ error: UserMsg.ACCOUNT_FIRST }).trim().min(1, UserMsg.ACCOUNT_FIRST).max(45),
  password: zMd5(UserMsg.PASSWORD_FIRST),
  oauthId: z.string().trim().max(64).optional(),
})

/** The 账号注册 dialog: the spec's four checks, in its order. */
export const ZGuestRegisterFormSchema = z
  .object({
    tenantId: z.string().trim().min(1, UserMsg.TENANT_FIRST),
    name: z.string().trim().max(20).optional(),
    account: z.string().trim().min(1, UserMsg.ACCOUNT_FIRST),
    password: z.string().min(1, UserMsg.PASSWORD_FIRST),
    password2: z.string().min(1, UserMsg.PASSWORD_FIRST),
  })
  .refine((v) => v.password === v.password2, { message: UserMsg.PASSWORDS_DIFFER, path: ['password2'] })

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v)

/** A comma string of ids (`roleId: "1,2"`) as the platform stores it; a JSON array is joined. */
const zIdCsv = (message: string) =>
  z.preprocess(
    (v) => (Array.isArray(v) ? v.join(',') : typeof v === 'number' ? String(v) : v),
    z
      .string({ error: message })
      .trim()
      .min(1, message)
      .max(1000, message)
      .transform((v) => [
        ...new Set(
          v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ])
      .refine((ids) => ids.length > 0 && ids.every(isId), { message })
      .transform((ids) => ids.join(',')),
  )
const zOptionalIdCsv = (message: string) =>
  z.preprocess(
    (v) => (v === null || v === '' || (Array.isArray(v) && !v.length) ? undefined : v),
    zIdCsv(message).optional(),
  )

/** A password an administrator types for someone else: plain text (contract 7.2), hashed by the server. */
const PLAIN_PASSWORD_META = { format: 'password', description: '明文密码 (服务端以 md5 后的 argon2id 保存)' }

const zEmail = zOptionalText(45).refine((v) => v === undefined || z.email().safeParse(v).success, {
  message: UserMsg.EMAIL_INVALID,
})
const zPhone = zOptionalText(20).refine((v) => v === undefined || isPhone(v), {
  message: UserMsg.PHONE_INVALID,
})
const zBirthday = zOptionalText(19)
  .refine((v) => v === undefined || isDateOrDateTime(v), {
    message: UserMsg.BIRTHDAY_INVALID,
  })
  .meta(DATE_OR_DATE_TIME_META)

const userFields = {
  id: ZIdSchema.optional(),
  /** Honoured for the platform administrator only (tenant 000000); everyone else creates in their tenant. */
  tenantId: zOptionalText(12),
  account: zRequired(UserMsg.ACCOUNT, 45),
  /** Plain text (contract 7.2): required on create, ignored on update. */
  password: zOptionalText(64).meta(PLAIN_PASSWORD_META),
  name: zRequired(UserMsg.NICKNAME, 20),
  realName: zRequired(UserMsg.REAL_NAME, 10),
  code: zOptionalText(12),
  userType: z.preprocess(emptyToUndefined, zInt({ message: UserMsg.USER_TYPE, min: 1, max: 3 }).default(1)),
  roleId: zIdCsv(UserMsg.ROLE),
  deptId: zIdCsv(UserMsg.DEPT),
  postId: zOptionalIdCsv(UserMsg.POST),
  email: zEmail,
  phone: zPhone,
  birthday: zBirthday,
  sex: zOptionalInt({ min: 1, max: 2 }),
}

/** `user/submit` (no id: create, with the plain password) and `user/update`. */
export const ZUserSubmitSchema = z.object(userFields).superRefine((v, ctx) => {
  if (!v.id && !v.password) {
    ctx.addIssue({ code: 'custom', path: ['password'], message: UserMsg.PASSWORD })
  }
})
export type TUserSubmit = z.infer<typeof ZUserSubmitSchema>

/** The user form: the submit schema plus the confirmation, checked when a password is set. */
export const ZUserFormSchema = z
  .object({ ...userFields, password2: zOptionalText(64) })
  .superRefine((v, ctx) => {
    if (v.id) {
      return
    }
    if (!v.password) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: UserMsg.PASSWORD })
    } else if (!v.password2) {
      ctx.addIssue({ code: 'custom', path: ['password2'], message: UserMsg.PASSWORD2 })
    } else if (v.password !== v.password2) {
      ctx.addIssue({ code: 'custom', path: ['password2'], message: UserMsg.PASSWORD_MISMATCH })
    }
  })
export type TUserFormInput = z.input<typeof ZUserFormSchema>

/** A user as page, detail and info answer it (UserVO, contract 5.6): never the password. */
export const ZUserRecordSchema = z.object({
  id: ZWireIdSchema,
  tenantId: z.string(),
  code: z.string().nullable(),
  userType: z.number(),
  account: z.string(),
  name: z.string().nullable(),
  realName: z.string().nullable(),
  avatar: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  birthday: z.string().nullable(),
  sex: z.number().nullable(),
  roleId: z.string(),
  deptId: z.string(),
  postId: z.string(),
  status: z.number(),
  isDeleted: z.number(),
  auditReason: z.string().nullable(),
  createUser: ZWireIdSchema.nullable(),
  createDept: ZWireIdSchema.nullable(),
  createTime: ZWireDateTimeSchema,
  updateUser: ZWireIdSchema.nullable(),
  updateTime: ZWireDateTimeSchema.nullable(),
  tenantName: z.string(),
  userTypeName: z.string(),
  roleName: z.string(),
  deptName: z.string(),
  postName: z.string(),
  sexName: z.string(),
})
export type TUserRecord = z.infer<typeof ZUserRecordSchema>

/** `user/page`: the platform's hand-written query (contract 4.3 C, 7.2). */
export const ZUserPageQuerySchema = ZPageQuerySchema.extend({
  account: zOptionalText(45),
  realName: zOptionalText(10),
  deptId: z.preprocess(emptyToUndefined, ZIdSchema.optional()),
  userType: zOptionalInt({ min: 1, max: 3 }),
  status: zOptionalInt({ min: 0, max: 2 }),
  /** The platform administrator may narrow to one tenant; ignored for everyone else. */
  tenantId: zOptionalText(12),
})
export type TUserPageQuery = z.infer<typeof ZUserPageQuerySchema>

export const ZUserIdsQuerySchema = z.object({ userIds: zIdListOf('userIds') })
export const ZUserGrantQuerySchema = z.object({
  userIds: zIdListOf('userIds'),
  roleIds: zIdListOf('roleIds', UserMsg.ROLE),
})
/**
 * A guest approved as a member unit: bound to a company dept, chosen (`unitId`) or created by name
 * (`unitName`), and given the tenant's member role (decision 019).
 */
const zMemberUnit = {
  unitId: z.preprocess(emptyToUndefined, ZIdSchema.optional()),
  unitName: zOptionalText(45),
}
export const ZUserAuditPassQuerySchema = z.object({
  userIds: zIdListOf('userIds'),
  /** Roles to give on approval; needed when a user has none (a user without roles cannot sign in). */
  roleIds: z.preprocess(emptyToUndefined, zIdListOf('roleIds', UserMsg.ROLE).optional()),
  ...zMemberUnit,
})
export const ZUserAuditRefuseSchema = z.object({
  userIds: zIdListOf('userIds'),
  reason: zRequired(UserMsg.AUDIT_REASON, 255),
})
/** A company's registration approved with the account and (plain) password it will sign in with. */
export const ZUserAuditCompanySchema = z.object({
  id: ZIdSchema,
  account: zRequired(UserMsg.ACCOUNT, 45),
  password: zRequired(UserMsg.PASSWORD, 64).meta(PLAIN_PASSWORD_META),
  roleIds: z.preprocess(emptyToUndefined, zIdListOf('roleIds', UserMsg.ROLE).optional()),
  ...zMemberUnit,
})
export const ZUserPlatformSchema = z.object({
  userId: ZIdSchema,
  userType: z.preprocess(emptyToUndefined, zInt({ message: UserMsg.USER_TYPE, min: 1, max: 3 })),
  userExt: zOptionalText(255),
})
export const ZUserPlatformRecordSchema = ZUserRecordSchema.extend({ userExt: z.string().nullable() })

/** `firm/selectUserFirmMixUser`: users with the company they belong to, for pickers. */
export const ZUserFirmSchema = z.object({
  id: ZWireIdSchema,
  tenantId: z.string(),
  account: z.string(),
  name: z.string().nullable(),
  realName: z.string().nullable(),
  deptId: z.string(),
  deptName: z.string(),
  firmId: ZWireIdSchema.nullable(),
  firmName: z.string(),
})
export type TUserFirm = z.infer<typeof ZUserFirmSchema>

/** `user/user-list` and `user/select` (contract 7.2): the users of a picker, without personal data. */
export const ZUserBriefSchema = z.object({
  id: ZWireIdSchema,
  tenantId: z.string(),
  account: z.string(),
  name: z.string().nullable(),
  realName: z.string().nullable(),
  deptId: z.string().nullable(),
  postId: z.string().nullable(),
  roleId: z.string().nullable(),
})
export type TUserBrief = z.infer<typeof ZUserBriefSchema>
/** Equality filters of `user/user-list` (entity binding, contract 4.3 A); unknown ones are ignored. */
export const ZUserListQuerySchema = z.object({
  account: zOptionalText(45),
  realName: zOptionalText(20),
  name: zOptionalText(20),
  deptId: z.preprocess((v) => (v === '' ? undefined : v), ZIdSchema.optional()),
  userType: z.preprocess((v) => (v === '' ? undefined : v), zInt({ min: 1, max: 3 }).optional()),
})

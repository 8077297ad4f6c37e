import { z } from 'zod'
import { MD5_HEX_META, MD5_HEX_PATTERN } from '../auth/auth.ts'
import { DATE_OR_DATE_TIME_META, DATE_PATTERN, DATE_TIME_PATTERN } from '../common/dates.ts'
import { isPhone, zOptionalInt, zOptionalText } from '../common/validators.ts'

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
} as const

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
    .refine((v) => v === undefined || DATE_PATTERN.test(v) || DATE_TIME_PATTERN.test(v), {
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

import { DATE_PATTERN, DATE_TIME_PATTERN, isPhone, zOptionalText, zRequired } from '@ysjs/shared'
import { z } from 'zod'

/**
 * Schemas of the personal-info screen. They are not in @ysjs/shared yet; the server's
 * `user/update-info` and `user/update-password` should validate with the same rules and messages.
 */
export const UserMsg = {
  NAME: '请输入用户昵称',
  REAL_NAME: '请输入用户姓名',
  PHONE: '手机号格式不正确',
  EMAIL: '邮箱格式不正确',
  OLD_PASSWORD: '请输入原密码',
  NEW_PASSWORD: '请输入新密码',
  NEW_PASSWORD1: '请输入确认密码',
  PASSWORD_MISMATCH: '两次密码输入不一致',
} as const

const zOptionalPhone = zOptionalText(20).refine((v) => v === undefined || isPhone(v), {
  message: UserMsg.PHONE,
})
const zOptionalEmail = zOptionalText(100).refine((v) => v === undefined || z.email().safeParse(v).success, {
  message: UserMsg.EMAIL,
})
const zOptionalBirthday = zOptionalText(19).refine(
  (v) => v === undefined || DATE_PATTERN.test(v) || DATE_TIME_PATTERN.test(v),
)
const zOptionalSex = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce.number().int().min(0).max(9).optional(),
)

export const ZUserInfoUpdateSchema = z.object({
  name: zRequired(UserMsg.NAME, 50),
  realName: zRequired(UserMsg.REAL_NAME, 50),
  avatar: zOptionalText(500),
  email: zOptionalEmail,
  phone: zOptionalPhone,
  birthday: zOptionalBirthday,
  sex: zOptionalSex,
})
export type TProfileForm = z.infer<typeof ZUserInfoUpdateSchema>
export type TProfileInput = z.input<typeof ZUserInfoUpdateSchema>

export const ZPasswordChangeSchema = z
  .object({
    oldPassword: z.string().min(1, UserMsg.OLD_PASSWORD).max(64),
    newPassword: z.string().min(1, UserMsg.NEW_PASSWORD).max(64),
    newPassword1: z.string().min(1, UserMsg.NEW_PASSWORD1).max(64),
  })
  .refine((v) => v.newPassword === v.newPassword1, {
    path: ['newPassword1'],
    message: UserMsg.PASSWORD_MISMATCH,
  })
export type TPasswordForm = z.infer<typeof ZPasswordChangeSchema>

import { describe, expect, it } from 'vitest'
import {
  UserMsg,
  ZGuestRegisterFormSchema,
  ZPasswordChangeFormSchema,
  ZPasswordChangeSchema,
  ZUserInfoUpdateSchema,
} from '../src/index.ts'

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message

describe('personal info', () => {
  it('requires the nickname and checks phone, email and birthday only when given', () => {
    expect(firstMessage(ZUserInfoUpdateSchema.safeParse({ name: '' }))).toBe(UserMsg.NICKNAME)
    expect(firstMessage(ZUserInfoUpdateSchema.safeParse({ name: 'a', phone: '123' }))).toBe(
      UserMsg.PHONE_INVALID,
    )
    expect(firstMessage(ZUserInfoUpdateSchema.safeParse({ name: 'a', email: 'no' }))).toBe(
      UserMsg.EMAIL_INVALID,
    )
    expect(firstMessage(ZUserInfoUpdateSchema.safeParse({ name: 'a', birthday: '1990/01/02' }))).toBe(
      UserMsg.BIRTHDAY_INVALID,
    )
    expect(
      firstMessage(ZUserInfoUpdateSchema.safeParse({ name: 'a', realName: '一二三四五六七八九十一' })),
    ).toBe('长度不能超过10个字符')
    expect(
      ZUserInfoUpdateSchema.parse({
        name: 'a',
        realName: 'b',
        phone: '',
        email: '',
        sex: '1',
        birthday: '1990-01-02',
      }),
    ).toEqual({ name: 'a', realName: 'b', sex: 1, birthday: '1990-01-02' })
  })
})

describe('password change', () => {
  it('the form needs old, new and a matching confirmation, with the server message', () => {
    expect(
      firstMessage(
        ZPasswordChangeFormSchema.safeParse({ oldPassword: '', newPassword: 'a', newPassword1: 'a' }),
      ),
    ).toBe(UserMsg.OLD_PASSWORD)
    expect(
      firstMessage(
        ZPasswordChangeFormSchema.safeParse({ oldPassword: 'o', newPassword: 'a', newPassword1: 'b' }),
      ),
    ).toBe(UserMsg.CONFIRM_MISMATCH)
  })
  it('the server takes md5 hex only', () => {
    const md5 = 'e10adc3949ba59abbe56e057f20f883e'
    expect(
      ZPasswordChangeSchema.safeParse({ oldPassword: md5, newPassword: md5, newPassword1: md5 }).success,
    ).toBe(true)
    expect(
      firstMessage(
        ZPasswordChangeSchema.safeParse({ oldPassword: 'plain', newPassword: md5, newPassword1: md5 }),
      ),
    ).toBe(UserMsg.OLD_PASSWORD)
  })
})

describe('guest registration', () => {
  it('checks in the spec order: tenant, account, passwords, match', () => {
    const first = (v: object) => firstMessage(ZGuestRegisterFormSchema.safeParse(v))
    expect(first({ tenantId: '', account: '', password: '', password2: '' })).toBe('请先输入租户编号')
    expect(first({ tenantId: '000000', account: '', password: '', password2: '' })).toBe('请先输入账号名称')
    expect(first({ tenantId: '000000', account: 'a', password: '', password2: '' })).toBe('请先输入密码')
    expect(first({ tenantId: '000000', account: 'a', password: 'x', password2: 'y' })).toBe(
      '两次密码输入不一致',
    )
  })
})

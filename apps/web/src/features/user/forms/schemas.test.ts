import { describe, expect, it } from 'vitest'
import { UserMsg, ZPasswordChangeSchema, ZUserInfoUpdateSchema } from './schemas'

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message

describe('personal info schemas', () => {
  it('requires the names and checks phone and email only when given', () => {
    expect(firstMessage(ZUserInfoUpdateSchema.safeParse({ name: '', realName: 'x' }))).toBe(UserMsg.NAME)
    expect(firstMessage(ZUserInfoUpdateSchema.safeParse({ name: 'a', realName: 'b', phone: '123' }))).toBe(
      UserMsg.PHONE,
    )
    expect(firstMessage(ZUserInfoUpdateSchema.safeParse({ name: 'a', realName: 'b', email: 'no' }))).toBe(
      UserMsg.EMAIL,
    )
    expect(
      ZUserInfoUpdateSchema.parse({
        name: 'a',
        realName: 'b',
        phone: '',
        email: '',
        sex: '1',
        birthday: '1990-01-02',
      }),
    ).toEqual({
      name: 'a',
      realName: 'b',
      sex: 1,
      birthday: '1990-01-02',
    })
  })

  it('needs old, new and a matching confirmation', () => {
    expect(
      firstMessage(ZPasswordChangeSchema.safeParse({ oldPassword: '', newPassword: 'a', newPassword1: 'a' })),
    ).toBe(UserMsg.OLD_PASSWORD)
    expect(
      firstMessage(
        ZPasswordChangeSchema.safeParse({ oldPassword: 'o', newPassword: 'a', newPassword1: 'b' }),
      ),
    ).toBe(UserMsg.PASSWORD_MISMATCH)
  })
})

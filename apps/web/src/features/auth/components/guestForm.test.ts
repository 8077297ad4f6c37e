import { describe, expect, it } from 'vitest'
import { validateGuestForm } from './guestForm'

const ok = { tenantId: '000000', name: '张三', account: 'zhangsan', password: 'p', password2: 'p' }

describe('guest registration checks, in the spec’s order', () => {
  it('asks for the tenant, the account, both passwords, then a match', () => {
    expect(validateGuestForm({ ...ok, tenantId: ' ', account: '' })).toBe('请先输入租户编号')
    expect(validateGuestForm({ ...ok, account: '', password: '' })).toBe('请先输入账号名称')
    expect(validateGuestForm({ ...ok, password2: '' })).toBe('请先输入密码')
    expect(validateGuestForm({ ...ok, password2: 'q' })).toBe('两次密码输入不一致')
    expect(validateGuestForm(ok)).toBeNull()
  })
})

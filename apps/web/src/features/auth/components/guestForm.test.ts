import { describe, expect, it } from 'vitest'
import { validateGuestForm } from './guestForm'

const ok = { tenantId: '000000', name: '张三', account: 'zhangsan', password: 'p', password2: 'p' }

describe('guest registration checks, in the spec’s order', () => {
  it('asks for the tenant, the account, both passwords, then a match', () => {
    expect(validateGuestForm({ ...ok, tenantId: ' ', account: '' })).toBe('auth.register.tenantRequired')
    expect(validateGuestForm({ ...ok, account: '', password: '' })).toBe('auth.register.accountRequired')
    expect(validateGuestForm({ ...ok, password2: '' })).toBe('auth.register.passwordRequired')
    expect(validateGuestForm({ ...ok, password2: 'q' })).toBe('auth.register.passwordMismatch')
    expect(validateGuestForm(ok)).toBeNull()
  })
})

export type TGuestForm = {
  tenantId: string
  name: string
  account: string
  password: string
  password2: string
}

/** The four checks of spec section 5, in their order; returns the i18n key of the first warning. */
export const validateGuestForm = (form: TGuestForm): string | null => {
  if (!form.tenantId.trim()) {
    return 'auth.register.tenantRequired'
  }
  if (!form.account.trim()) {
    return 'auth.register.accountRequired'
  }
  if (!form.password || !form.password2) {
    return 'auth.register.passwordRequired'
  }
  if (form.password !== form.password2) {
    return 'auth.register.passwordMismatch'
  }
  return null
}

import { ZGuestRegisterFormSchema } from '@ysjs/shared'

export type TGuestForm = {
  tenantId: string
  name: string
  account: string
  password: string
  password2: string
}

/** The four checks of spec section 5, in their order (the shared schema); the first warning or null. */
export const validateGuestForm = (form: TGuestForm): string | null =>
  ZGuestRegisterFormSchema.safeParse(form).error?.issues[0]?.message ?? null

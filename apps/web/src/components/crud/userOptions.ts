import type { TUserBrief } from '@ysjs/shared'
import { http } from '@/lib/http'
import type { TField, TOption } from './types'

/** The caller's tenant's users as choices, by name (the platform's user picker, `user/select`). */
export const tenantUserOptions = async (): Promise<TOption[]> =>
  (await http.get<TUserBrief[]>('/api/ysjs-system/user/select')).map((u) => ({
    value: u.id,
    label: u.realName ? `${u.realName} (${u.account})` : u.account,
  }))

/** A multiselect field's loader of the tenant's users; one cache key, so every user picker shares it. */
export const TENANT_USERS: NonNullable<TField['loadOptions']> = {
  key: 'tenant-users',
  load: tenantUserOptions,
}

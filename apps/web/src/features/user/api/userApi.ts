import { useQuery } from '@tanstack/react-query'
import type { TUserInfo } from '@ysjs/shared'
import { md5 } from 'js-md5'
import { http } from '@/lib/http'
import type { TPasswordForm, TProfileForm } from '../forms/schemas'

const BASE = '/api/ysjs-system/user'

export const USER_INFO_KEY = ['user', 'info'] as const

export const fetchUserInfo = (): Promise<TUserInfo> => http.get<TUserInfo>(`${BASE}/info`)

export const useUserInfo = () => useQuery({ queryKey: USER_INFO_KEY, queryFn: fetchUserInfo })

export const updateUserInfo = (form: TProfileForm): Promise<unknown> => http.post(`${BASE}/update-info`, form)

/** Each password travels as md5 hex, in the query string as the platform takes it. */
export const updatePassword = (form: TPasswordForm): Promise<unknown> =>
  http.post(`${BASE}/update-password`, undefined, {
    params: {
      oldPassword: md5(form.oldPassword),
      newPassword: md5(form.newPassword),
      newPassword1: md5(form.newPassword1),
    },
  })

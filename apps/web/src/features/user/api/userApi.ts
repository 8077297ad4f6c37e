import { useQuery } from '@tanstack/react-query'
import type { TPasswordChangeForm, TUserInfo, TUserInfoUpdate } from '@ysjs/shared'
import { md5 } from 'js-md5'
import { http } from '@/lib/http'

const BASE = '/api/ysjs-system/user'

export const USER_INFO_KEY = ['user', 'info'] as const

export const fetchUserInfo = (): Promise<TUserInfo> => http.get<TUserInfo>(`${BASE}/info`)

export const useUserInfo = () => useQuery({ queryKey: USER_INFO_KEY, queryFn: fetchUserInfo })

export const updateUserInfo = (form: TUserInfoUpdate): Promise<unknown> =>
  http.post(`${BASE}/update-info`, form)

/** Each password travels as md5 hex, in the query string as the platform takes it. */
export const updatePassword = (form: TPasswordChangeForm): Promise<unknown> =>
  http.post(`${BASE}/update-password`, undefined, {
    params: {
      oldPassword: md5(form.oldPassword),
      newPassword: md5(form.newPassword),
      newPassword1: md5(form.newPassword1),
    },
  })

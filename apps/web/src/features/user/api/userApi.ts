import type { TPasswordChangeForm, TUserInfoUpdate } from '@ysjs/shared'
import { md5 } from 'js-md5'
import { http } from '@/lib/http'

export { fetchUserInfo, USER_INFO_KEY, useUserInfo } from '@/lib/session/userInfo'

const BASE = '/api/ysjs-system/user'

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

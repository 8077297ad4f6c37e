import { useQuery } from '@tanstack/react-query'
import type { TUserInfo } from '@ysjs/shared'
import { http } from '@/lib/http'

/** The signed-in user's record with its display labels (tenantName, roleName, deptName…). */
export const USER_INFO_KEY = ['user', 'info'] as const

export const fetchUserInfo = (): Promise<TUserInfo> => http.get<TUserInfo>('/api/ysjs-system/user/info')

export const useUserInfo = () => useQuery({ queryKey: USER_INFO_KEY, queryFn: fetchUserInfo })

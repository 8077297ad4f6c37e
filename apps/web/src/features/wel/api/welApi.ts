import { useQuery } from '@tanstack/react-query'
import type { TDashboardStats, TMyNotice, TPage } from '@ysjs/shared'
import { http } from '@/lib/http'

export type { TDashboardStats, TMyNotice } from '@ysjs/shared'

export const useDashboardStats = () =>
  useQuery({
    queryKey: ['wel', 'stats'],
    queryFn: () => http.get<TDashboardStats>('/api/ysjs-desk/dashboard/stats'),
  })

/** The caller's latest notices: those for the whole tenant and those addressed to them. */
export const useRecentNotices = (size = 5) =>
  useQuery({
    queryKey: ['wel', 'notices', size],
    queryFn: () => http.get<TPage<TMyNotice>>('/api/ysjs-desk/dashboard/notices', { current: 1, size }),
  })

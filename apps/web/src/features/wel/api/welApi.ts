import { useQuery } from '@tanstack/react-query'
import type { TDashboardStats, TNotice, TPage } from '@ysjs/shared'
import { http } from '@/lib/http'

export type { TDashboardStats, TNotice } from '@ysjs/shared'

export const useDashboardStats = () =>
  useQuery({
    queryKey: ['wel', 'stats'],
    queryFn: () => http.get<TDashboardStats>('/api/ysjs-desk/dashboard/stats'),
  })

export const useRecentNotices = (size = 5) =>
  useQuery({
    queryKey: ['wel', 'notices', size],
    queryFn: () => http.get<TPage<TNotice>>('/api/ysjs-desk/notice/list', { current: 1, size }),
  })

import { useQuery } from '@tanstack/react-query'
import type { TDashboardStats, TMyDashboard, TMyNotice, TPage } from '@ysjs/shared'
import { http } from '@/lib/http'

export type { TDashboardStats, TMyDashboard, TMyNotice } from '@ysjs/shared'

export const useDashboardStats = (enabled = true) =>
  useQuery({
    queryKey: ['wel', 'stats'],
    queryFn: () => http.get<TDashboardStats>('/api/ysjs-desk/dashboard/stats'),
    enabled,
  })

/** A member's own figures (their applications, fillings, registrations, notices). */
export const useMyDashboard = (enabled = true) =>
  useQuery({
    queryKey: ['wel', 'mine'],
    queryFn: () => http.get<TMyDashboard>('/api/ysjs-desk/dashboard/mine'),
    enabled,
  })

/** The caller's latest notices: those for the whole tenant and those addressed to them. */
export const useRecentNotices = (size = 5) =>
  useQuery({
    queryKey: ['wel', 'notices', size],
    queryFn: () => http.get<TPage<TMyNotice>>('/api/ysjs-desk/dashboard/notices', { current: 1, size }),
  })

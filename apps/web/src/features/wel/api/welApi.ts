import { useQuery } from '@tanstack/react-query'
import type { TPage } from '@ysjs/shared'
import { http } from '@/lib/http'

export type TDashboardStats = {
  /** null until the workflow module counts the user's tasks. */
  todoCount: number | null
  noticeCount: number
  userCount: number
  deptCount: number
  records: { name: string; value: number }[]
  trend: { date: string; count: number }[]
}

export type TNotice = {
  id: string
  title: string
  category: number
  categoryName: string
  releaseTime: string
  content: string
}

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

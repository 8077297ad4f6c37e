import type { TScreenRegistry } from '@/app/router/screen'
import { lazyScreen } from '@/lib/lazy'

const ReportListPage = lazyScreen(() => import('./ReportListPage'), 'ReportListPage')

export const reportScreens: TScreenRegistry = {
  '/report/reportlist': { component: ReportListPage, titleKey: 'report.route.list' },
}

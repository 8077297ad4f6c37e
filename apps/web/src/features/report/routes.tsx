import type { TScreenRegistry } from '@/app/router/screen'
import { lazyScreen } from '@/lib/lazy'

const ReportListPage = lazyScreen(() => import('./ReportListPage'), 'ReportListPage')
const ReportDesignerPage = lazyScreen(() => import('./ReportDesignerPage'), 'ReportDesignerPage')

export const reportScreens: TScreenRegistry = {
  '/report/reportlist': { component: ReportListPage, titleKey: 'report.route.list' },
  '/report/design': { component: ReportDesignerPage, titleKey: 'develop.report.title' },
}

import type { TScreenRegistry } from '@/app/router/screen'
import { lazyScreen } from '@/lib/lazy'

const ReportListPage = lazyScreen(() => import('./ReportListPage'), 'ReportListPage')
const ReportDesignerPage = lazyScreen(() => import('./ReportDesignerPage'), 'ReportDesignerPage')
const ReportViewerPage = lazyScreen(() => import('./ReportViewerPage'), 'ReportViewerPage')

export const reportScreens: TScreenRegistry = {
  '/report/reportlist': { component: ReportListPage, titleKey: 'report.route.list' },
  '/report/design': { component: ReportDesignerPage, titleKey: 'develop.report.title' },
  // Opened from the list (like the flow's detail pages); its calls need report_list.
  '/report/view/:id': { component: ReportViewerPage, titleKey: 'develop.report.viewTitle', fixed: true },
}

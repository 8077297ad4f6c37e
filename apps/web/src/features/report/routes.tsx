import { screen, type TScreenRegistry } from '@/app/router/screen'

export const reportScreens: TScreenRegistry = {
  '/report/reportlist': screen(() => import('./ReportListPage'), 'ReportListPage', 'report.route.list'),
  '/report/design': screen(
    () => import('./ReportDesignerPage'),
    'ReportDesignerPage',
    'develop.report.title',
  ),
  // Opened from the list (like the flow's detail pages); its calls need report_list.
  '/report/view/:id': screen(
    () => import('./ReportViewerPage'),
    'ReportViewerPage',
    'develop.report.viewTitle',
    {
      fixed: true,
    },
  ),
}

import { screen, type TScreenRegistry } from '@/app/router/screen'

/** 任务调度: the seeded menus /job/jobinfo, /job/jobserver and /job/calendar. */
export const jobScreens: TScreenRegistry = {
  '/job/jobinfo': screen(() => import('./components/JobInfoPage'), 'JobInfoPage', 'job.route.info'),
  '/job/jobserver': screen(() => import('./components/JobServerPage'), 'JobServerPage', 'job.route.server'),
  '/job/calendar': screen(
    () => import('./components/WorkCalendarPage'),
    'WorkCalendarPage',
    'job.route.calendar',
  ),
}

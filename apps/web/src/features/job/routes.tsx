import type { TScreenRegistry } from '@/app/router/screen'
import { lazyScreen } from '@/lib/lazy'

const JobInfoPage = lazyScreen(() => import('./components/JobInfoPage'), 'JobInfoPage')
const JobServerPage = lazyScreen(() => import('./components/JobServerPage'), 'JobServerPage')
const WorkCalendarPage = lazyScreen(() => import('./components/WorkCalendarPage'), 'WorkCalendarPage')

/** 任务调度: the seeded menus /job/jobinfo, /job/jobserver and /job/calendar. */
export const jobScreens: TScreenRegistry = {
  '/job/jobinfo': { component: JobInfoPage, titleKey: 'job.route.info' },
  '/job/jobserver': { component: JobServerPage, titleKey: 'job.route.server' },
  '/job/calendar': { component: WorkCalendarPage, titleKey: 'job.route.calendar' },
}

import type { TScreenRegistry } from '@/app/router/screen'
import { lazyScreen } from '@/lib/lazy'

const JobInfoPage = lazyScreen(() => import('./components/JobInfoPage'), 'JobInfoPage')
const JobServerPage = lazyScreen(() => import('./components/JobServerPage'), 'JobServerPage')

/** 任务调度: the seeded menus /job/jobinfo and /job/jobserver. */
export const jobScreens: TScreenRegistry = {
  '/job/jobinfo': { component: JobInfoPage, titleKey: 'job.route.info' },
  '/job/jobserver': { component: JobServerPage, titleKey: 'job.route.server' },
}

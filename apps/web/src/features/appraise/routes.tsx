import type { TScreenRegistry } from '@/app/router/screen'
import { lazyScreen } from '@/lib/lazy'

const ResultsPage = lazyScreen(() => import('./ResultsPage'), 'ResultsPage')
const ReviewPage = lazyScreen(() => import('./ReviewPage'), 'ReviewPage')

/** The seeded menu paths of 成果评价 (issue 12). */
export const appraiseScreens: TScreenRegistry = {
  '/appraise/results': { component: ResultsPage, titleKey: 'appraise.route.results' },
  '/appraise/review': { component: ReviewPage, titleKey: 'appraise.route.review' },
}

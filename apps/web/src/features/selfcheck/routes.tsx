import { lazyScreen } from '@/lib/lazy'

export const TestPage = lazyScreen(() => import('./components/TestPage'), 'TestPage')

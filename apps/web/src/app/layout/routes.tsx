import { lazyScreen } from '@/lib/lazy'

export const MainLayout = lazyScreen(() => import('./components/MainLayout'), 'MainLayout')

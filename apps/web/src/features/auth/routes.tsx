import type { TScreenRegistry } from '@/app/router/screen'
import { lazyScreen } from '@/lib/lazy'

export const LoginPage = lazyScreen(() => import('./components/LoginPage'), 'LoginPage')
export const LockPage = lazyScreen(() => import('./components/LockPage'), 'LockPage')

/** Auth has no layout screens; login and lock are fixed routes outside the layout. */
export const authScreens: TScreenRegistry = {}

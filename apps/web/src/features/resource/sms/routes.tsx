import type { TScreenRegistry } from '@/app/router/screen'
import { lazyScreen } from '@/lib/lazy'

const SmsPage = lazyScreen(() => import('./SmsPage'), 'SmsPage')

export const smsScreens: TScreenRegistry = {
  '/resource/sms': { component: SmsPage, titleKey: 'sms.route' },
}

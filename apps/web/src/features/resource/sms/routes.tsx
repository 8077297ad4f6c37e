import { screen, type TScreenRegistry } from '@/app/router/screen'

export const smsScreens: TScreenRegistry = {
  '/resource/sms': screen(() => import('./SmsPage'), 'SmsPage', 'sms.route'),
}

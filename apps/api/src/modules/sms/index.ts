import type { TModulePlugin } from '../module-deps.ts'
import { smsRoutes } from './sms.routes.ts'

/** SMS configs and codes (the services are shared with auth: `deps.sms`, `deps.smsCodes`). */
export const smsModule: TModulePlugin = async (app, { sms, smsCodes }) => {
  smsRoutes(app, sms, smsCodes)
}

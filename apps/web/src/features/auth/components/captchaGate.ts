import { AuthMsg } from '@ysjs/shared'
import { HttpError } from '@/lib/http'

/**
 * Whether a refused password grant asks for a captcha: the server says the account needs one from
 * here (too many failures), or it refused a grant that came without one (the server requires it of
 * the web client whatever the web config said).
 */
export const asksForCaptcha = (error: unknown, sentCaptcha: boolean): boolean => {
  if (!(error instanceof HttpError)) {
    return false
  }
  const body = (typeof error.body === 'object' && error.body !== null ? error.body : {}) as {
    error_description?: unknown
  }
  const description = typeof body.error_description === 'string' ? body.error_description : error.message
  return description === AuthMsg.CAPTCHA_REQUIRED || (!sentCaptcha && description === AuthMsg.CAPTCHA_INVALID)
}

import { http } from '@/lib/http'
import { hasToken } from '@/lib/session/session'
import { createErrorLog, ERROR_LOG_URL, type TClientError, toClientError } from './errorLog'

export const errorLog = createErrorLog({
  canSend: hasToken,
  send: (logs: TClientError[]) => http.post(ERROR_LOG_URL, logs, { silent: true, refreshOn401: false }),
})

export const logClientError = (type: string, error: unknown, info?: string): void =>
  errorLog.push(toClientError(type, error, info))

/** Uncaught errors and rejections of the whole page go to the error log. */
export const installGlobalErrorHandlers = (): void => {
  window.addEventListener('error', (e) => logClientError('error', e.error ?? e.message))
  window.addEventListener('unhandledrejection', (e) => logClientError('unhandledrejection', e.reason))
}

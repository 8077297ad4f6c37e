import { SurveyMsg } from '@ysjs/shared'
import { useEffect } from 'react'
import { HttpError } from '@/lib/http'
import { toast } from '@/lib/notify'

type TBody = { code?: unknown; success?: unknown; msg?: unknown; error_description?: unknown }

const bodyOf = (error: HttpError): TBody =>
  typeof error.body === 'object' && error.body !== null ? (error.body as TBody) : {}

/** The server's own words (`msg`, else `error_description`), when it gave any. */
const serverMessage = (error: HttpError): string | null => {
  const b = bodyOf(error)
  for (const v of [b.msg, b.error_description]) {
    if (typeof v === 'string' && v.trim() !== '') {
      return v
    }
  }
  return null
}

/** The server answered the request with a business verdict (an envelope), not a crash or silence. */
const answered = (error: HttpError): boolean => {
  const b = bodyOf(error)
  return error.status > 0 && error.status < 500 && (b.code !== undefined || b.success !== undefined)
}

/**
 * Spec section 8, questionnaire loads: the server's refusal shows its msg, or 请求成功，但业务逻辑失败！ when
 * it gave none; no answer (network, timeout, a server error) shows 获取数据失败！.
 */
export const loadFailed = (error: unknown) => {
  if (error instanceof HttpError && answered(error)) {
    toast.error(serverMessage(error) ?? SurveyMsg.BUSINESS_FAILED)
    return
  }
  toast.error(SurveyMsg.LOAD_FAILED)
}

/** `loadFailed` for each error a load ends with (a screen's query; null while there is none to show). */
export const useLoadFailed = (error: unknown) => {
  useEffect(() => {
    if (error) {
      loadFailed(error)
    }
  }, [error])
}

/**
 * Spec section 8, saves: the failure message (提交失败，请重试, or the company form's 操作失败，请重试),
 * after the server's reason when it gave one (as the platform's response handler shows it first).
 */
export const saveFailed = (error: unknown, fallback: string = SurveyMsg.SUBMIT_FAILED) => {
  const reason = error instanceof HttpError && answered(error) ? serverMessage(error) : null
  if (reason && reason !== fallback) {
    toast.error(reason)
  }
  toast.error(fallback)
}

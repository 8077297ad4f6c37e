import { SurveyMsg } from '@ysjs/shared'
import { HttpError } from '@/lib/http'
import { toast } from '@/lib/notify'

/** Spec section 8: a load failure shows the server's message, else 请求成功，但业务逻辑失败！ (a business
 * answer without one), else 获取数据失败！ (no answer at all). */
export const loadFailed = (error: unknown) => {
  if (error instanceof HttpError) {
    toast.error(error.message || SurveyMsg.BUSINESS_FAILED)
    return
  }
  toast.error(SurveyMsg.LOAD_FAILED)
}

/** A refused save shows the server's reason (a validation message); anything else the spec's fallback. */
export const saveFailed = (error: unknown, fallback: string = SurveyMsg.SUBMIT_FAILED) => {
  if (error instanceof HttpError && error.status === 400 && error.message) {
    toast.error(error.message)
    return
  }
  toast.error(fallback)
}

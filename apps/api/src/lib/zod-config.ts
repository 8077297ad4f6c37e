import { Msg } from '@ysjs/shared'
import { z } from 'zod'

/**
 * Default messages for schemas that set none: missing and wrong-typed parameters answer the platform's
 * texts (the error handler appends the field name); other issues use zod's Chinese locale. Messages a
 * schema sets itself (the spec's 请输入… texts) always win.
 */
z.config(z.locales.zhCN())
z.config({
  customError: (issue) => {
    // An id is a union (digits or a number): without this a missing or wrong-typed id answered 无效输入.
    if (issue.code === 'invalid_type' || issue.code === 'invalid_union') {
      return issue.input === undefined ? Msg.PARAM_MISS : Msg.PARAM_TYPE_ERROR
    }
    return undefined
  },
})

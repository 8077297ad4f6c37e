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
    if (issue.code === 'invalid_type') {
      return issue.input === undefined ? Msg.PARAM_MISS : Msg.PARAM_TYPE_ERROR
    }
    return undefined
  },
})

import { z } from 'zod'

/** Mobile: 1, then 3-9, then 9 digits. Landline: 3-4 digit area code, hyphen, 6-8 digits. */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/
export const LANDLINE_PATTERN = /^\d{3,4}-\d{6,8}$/
export const POSTCODE_PATTERN = /^\d{6}$/
export const CODE_PATTERN = /^\d{6}$/
export const NAME_MIN = 2
export const NAME_MAX = 50

export const isPhone = (v: string): boolean => MOBILE_PATTERN.test(v) || LANDLINE_PATTERN.test(v)
export const isName = (v: string): boolean => {
  const n = [...v.trim()].length
  return n >= NAME_MIN && n <= NAME_MAX
}
export const isPostcode = (v: string): boolean => POSTCODE_PATTERN.test(v)
export const isCode = (v: string): boolean => CODE_PATTERN.test(v)

/** Required text with the spec's "please enter" message for empty input. */
export const zRequired = (message: string, max = 255) =>
  z.string({ error: message }).trim().min(1, message).max(max, `长度不能超过${max}个字符`)

/** Phone with the spec's two messages (principal phone, section 5). */
export const zPhone = (emptyMessage = '请输入联系电话', badMessage = '请输入正确的联系电话') =>
  zRequired(emptyMessage, 20).refine(isPhone, { message: badMessage })

export const zName = (emptyMessage: string, badMessage = '姓名格式不正确') =>
  zRequired(emptyMessage, NAME_MAX).refine(isName, { message: badMessage })

export const zPostcode = (emptyMessage = '请输入邮政编码', badMessage = '邮政编码格式不正确') =>
  zRequired(emptyMessage, 6).refine(isPostcode, { message: badMessage })

export const zCode = (emptyMessage: string, badMessage = '编号格式不正确') =>
  zRequired(emptyMessage, 6).refine(isCode, { message: badMessage })

/** Optional text: empty strings and null become undefined. */
export const zOptionalText = (max = 255) =>
  z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    z.string().trim().max(max, `长度不能超过${max}个字符`).optional(),
  )

import { z } from 'zod'

/**
 * PostgreSQL text cannot hold a NUL character, nor text that is not valid Unicode (a lone UTF-16
 * surrogate has no UTF-8 form: Prisma and the search index refuse it with a 500). Every string that can
 * reach the database is refused at validation when it carries either (the API also checks every
 * request as a whole), with the platform's message.
 */
export const ILLEGAL_CHAR_MSG = '请求参数包含非法字符'
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/
/** A NUL or a lone surrogate: what no text column can hold. */
export const hasNul = (v: string): boolean => v.includes('\u0000') || LONE_SURROGATE.test(v)

/** A JSON value (query, body) that holds a NUL in any string or key, at any depth. */
export const containsNul = (value: unknown, depth = 0): boolean => {
  if (typeof value === 'string') {
    return hasNul(value)
  }
  if (depth > 32 || value === null || typeof value !== 'object') {
    return false
  }
  if (Array.isArray(value)) {
    return value.some((v) => containsNul(v, depth + 1))
  }
  return Object.entries(value).some(([k, v]) => hasNul(k) || containsNul(v, depth + 1))
}

/** A string without NUL; the base of every text rule below. */
export const zText = (message?: string) =>
  z.string(message ? { error: message } : undefined).refine((v) => !hasNul(v), { message: ILLEGAL_CHAR_MSG })

/** Bounds of PostgreSQL `integer` (int4): numbers outside them are refused, never sent to the database. */
export const INT4_MIN = -2_147_483_648
export const INT4_MAX = 2_147_483_647
export const isInt4 = (n: number): boolean => Number.isInteger(n) && n >= INT4_MIN && n <= INT4_MAX

/**
 * An integer column as forms and query strings send it (number or numeric string), within int4 and
 * the given bounds; `message` answers every failure (the spec's 请选择… texts).
 */
export const zInt = (opts: { message?: string; min?: number; max?: number } = {}) => {
  const min = Math.max(opts.min ?? INT4_MIN, INT4_MIN)
  const max = Math.min(opts.max ?? INT4_MAX, INT4_MAX)
  const range = opts.message ?? `请输入 ${min} 到 ${max} 之间的整数`
  return z.coerce
    .number(opts.message ? { error: opts.message } : undefined)
    .int(opts.message ?? '请输入整数')
    .min(min, range)
    .max(max, range)
}

/** An optional integer: empty strings and null are "not given". */
export const zOptionalInt = (opts: { message?: string; min?: number; max?: number } = {}) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), zInt(opts).optional())

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
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `长度不能超过${max}个字符`)
    .refine((v) => !hasNul(v), { message: ILLEGAL_CHAR_MSG })

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
    z
      .string()
      .trim()
      .max(max, `长度不能超过${max}个字符`)
      .refine((v) => !hasNul(v), { message: ILLEGAL_CHAR_MSG })
      .optional(),
  )

/** A form's empty value (`''` or `null`) read as "not given", before a field's own rule. */
export const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v)

import { z } from 'zod'
import { DATE_PATTERN, isDateOrDateTime, parseDateTime } from '../common/dates.ts'
import { isId } from '../common/ids.ts'

// Field rules of the modules the code generator writes: one definition each, so generated schemas stay
// short and every generated module rejects the same input with the same message.

const blankToUndefined = (v: unknown) => (v === null || v === '' ? undefined : v)

/** A `yyyy-MM-dd` date that is on the calendar (2026-02-30 is refused, not stored as March). */
export const zGenDate = (message: string) =>
  z.string({ error: message }).refine((v) => DATE_PATTERN.test(v) && parseDateTime(v) !== null, { message })
export const zGenOptionalDate = () => z.preprocess(blankToUndefined, zGenDate('日期格式不正确').optional())

/** A `yyyy-MM-dd HH:mm[:ss]` date-time (a bare date is midnight) that exists on the calendar. */
export const zGenDateTime = (message: string) =>
  z.string({ error: message }).refine(isDateOrDateTime, { message })
export const zGenOptionalDateTime = () =>
  z.preprocess(blankToUndefined, zGenDateTime('日期时间格式不正确').optional())

/** A 64-bit integer as a string of digits. */
export const zGenBigint = (message: string) =>
  z
    .union([z.string().trim(), z.number().int()], { error: message })
    .transform((v) => String(v))
    .refine(isId, { message })
export const zGenOptionalBigint = () => z.preprocess(blankToUndefined, zGenBigint('请输入整数').optional())

/** A yes/no value as forms and query strings send it. */
export const zGenBoolean = (message: string) =>
  z.preprocess(
    (v) => (v === 'true' || v === 1 || v === '1' ? true : v === 'false' || v === 0 || v === '0' ? false : v),
    z.boolean({ error: message }),
  )
export const zGenOptionalBoolean = () =>
  z.preprocess(blankToUndefined, zGenBoolean('请选择是或否').optional())

/**
 * A `numeric(precision, scale)` value: a decimal string or a number, answered as a string so no digit
 * is lost on the way (JavaScript numbers hold 15-17 significant digits). Without a precision (a plain
 * `numeric` column) any decimal of at most 30 integer and 30 fraction digits.
 */
export const zGenDecimal = (message: string, precision?: number, scale?: number) => {
  const intDigits = precision === undefined ? 30 : precision - (scale ?? 0)
  const fracDigits = precision === undefined ? 30 : (scale ?? 0)
  const range =
    fracDigits > 0 ? `整数部分最多${intDigits}位，小数最多${fracDigits}位` : `请输入最多${intDigits}位的整数`
  return z
    .union([z.string().trim(), z.number()], { error: message })
    .transform((v) => (typeof v === 'number' ? String(v) : v))
    .refine((v) => v !== '', { message })
    .refine((v) => /^-?\d+(\.\d+)?$/.test(v), { message: '请输入数值' })
    .refine(
      (v) => {
        const [int = '', frac = ''] = v.replace(/^-/, '').split('.')
        return int.replace(/^0+(?=\d)/, '').length <= intDigits && frac.length <= fracDigits
      },
      { message: range },
    )
}
export const zGenOptionalDecimal = (precision?: number, scale?: number) =>
  z.preprocess(blankToUndefined, zGenDecimal('请输入数值', precision, scale).optional())

/** A `real` / `double precision` value: a finite number (numeric strings as forms send them). */
export const zGenNumber = (message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z.number({ error: message }),
  )
export const zGenOptionalNumber = () => z.preprocess(blankToUndefined, zGenNumber('请输入数值').optional())

const INT4 = { min: -2_147_483_648, max: 2_147_483_647 }
const SMALLINT = { min: -32_768, max: 32_767 }

/**
 * An array column (`text[]`, `integer[]`, `bigint[]`): a list, or the text of a form's box with one
 * value a line (numbers may also be comma-separated). Blank lines are dropped; required means at least
 * one value. Integers answer numbers, 64-bit integers strings of digits (as single values do).
 */
export const zGenList = (
  element: 'string' | 'int' | 'smallint' | 'bigint',
  opts: { message?: string; maxLength?: number; maxItems?: number } = {},
) => {
  const split = element === 'string' ? /\r?\n/ : /[\r\n,，]+/
  const item =
    element === 'string'
      ? z
          .string({ error: '请输入文本' })
          .max(opts.maxLength ?? 2000, `每项长度不能超过${opts.maxLength ?? 2000}个字符`)
      : element === 'bigint'
        ? zGenBigint('请输入整数')
        : z.coerce
            .number({ error: '请输入整数' })
            .int('请输入整数')
            .min((element === 'smallint' ? SMALLINT : INT4).min, '整数超出范围')
            .max((element === 'smallint' ? SMALLINT : INT4).max, '整数超出范围')
  const list = z.array(item as z.ZodType<string | number>, { error: '请输入列表' }).max(opts.maxItems ?? 1000)
  return z.preprocess(
    (v) => {
      if (v === null || v === undefined) {
        return []
      }
      const items = typeof v === 'string' ? v.split(split) : v
      return Array.isArray(items)
        ? items.map((x) => (typeof x === 'string' ? x.trim() : x)).filter((x) => x !== '' && x !== null)
        : items
    },
    opts.message ? list.min(1, opts.message) : list,
  )
}

const BAD_JSON = Symbol('bad-json')
/**
 * A `json` / `jsonb` column: any JSON value, or its text as a form's box sends it (parsed here, so a
 * typo is refused with a message, not stored as a string).
 */
export const zGenJson = (message: string, required: boolean) =>
  z.preprocess(
    (v) => {
      if (typeof v !== 'string') {
        return v === null ? undefined : v
      }
      if (v.trim() === '') {
        return undefined
      }
      try {
        return JSON.parse(v) as unknown
      } catch {
        return BAD_JSON
      }
    },
    z
      .unknown()
      .refine((v) => v !== BAD_JSON, { message: 'JSON 格式不正确' })
      .refine((v) => !required || v !== undefined, { message }),
  )

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/
/** A `bytea` column: its bytes as base64 text (JSON has no bytes), at most 10 MB. */
export const zGenBytes = (message: string) =>
  z
    .string({ error: message })
    .transform((v) => v.replace(/\s+/g, ''))
    .refine((v) => v !== '', { message })
    .refine((v) => BASE64.test(v), { message: '请输入 Base64 编码的内容' })
    .refine((v) => v.length <= 14_000_000, { message: '内容不能超过10MB' })
export const zGenOptionalBytes = () => z.preprocess(blankToUndefined, zGenBytes('请输入内容').optional())

/** A PostgreSQL enum column: one of its labels. */
export const zGenEnum = (labels: readonly [string, ...string[]], message: string) =>
  z.enum(labels, { error: message })
export const zGenOptionalEnum = (labels: readonly [string, ...string[]], message: string) =>
  z.preprocess(blankToUndefined, zGenEnum(labels, message).optional())

import { z } from 'zod'
import { DATE_PATTERN, DATE_TIME_PATTERN, parseDateTime } from '../common/dates.ts'
import { isId } from '../common/ids.ts'

// Field rules of the modules the code generator writes: one definition each, so generated schemas stay
// short and every generated module rejects the same input with the same message.

const blankToUndefined = (v: unknown) => (v === null || v === '' ? undefined : v)

/** A `yyyy-MM-dd` date that is on the calendar (2026-02-30 is refused, not stored as March). */
export const zGenDate = (message: string) =>
  z.string({ error: message }).refine((v) => DATE_PATTERN.test(v) && parseDateTime(v) !== null, { message })
export const zGenOptionalDate = () => z.preprocess(blankToUndefined, zGenDate('日期格式不正确').optional())

/** A `yyyy-MM-dd HH:mm:ss` date-time (a bare date is midnight) that exists on the calendar. */
export const zGenDateTime = (message: string) =>
  z
    .string({ error: message })
    .refine((v) => (DATE_TIME_PATTERN.test(v) || DATE_PATTERN.test(v)) && parseDateTime(v) !== null, {
      message,
    })
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

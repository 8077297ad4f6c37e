import { z } from 'zod'
import { DATE_PATTERN, DATE_TIME_PATTERN } from '../common/dates.ts'
import { isId } from '../common/ids.ts'

// Field rules of the modules the code generator writes: one definition each, so generated schemas stay
// short and every generated module rejects the same input with the same message.

const blankToUndefined = (v: unknown) => (v === null || v === '' ? undefined : v)

/** A `yyyy-MM-dd` date. */
export const zGenDate = (message: string) => z.string({ error: message }).regex(DATE_PATTERN, message)
export const zGenOptionalDate = () => z.preprocess(blankToUndefined, zGenDate('日期格式不正确').optional())

/** A `yyyy-MM-dd HH:mm:ss` date-time (a bare date is midnight). */
export const zGenDateTime = (message: string) =>
  z.string({ error: message }).refine((v) => DATE_TIME_PATTERN.test(v) || DATE_PATTERN.test(v), { message })
export const zGenOptionalDateTime = () =>
  z.preprocess(blankToUndefined, zGenDateTime('日期时间格式不正确').optional())

/** A 64-bit integer as a string of digits. */
export const zGenBigint = (message: string) =>
  z
    .union([z.string().trim(), z.number().int()])
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

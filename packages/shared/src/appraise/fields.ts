import { z } from 'zod'
import { DATE_PATTERN, isDateOrDateTime, MONTH_PATTERN, parseDateTime } from '../common/dates.ts'
import { ZIdSchema } from '../common/ids.ts'
import { hasNul, ILLEGAL_CHAR_MSG } from '../common/validators.ts'

/**
 * The field rules of the appraisal forms (spec section 5): a draft (暂存) checks what is filled, a
 * submit everything, each field with its own message.
 */
/** Draft saves check only what is filled; a submit checks everything (spec section 5). */
export type TCheckMode = 'draft' | 'submit'

export const blank = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '')

export const textRule = (empty: string, max: number, bad?: { test: (v: string) => boolean; msg: string }) => {
  const s = z
    .string({ error: empty })
    .trim()
    .min(1, empty)
    .max(max, `长度不能超过${max}个字符`)
    .refine((v) => !hasNul(v), { message: ILLEGAL_CHAR_MSG })
  return bad ? s.refine(bad.test, { message: bad.msg }) : s
}
export const undefIfBlank = (v: unknown) => (blank(v) ? undefined : v)

/** Editor HTML with no text and no image (`<p></p>`, `<p><br></p>`) is empty. */
export const isBlankRichText = (v: string): boolean =>
  !/<img\b/i.test(v) &&
  v
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;/g, ' ')
    .trim() === ''
/** A rich-text field: like `text`, with markup that shows nothing counted as empty. */
export const rich = <M extends TCheckMode>(mode: M, empty: string, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && isBlankRichText(v) ? undefined : v),
    text(mode, empty, max),
  ) as unknown as z.ZodType<M extends 'submit' ? string : string | undefined, unknown>

/** A required text field with its "please enter" message. */
export const reqText = (empty: string, max: number, bad?: { test: (v: string) => boolean; msg: string }) =>
  z.preprocess(undefIfBlank, textRule(empty, max, bad))
/** A text field: required (with its message) on submit, optional but checked when filled on draft. */
export const text = (
  mode: TCheckMode,
  empty: string,
  max: number,
  bad?: { test: (v: string) => boolean; msg: string },
) =>
  mode === 'submit'
    ? reqText(empty, max, bad)
    : z.preprocess(undefIfBlank, textRule(empty, max, bad).optional())

export const intRule = (msg: string, min: number, max: number) =>
  z.coerce.number({ error: msg }).int(msg).min(min, msg).max(max, msg)
export const reqInt = (msg: string, min: number, max: number) =>
  z.preprocess(undefIfBlank, intRule(msg, min, max))
export const int = (mode: TCheckMode, msg: string, min: number, max: number) =>
  mode === 'submit' ? reqInt(msg, min, max) : z.preprocess(undefIfBlank, intRule(msg, min, max).optional())

/** `yyyy-MM-dd` naming a day that exists (2026-02-30 and 2026-13-01 do not). */
export const isRealDate = (v: string): boolean => DATE_PATTERN.test(v) && parseDateTime(v) !== null
/** `yyyy-MM-dd` or `yyyy-MM-dd HH:mm[:ss]`, a real day and time. */
export const isRealDateOrTime = (v: string): boolean => isDateOrDateTime(v)
/** `yyyy-MM` with a month from 01 to 12. */
export const isRealMonth = (v: string): boolean => MONTH_PATTERN.test(v) && parseDateTime(`${v}-01`) !== null

export const checked = (mode: TCheckMode, msg: string, test: (v: string) => boolean, max: number) =>
  text(mode, msg, max, { test, msg })

export const isCompanyName = (v: string) => [...v].length >= 2 && [...v].length <= 100
export const isAddress = (v: string) => [...v].length >= 2 && [...v].length <= 255
export const isMail = (v: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v)
export const optionalId = z.preprocess((v) => (blank(v) ? undefined : v), ZIdSchema.optional())

export const list = <T extends z.ZodType>(mode: TCheckMode, row: T, empty: string) =>
  mode === 'submit'
    ? z.array(row, { error: empty }).min(1, empty).max(200)
    : z.preprocess((v) => (v === null || v === undefined ? [] : v), z.array(row).max(200))
/** A text column as answered: the stored string or null. */
export const nullableText = z.string().nullable()

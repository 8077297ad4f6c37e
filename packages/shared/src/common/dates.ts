import { z } from 'zod'

/** Date formats of the spec (section 9) and the contract (decision 4), in Asia/Shanghai. */
export const DATE_FORMAT = 'YYYY-MM-DD'
export const MONTH_FORMAT = 'YYYY-MM'
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss'
export const TIME_ZONE = 'Asia/Shanghai'
/** Year shown first in the birth-month picker. */
export const BIRTH_MONTH_DEFAULT_YEAR = 1988

export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/
export const MONTH_PATTERN = /^\d{4}-\d{2}$/
/** The wire format of a moment (what the API answers). */
export const DATE_TIME_PATTERN = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/
/** A moment as an input may give it: seconds are optional (`2026-12-15 15:30` is 15:30:00). */
export const DATE_TIME_INPUT_PATTERN = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/
/** Inputs that take a day or a moment (`parseDateTime`). */
export const DATE_OR_DATE_TIME_PATTERN = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/

/** OpenAPI metadata of such an input: documents the format, the schema's own checks stay as they are. */
export const DATE_OR_DATE_TIME_META = { pattern: DATE_OR_DATE_TIME_PATTERN.source, example: '2024-05-01' }

/** A date-time as the API answers it (wire format: `yyyy-MM-dd HH:mm:ss`, Asia/Shanghai). */
export const ZWireDateTimeSchema = z
  .string()
  .meta({ pattern: DATE_TIME_PATTERN.source, example: '2024-05-01 08:30:00' })
/** A date as the API answers it (wire format: `yyyy-MM-dd`). */
export const ZWireDateSchema = z.string().meta({ pattern: DATE_PATTERN.source, example: '2024-05-01' })

const pad = (n: number) => String(n).padStart(2, '0')
const SHANGHAI_OFFSET_MS = 8 * 3600 * 1000

/** `yyyy-MM-dd HH:mm:ss` in Asia/Shanghai (no DST there, so a fixed offset is exact). */
export const formatDateTime = (d: Date): string => {
  const t = new Date(d.getTime() + SHANGHAI_OFFSET_MS)
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())} ${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}:${pad(t.getUTCSeconds())}`
}
export const formatDate = (d: Date): string => formatDateTime(d).slice(0, 10)

/**
 * The one parse of dates typed or sent: `yyyy-MM-dd[ HH:mm[:ss]]` as Asia/Shanghai wall time (a moment
 * without seconds is at :00); returns null when malformed or not a real day/time.
 */
export const parseDateTime = (s: string): Date | null => {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(s.trim())
  if (!m) {
    return null
  }
  const [y, mo, d, h = 0, mi = 0, se = 0] = m.slice(1).map((x) => (x === undefined ? 0 : Number(x)))
  const utc = Date.UTC(y!, mo! - 1, d!, h, mi, se)
  const back = new Date(utc)
  if (back.getUTCMonth() !== mo! - 1 || back.getUTCDate() !== d! || h > 23 || mi > 59 || se > 59) {
    return null
  }
  return new Date(utc - SHANGHAI_OFFSET_MS)
}

/** A typed moment (`yyyy-MM-dd HH:mm[:ss]`) in the wire format, or null when it is not one. */
export const normalizeDateTime = (s: string): string | null =>
  DATE_TIME_INPUT_PATTERN.test(s.trim()) && parseDateTime(s) ? formatDateTime(parseDateTime(s) as Date) : null

/** A day or a typed moment that `parseDateTime` takes. */
export const isDateOrDateTime = (s: string): boolean =>
  DATE_OR_DATE_TIME_PATTERN.test(s.trim()) && parseDateTime(s) !== null

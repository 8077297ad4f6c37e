import { z } from 'zod'
import { DATE_PATTERN, formatDate, ZWireDateSchema, ZWireDateTimeSchema } from '../common/dates.ts'

/**
 * China working-day calendar (decision 012): a year's statutory holidays (放假) and adjusted working
 * weekend days (调休上班) as the State Council publishes them each November; every day the calendar
 * does not name follows Monday–Friday. Pure: the API and the worker load the days from PostgreSQL
 * (`blade_work_calendar`) and ask these functions. Dates are calendar days `yyyy-MM-dd` in China.
 */
export const WorkCalendarKind = { HOLIDAY: 1, WORKDAY: 2 } as const
export const WORK_CALENDAR_KIND_LABELS: Record<number, string> = { 1: '放假', 2: '调休上班' }
export const WORK_CALENDAR_YEAR_MIN = 2000
export const WORK_CALENDAR_YEAR_MAX = 2100

export const WorkCalendarMsg = {
  YEAR: '请输入年份',
  DATE: '日期格式应为 yyyy-MM-dd',
  NAME: '请输入节日名称',
  KIND: '请选择类型',
  OUTSIDE_YEAR: '日期不在该年份内',
  DUPLICATE: '同一天只能出现一次',
  RANGE_ORDER: '放假结束日期不能早于开始日期',
  WORKDAY_WEEKEND: '调休上班日应为周六或周日',
  FILE: '日历文件格式不正确',
  YEAR_MISSING: '该年份没有日历数据',
} as const

const DAY_MS = 86_400_000

/** A real calendar date `yyyy-MM-dd` (2026-02-30 is refused). */
export const isCalendarDate = (s: string): boolean => {
  if (!DATE_PATTERN.test(s)) {
    return false
  }
  const d = new Date(`${s}T00:00:00Z`)
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s
}
const zDate = z.string().refine(isCalendarDate, WorkCalendarMsg.DATE)

/** Day of the week of a date, 0 Sunday … 6 Saturday. */
export const weekdayOf = (date: string): number => new Date(`${date}T00:00:00Z`).getUTCDay()
/** The date `n` calendar days after `date` (before when negative). */
export const shiftDate = (date: string, n: number): string =>
  new Date(new Date(`${date}T00:00:00Z`).getTime() + n * DAY_MS).toISOString().slice(0, 10)
/** The calendar day (in China) of an instant. */
export const chinaDateOf = (instant: Date): string => formatDate(instant)

/** One named day of a year. */
export const ZWorkCalendarDaySchema = z.object({
  date: zDate,
  kind: z.union([z.literal(WorkCalendarKind.HOLIDAY), z.literal(WorkCalendarKind.WORKDAY)], {
    message: WorkCalendarMsg.KIND,
  }),
  name: z.string().trim().min(1, WorkCalendarMsg.NAME).max(50),
})
export type TWorkCalendarDay = z.infer<typeof ZWorkCalendarDaySchema>

const zYear = z.coerce
  .number({ message: WorkCalendarMsg.YEAR })
  .int(WorkCalendarMsg.YEAR)
  .min(WORK_CALENDAR_YEAR_MIN, WorkCalendarMsg.YEAR)
  .max(WORK_CALENDAR_YEAR_MAX, WorkCalendarMsg.YEAR)

/** Checks a year's days: inside the year, each day once, adjusted working days on a weekend. */
const checkYearDays = (
  v: { year: number; days: TWorkCalendarDay[] },
  ctx: z.RefinementCtx,
  path: (i: number) => (string | number)[],
) => {
  const seen = new Set<string>()
  v.days.forEach((d, i) => {
    if (!d.date.startsWith(`${v.year}-`)) {
      ctx.addIssue({ code: 'custom', path: path(i), message: WorkCalendarMsg.OUTSIDE_YEAR })
    }
    if (seen.has(d.date)) {
      ctx.addIssue({ code: 'custom', path: path(i), message: WorkCalendarMsg.DUPLICATE })
    }
    seen.add(d.date)
    const wd = weekdayOf(d.date)
    if (d.kind === WorkCalendarKind.WORKDAY && wd !== 0 && wd !== 6) {
      ctx.addIssue({ code: 'custom', path: path(i), message: WorkCalendarMsg.WORKDAY_WEEKEND })
    }
  })
}

/** `POST work-calendar/submit`: a year's days, replacing what the year had. */
export const ZWorkCalendarSubmitSchema = z
  .object({ year: zYear, days: z.array(ZWorkCalendarDaySchema).max(366) })
  .superRefine((v, ctx) => checkYearDays(v, ctx, (i) => ['days', i, 'date']))
export type TWorkCalendarSubmit = z.infer<typeof ZWorkCalendarSubmitSchema>

/**
 * The yearly data file (`prisma/seed/data/work-calendar/<year>.json`, and what the admin screen
 * uploads): the notice's holiday ranges and adjusted working days, as the notice words them.
 */
export const ZWorkCalendarFileSchema = z.object({
  year: zYear,
  source: z.string().max(300).optional(),
  holidays: z.array(z.object({ name: z.string().trim().min(1).max(50), from: zDate, to: zDate })).max(60),
  workdays: z.array(z.object({ name: z.string().trim().min(1).max(50), date: zDate })).max(60),
})
export type TWorkCalendarFile = z.infer<typeof ZWorkCalendarFileSchema>

/** A data file expanded into its days (holiday ranges day by day), checked like a submit. */
export const expandWorkCalendarFile = (
  input: unknown,
): { ok: true; value: TWorkCalendarSubmit } | { ok: false; message: string } => {
  const file = ZWorkCalendarFileSchema.safeParse(input)
  if (!file.success) {
    return { ok: false, message: `${WorkCalendarMsg.FILE}: ${file.error.issues[0]?.message ?? ''}` }
  }
  const days: TWorkCalendarDay[] = []
  for (const h of file.data.holidays) {
    if (h.to < h.from) {
      return { ok: false, message: `${WorkCalendarMsg.RANGE_ORDER}: ${h.name}` }
    }
    for (let d = h.from; d <= h.to; d = shiftDate(d, 1)) {
      days.push({ date: d, kind: WorkCalendarKind.HOLIDAY, name: h.name })
    }
  }
  for (const w of file.data.workdays) {
    days.push({ date: w.date, kind: WorkCalendarKind.WORKDAY, name: w.name })
  }
  days.sort((a, b) => a.date.localeCompare(b.date))
  const checked = ZWorkCalendarSubmitSchema.safeParse({ year: file.data.year, days })
  if (!checked.success) {
    const issue = checked.error.issues[0]
    const at = issue && typeof issue.path[1] === 'number' ? ` (${days[issue.path[1]]?.date})` : ''
    return { ok: false, message: `${issue?.message ?? WorkCalendarMsg.FILE}${at}` }
  }
  return { ok: true, value: checked.data }
}

/** `GET work-calendar/detail?year=`. */
export const ZWorkCalendarYearQuerySchema = z.object({ year: zYear })
/** `GET work-calendar/check`: is a day a working day, the next one, and `n` working days later. */
export const ZWorkCalendarCheckQuerySchema = z.object({
  date: zDate,
  n: z.coerce.number().int().min(-366).max(366).default(1),
})
export const ZWorkCalendarYearRecordSchema = z.object({
  year: z.number(),
  holidays: z.number(),
  workdays: z.number(),
  updateTime: ZWireDateTimeSchema.nullable(),
})
export const ZWorkCalendarDetailSchema = z.object({
  year: z.number(),
  days: z.array(
    z.object({ date: ZWireDateSchema, kind: z.number(), kindName: z.string(), name: z.string() }),
  ),
})
export const ZWorkCalendarCheckSchema = z.object({
  date: ZWireDateSchema,
  workingDay: z.boolean(),
  /** The named day (holiday or adjusted working day), if any. */
  name: z.string().nullable(),
  /** Whether the year of `date` has calendar data (else Monday–Friday is assumed). */
  covered: z.boolean(),
  nextWorkingDay: ZWireDateSchema,
  /** `n` working days after `date` (before when negative). */
  addWorkingDays: ZWireDateSchema,
})

/** A loaded calendar: the named days of the years it covers. */
export type TWorkCalendar = {
  days: ReadonlyMap<string, { kind: number; name: string }>
  years: ReadonlySet<number>
}
export const buildWorkCalendar = (
  days: readonly { date: string; kind: number; name: string }[],
  years?: Iterable<number>,
): TWorkCalendar => ({
  days: new Map(days.map((d) => [d.date, { kind: d.kind, name: d.name }])),
  years: new Set(years ?? days.map((d) => Number(d.date.slice(0, 4)))),
})

/** Whether the calendar has data for the year of this date (else Monday–Friday is assumed). */
export const isCovered = (cal: TWorkCalendar, date: string): boolean =>
  cal.years.has(Number(date.slice(0, 4)))

/** A working day: an adjusted working day, or Monday–Friday that is not a holiday. */
export const isWorkingDay = (cal: TWorkCalendar, date: string): boolean => {
  const named = cal.days.get(date)
  if (named) {
    return named.kind === WorkCalendarKind.WORKDAY
  }
  const wd = weekdayOf(date)
  return wd !== 0 && wd !== 6
}

/** Longest run of non-working days tolerated while searching (a year of holidays is a data error). */
const SEARCH_MAX_DAYS = 366

/** The first working day after `date` (`date` itself when it is one and `inclusive`). */
export const nextWorkingDay = (cal: TWorkCalendar, date: string, inclusive = false): string => {
  let d = inclusive ? date : shiftDate(date, 1)
  for (let i = 0; i < SEARCH_MAX_DAYS && !isWorkingDay(cal, d); i++) {
    d = shiftDate(d, 1)
  }
  return d
}

/**
 * The date `n` working days after `date` (before it when `n` < 0): a deadline of "3 working days"
 * from a Friday before a holiday lands after the holiday. `n` = 0 gives `date` when it is a working
 * day, else the next one.
 */
export const addWorkingDays = (cal: TWorkCalendar, date: string, n: number): string => {
  if (n === 0) {
    return nextWorkingDay(cal, date, true)
  }
  const step = n > 0 ? 1 : -1
  let d = date
  for (let left = Math.abs(n); left > 0; ) {
    d = shiftDate(d, step)
    if (isWorkingDay(cal, d)) {
      left--
    }
  }
  return d
}

/** What a CRON job may ask of the calendar in `extra` (decision 012). */
export const WorkingDayPolicy = { ONLY: 'only', SHIFT: 'shift' } as const
export const ZJobExtraSchema = z
  .object({ workingDay: z.enum([WorkingDayPolicy.ONLY, WorkingDayPolicy.SHIFT]).optional() })
  .passthrough()
/** The working-day policy in a job's `extra` (JSON), or null (none, or `extra` is not that JSON). */
export const workingDayPolicyOf = (extra: string | null | undefined): 'only' | 'shift' | null => {
  if (!extra) {
    return null
  }
  try {
    const parsed = ZJobExtraSchema.safeParse(JSON.parse(extra))
    return parsed.success ? (parsed.data.workingDay ?? null) : null
  } catch {
    return null
  }
}

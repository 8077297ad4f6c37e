import { CronExpressionParser } from 'cron-parser'
import { TimeExpressionType } from '../common/constants.ts'
import { TIME_ZONE } from '../common/dates.ts'

/** Fixed rate and fixed delay are whole milliseconds in this range (one second to thirty days). */
export const FIXED_MS_MIN = 1_000
export const FIXED_MS_MAX = 30 * 86_400_000
/** `GET next-fire-times` answers at most this many. */
export const NEXT_FIRE_TIMES_MAX = 20

export const ScheduleMsg = {
  CRON_FIELDS: 'CRON 表达式应为 5 段(分 时 日 月 周)、6 段(秒 分 时 日 月 周)或 7 段(含年)',
  CRON_YEAR: 'CRON 表达式的年份段只支持 * 或 ?',
  CRON_DAYS: 'CRON 表达式的日和周不能同时指定,请将其中一段设为 ?',
  CRON_BAD: 'CRON 表达式格式不正确',
  CRON_NEVER: 'CRON 表达式格式不正确: 所指定的日期不存在(如 2 月 30 日), 永远不会触发',
  FIXED_MS: `固定频率/延迟应为 ${FIXED_MS_MIN} 到 ${FIXED_MS_MAX} 之间的毫秒数`,
  TIME_ZONE: '时区不正确',
} as const

/** A schedule in the form the scheduler (BullMQ / cron-parser) takes it. */
export type TSchedule =
  | { kind: 'none' }
  | { kind: 'cron'; pattern: string; tz: string }
  | { kind: 'rate'; everyMs: number }
  | { kind: 'delay'; delayMs: number }

export type TScheduleResult = { ok: true; schedule: TSchedule } | { ok: false; message: string }

/**
 * Quartz numbers days of the week 1 (Sunday) to 7 (Saturday); cron-parser 0 (Sunday) to 6. Turns a
 * Quartz day-of-week field into cron-parser's: every day number (alone, in ranges and lists, before
 * `L` or `#`, the start of a step) goes down by one; the step itself and names (SUN-SAT, the same in
 * both) are left as they are.
 */
export const quartzDayOfWeek = (field: string): string =>
  field
    .split(',')
    .map((part) => {
      const [range = '', step] = part.split('/')
      const shifted = range.replace(/(^|-)([1-7])(?=$|-|L|#)/g, (_m, lead: string, d: string) => {
        return `${lead}${Number(d) - 1}`
      })
      return step === undefined ? shifted : `${shifted}/${step}`
    })
    .join(',')

const isOpen = (f: string) => f === '?' || f === '*'

/** The fields of a CRON expression as the form names them, with the values each takes (Quartz). */
const CRON_FIELDS = [
  { name: '秒', values: '0-59' },
  { name: '分', values: '0-59' },
  { name: '时', values: '0-23' },
  { name: '日', values: '1-31、L、W 或 ?' },
  { name: '月', values: '1-12 或 JAN-DEC' },
  { name: '周', values: '1-7(周日为 1)、SUN-SAT、L、# 或 ?' },
] as const
const CRONTAB_DAY_OF_WEEK = '0-7(周日为 0 或 7) 或 SUN-SAT'

const fires = (pattern: string): boolean => {
  try {
    CronExpressionParser.parse(pattern, { tz: 'UTC', currentDate: new Date() }).next()
    return true
  } catch {
    return false
  }
}

/**
 * Why cron-parser refused `pattern` (its own messages are English): the first field that is wrong on
 * its own, named as the form names it, with the expression's own text and the values it may take; a
 * pattern whose every field is right on its own names a day that never comes.
 */
const explainCron = (pattern: string[], userFields: string[]): string => {
  const offset = pattern.length - userFields.length
  for (let i = 0; i < pattern.length; i++) {
    const alone = ['0', '0', '0', '*', '*', '*']
    alone[i] = pattern[i] ?? '*'
    if (!fires(alone.join(' '))) {
      const field = CRON_FIELDS[i]!
      const values = i === 5 && offset > 0 ? CRONTAB_DAY_OF_WEEK : field.values
      return `${ScheduleMsg.CRON_BAD}: 「${field.name}」段 ${userFields[i - offset] ?? ''} 不正确, 应为 ${values}`
    }
  }
  return ScheduleMsg.CRON_NEVER
}

/**
 * Parses a CRON expression: Quartz style with seconds (6 fields, or 7 with a year of `*`/`?`) where
 * `?` stands for "no value" in day of month or day of week, and days of week are 1 (SUN) to 7 (SAT);
 * or plain crontab (5 fields, days of week 0/7 = Sunday). Answers the cron-parser pattern (always 6
 * fields, seconds first) or the reason it is refused.
 */
export const parseCron = (expression: string, tz: string = TIME_ZONE): TScheduleResult => {
  const fields = expression.trim().split(/\s+/)
  let pattern: string[]
  if (fields.length === 5) {
    pattern = ['0', ...fields.map((f) => (f === '?' ? '*' : f))]
  } else if (fields.length === 6 || fields.length === 7) {
    if (fields.length === 7 && !isOpen(fields[6]!)) {
      return { ok: false, message: ScheduleMsg.CRON_YEAR }
    }
    const [sec, min, hour, dom, mon, dow] = fields as [string, string, string, string, string, string]
    // Quartz refuses a day of month and a day of week both given; crontab would OR them.
    if (!isOpen(dom) && !isOpen(dow)) {
      return { ok: false, message: ScheduleMsg.CRON_DAYS }
    }
    pattern = [sec, min, hour, dom === '?' ? '*' : dom, mon, dow === '?' ? '*' : quartzDayOfWeek(dow)]
  } else {
    return { ok: false, message: ScheduleMsg.CRON_FIELDS }
  }
  const joined = pattern.join(' ')
  try {
    // Parsing validates every field; taking one date catches expressions that never fire (e.g. 30 Feb).
    CronExpressionParser.parse(joined, { tz, currentDate: new Date() }).next()
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err)
    if (/time ?zone|zone/i.test(reason)) {
      return { ok: false, message: ScheduleMsg.TIME_ZONE }
    }
    return { ok: false, message: explainCron(pattern, fields.length === 5 ? fields : fields.slice(0, 6)) }
  }
  return { ok: true, schedule: { kind: 'cron', pattern: joined, tz } }
}

const parseMs = (expression: string): number | null => {
  const t = expression.trim()
  if (!/^\d{1,10}$/.test(t)) {
    return null
  }
  const n = Number(t)
  return n >= FIXED_MS_MIN && n <= FIXED_MS_MAX ? n : null
}

/** Parses a job's time expression by its type; API and workflow jobs have no schedule. */
export const parseTimeExpression = (
  type: number,
  expression: string | null | undefined,
  tz: string = TIME_ZONE,
): TScheduleResult => {
  const text = expression ?? ''
  switch (type) {
    case TimeExpressionType.CRON:
      return parseCron(text, tz)
    case TimeExpressionType.FIXED_RATE:
    case TimeExpressionType.FIXED_DELAY: {
      const ms = parseMs(text)
      if (ms === null) {
        return { ok: false, message: ScheduleMsg.FIXED_MS }
      }
      return {
        ok: true,
        schedule:
          type === TimeExpressionType.FIXED_RATE
            ? { kind: 'rate', everyMs: ms }
            : { kind: 'delay', delayMs: ms },
      }
    }
    default:
      return { ok: true, schedule: { kind: 'none' } }
  }
}

export type TFireWindow = { from: Date; start?: Date | null; end?: Date | null }

/**
 * The next `count` fire times strictly after `from`, within the lifecycle range [start, end].
 * Fixed rate: aligned on multiples of the period counted from the epoch, as BullMQ's `every` fires.
 * Fixed delay: the delay counts from the end of the previous run, so only the first run is known.
 */
export const nextFireTimes = (schedule: TSchedule, count: number, window: TFireWindow): Date[] => {
  const n = Math.max(0, Math.min(count, NEXT_FIRE_TIMES_MAX))
  const start = window.start && window.start > window.from ? window.start : window.from
  const end = window.end ?? null
  const out: Date[] = []
  const keep = (d: Date) => end === null || d.getTime() <= end.getTime()
  switch (schedule.kind) {
    case 'cron': {
      const it = CronExpressionParser.parse(schedule.pattern, { tz: schedule.tz, currentDate: start })
      while (out.length < n && it.hasNext()) {
        const d = it.next().toDate()
        if (!keep(d)) {
          break
        }
        out.push(d)
      }
      return out
    }
    case 'rate': {
      let t = Math.floor(start.getTime() / schedule.everyMs) * schedule.everyMs + schedule.everyMs
      while (out.length < n && keep(new Date(t))) {
        out.push(new Date(t))
        t += schedule.everyMs
      }
      return out
    }
    case 'delay': {
      const first = new Date(start.getTime() + schedule.delayMs)
      return n > 0 && keep(first) ? [first] : []
    }
    default:
      return out
  }
}

/**
 * Fire times in (after, until], at most `limit`: the runs a schedule should have made while no worker
 * was up. Fixed delay has none (it counts from the previous run's end).
 */
export const fireTimesBetween = (schedule: TSchedule, after: Date, until: Date, limit: number): Date[] => {
  const out: Date[] = []
  if (schedule.kind === 'cron') {
    const it = CronExpressionParser.parse(schedule.pattern, {
      tz: schedule.tz,
      currentDate: after,
      endDate: until,
    })
    while (out.length < limit && it.hasNext()) {
      out.push(it.next().toDate())
    }
  } else if (schedule.kind === 'rate') {
    for (
      let t = Math.floor(after.getTime() / schedule.everyMs) * schedule.everyMs + schedule.everyMs;
      t <= until.getTime() && out.length < limit;
      t += schedule.everyMs
    ) {
      out.push(new Date(t))
    }
  }
  return out
}

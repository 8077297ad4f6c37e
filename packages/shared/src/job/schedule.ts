import { TimeExpressionType } from '../common/constants.ts'
import { TIME_ZONE } from '../common/dates.ts'
import { CronFieldError, CronMsg, compileCron } from './cron-expression.ts'
import { compileCronCached, cronNextAfter, isTimeZone } from './cron-next.ts'

/** Fixed rate and fixed delay are whole milliseconds in this range (one second to thirty days). */
export const FIXED_MS_MIN = 1_000
export const FIXED_MS_MAX = 30 * 86_400_000
/** `GET next-fire-times` answers at most this many. */
export const NEXT_FIRE_TIMES_MAX = 20

export const ScheduleMsg = {
  CRON_FIELDS: CronMsg.FIELDS,
  CRON_DAYS: CronMsg.DAYS,
  CRON_DAYS_NONE: CronMsg.DAYS_NONE,
  CRON_BAD: 'CRON 表达式格式不正确',
  CRON_NEVER: 'CRON 表达式格式不正确: 所指定的日期不存在(如 2 月 30 日), 永远不会触发',
  CRON_PAST: 'CRON 表达式的触发时间都已过去, 不会再触发',
  FIXED_MS: `固定频率/延迟应为 ${FIXED_MS_MIN} 到 ${FIXED_MS_MAX} 之间的毫秒数`,
  TIME_ZONE: '时区不正确',
} as const

/**
 * A schedule in the form the scheduler takes it. `pattern` is the CRON expression itself (fields
 * separated by one space, upper case): the worker's BullMQ repeat strategy reads it with
 * `cronNextAfter`, as the preview does.
 */
export type TSchedule =
  | { kind: 'none' }
  | { kind: 'cron'; pattern: string; tz: string }
  | { kind: 'rate'; everyMs: number }
  | { kind: 'delay'; delayMs: number }

export type TScheduleResult = { ok: true; schedule: TSchedule } | { ok: false; message: string }

/**
 * Parses a CRON expression as Quartz reads it (6 fields with seconds first, or 7 with a year; `?` in
 * exactly one day field; see `cron-expression.ts`), or as plain crontab (5 fields). Refuses, in
 * Chinese and naming the field at fault, what Quartz refuses, a day that never comes (30 Feb) and an
 * expression whose every fire time is before `now`.
 */
export const parseCron = (
  expression: string,
  tz: string = TIME_ZONE,
  now: Date = new Date(),
): TScheduleResult => {
  const pattern = expression.trim().toUpperCase().split(/\s+/).join(' ')
  let compiled: ReturnType<typeof compileCron>
  try {
    compiled = compileCron(pattern)
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err)
    return {
      ok: false,
      message: err instanceof CronFieldError ? `${ScheduleMsg.CRON_BAD}: ${reason}` : reason,
    }
  }
  if (!isTimeZone(tz)) {
    return { ok: false, message: ScheduleMsg.TIME_ZONE }
  }
  if (cronNextAfter(compiled, tz, now.getTime()) === null) {
    const ever = cronNextAfter(compiled, tz, Date.UTC(1970, 0, 1) - 86_400_000)
    return { ok: false, message: ever === null ? ScheduleMsg.CRON_NEVER : ScheduleMsg.CRON_PAST }
  }
  return { ok: true, schedule: { kind: 'cron', pattern, tz } }
}

/** The first fire of a CRON pattern (as `parseCron` answers it) strictly after `afterMs`, or null. */
export const nextCronFire = (pattern: string, tz: string, afterMs: number): number | null =>
  cronNextAfter(compileCronCached(pattern), tz, afterMs)

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
  now: Date = new Date(),
): TScheduleResult => {
  const text = expression ?? ''
  switch (type) {
    case TimeExpressionType.CRON:
      return parseCron(text, tz, now)
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
      for (
        let t = nextCronFire(schedule.pattern, schedule.tz, start.getTime());
        out.length < n && t !== null;
      ) {
        if (!keep(new Date(t))) {
          break
        }
        out.push(new Date(t))
        t = nextCronFire(schedule.pattern, schedule.tz, t)
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
    for (
      let t = nextCronFire(schedule.pattern, schedule.tz, after.getTime());
      t !== null && t <= until.getTime() && out.length < limit;
      t = nextCronFire(schedule.pattern, schedule.tz, t)
    ) {
      out.push(new Date(t))
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

import { CRON_YEAR_MAX, CRON_YEAR_MIN, compileCron, type TCronExpression } from './cron-expression.ts'

/**
 * Fire times of a compiled CRON expression in a time zone. The search runs on the zone's wall clock
 * (years, months, the month's matching days, then the first time of day), then turns the wall time
 * into an instant: a wall time a DST change skips does not fire, one it repeats fires once (the first
 * time after `after`). Asia/Shanghai, the zone schedules use, has had no DST since 1991.
 */

const formatters = new Map<string, Intl.DateTimeFormat>()

/** Throws RangeError for a zone the runtime does not know. */
const formatterOf = (tz: string): Intl.DateTimeFormat => {
  let f = formatters.get(tz)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
    formatters.set(tz, f)
  }
  return f
}

export const isTimeZone = (tz: string): boolean => {
  try {
    formatterOf(tz)
    return true
  } catch {
    return false
  }
}

/** The zone's offset at an instant (ms), by formatting it: the slow part, hence the cache below. */
const offsetOf = (ms: number, tz: string): number => {
  const p: Record<string, number> = {}
  for (const part of formatterOf(tz).formatToParts(new Date(ms))) {
    if (part.type !== 'literal') {
      p[part.type] = Number(part.value)
    }
  }
  return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!) - ms
}

/** Offsets by zone and quarter hour: every change of offset since 1970 falls on a quarter hour. */
const QUARTER = 900_000
const offsets = new Map<string, number>()
const offsetAt = (ms: number, tz: string): number => {
  const q = Math.floor(ms / QUARTER) * QUARTER
  const key = `${tz}|${q}`
  let o = offsets.get(key)
  if (o === undefined) {
    o = offsetOf(q, tz)
    if (offsets.size >= 20_000) {
      offsets.clear()
    }
    offsets.set(key, o)
  }
  return o
}

/** The wall clock of instant `ms` (whole seconds) in `tz`, as the UTC timestamp of the same fields. */
const wallOf = (ms: number, tz: string): number => ms + offsetAt(ms, tz)

/** The instants whose wall clock in `tz` is `wall`: none in a DST gap, two in an overlap. */
const instantsOf = (wall: number, tz: string): number[] => {
  const before = wallOf(wall - 86_400_000, tz) - (wall - 86_400_000)
  const after = wallOf(wall + 86_400_000, tz) - (wall + 86_400_000)
  if (before === after) {
    // No change of offset within a day either side (always so in Asia/Shanghai since 1991).
    return [wall - before]
  }
  const offsets = new Set([before, after])
  const out = [...offsets].map((o) => wall - o).filter((t) => wallOf(t, tz) === wall)
  return [...new Set(out)].sort((a, b) => a - b)
}

const daysInMonth = (y: number, mo: number) => new Date(Date.UTC(y, mo, 0)).getUTCDate()
/** Quartz numbering: 1 = SUN … 7 = SAT. */
const weekdayOf = (y: number, mo: number, d: number) => new Date(Date.UTC(y, mo - 1, d)).getUTCDay() + 1

/** The weekday nearest day `d`, never leaving the month (1W on a Saturday is the 3rd). */
const nearestWeekday = (y: number, mo: number, d: number, last: number): number => {
  const w = weekdayOf(y, mo, d)
  if (w === 7) {
    return d === 1 ? 3 : d - 1
  }
  if (w === 1) {
    return d === last ? d - 2 : d + 1
  }
  return d
}

const domDays = (c: TCronExpression, y: number, mo: number, last: number): Set<number> => {
  const out = new Set<number>()
  for (const d of c.dom.days) {
    if (d <= last) {
      out.add(d)
    }
  }
  for (const l of c.dom.last) {
    const d = last - l.offset
    if (d >= 1) {
      out.add(l.weekday ? nearestWeekday(y, mo, d, last) : d)
    }
  }
  for (const d of c.dom.nearest) {
    if (d <= last) {
      out.add(nearestWeekday(y, mo, d, last))
    }
  }
  return out
}

const dowDays = (c: TCronExpression, y: number, mo: number, last: number): Set<number> => {
  const out = new Set<number>()
  const first = weekdayOf(y, mo, 1)
  for (let d = 1; d <= last; d++) {
    const w = ((first - 1 + d - 1) % 7) + 1
    if (
      c.dow.days.has(w) ||
      c.dow.nth.some((n) => n.day === w && Math.ceil(d / 7) === n.nth) ||
      c.dow.last.some((l) => l === w && d + 7 > last)
    ) {
      out.add(d)
    }
  }
  return out
}

/**
 * The days of a month the expression fires on, ascending. Quartz: the day field that is not `?`
 * decides. Crontab (Vixie cron): both fields must match when either starts with `*`, otherwise either.
 */
const daysOfMonth = (c: TCronExpression, y: number, mo: number): number[] => {
  const last = daysInMonth(y, mo)
  let days: Set<number>
  if (!c.crontab) {
    days = c.dom.none ? dowDays(c, y, mo, last) : domDays(c, y, mo, last)
  } else {
    const a = domDays(c, y, mo, last)
    const b = dowDays(c, y, mo, last)
    days = c.dom.star || c.dow.star ? new Set([...a].filter((d) => b.has(d))) : new Set([...a, ...b])
  }
  return [...days].sort((x, z) => x - z)
}

const monthDays = new WeakMap<TCronExpression, Map<number, number[]>>()

/** The days of a month the expression fires on, cached per expression and month. */
export const cronDaysOf = (c: TCronExpression, y: number, mo: number): number[] => {
  let cache = monthDays.get(c)
  if (!cache) {
    cache = new Map()
    monthDays.set(c, cache)
  }
  const key = y * 100 + mo
  let days = cache.get(key)
  if (!days) {
    days = daysOfMonth(c, y, mo)
    if (cache.size >= 2000) {
      cache.clear()
    }
    cache.set(key, days)
  }
  return days
}

/** The first time of day at or after h0:m0:s0 the expression allows. */
const firstTime = (
  c: TCronExpression,
  h0: number,
  m0: number,
  s0: number,
): [number, number, number] | null => {
  for (const h of c.hours) {
    if (h < h0) {
      continue
    }
    for (const m of c.minutes) {
      if (h === h0 && m < m0) {
        continue
      }
      const from = h === h0 && m === m0 ? s0 : 0
      const s = c.seconds.find((x) => x >= from)
      if (s !== undefined) {
        return [h, m, s]
      }
    }
  }
  return null
}

/** The first wall time at or after `wall` (a UTC timestamp of wall-clock fields) that matches. */
const nextWall = (c: TCronExpression, wall: number): number | null => {
  const w = new Date(wall)
  const y0 = w.getUTCFullYear()
  const mo0 = w.getUTCMonth() + 1
  const d0 = w.getUTCDate()
  for (let y = Math.max(y0, CRON_YEAR_MIN); y <= CRON_YEAR_MAX; y++) {
    if (c.years && !c.years.has(y)) {
      continue
    }
    for (let mo = y === y0 ? mo0 : 1; mo <= 12; mo++) {
      if (!c.months[mo]) {
        continue
      }
      const sameMonth = y === y0 && mo === mo0
      for (const d of cronDaysOf(c, y, mo)) {
        if (sameMonth && d < d0) {
          continue
        }
        const sameDay = sameMonth && d === d0
        const t = sameDay
          ? firstTime(c, w.getUTCHours(), w.getUTCMinutes(), w.getUTCSeconds())
          : firstTime(c, 0, 0, 0)
        if (t) {
          return Date.UTC(y, mo - 1, d, t[0], t[1], t[2])
        }
      }
    }
  }
  return null
}

/** The first fire time strictly after `afterMs` (whole seconds), or null when there is none. */
export const cronNextAfter = (c: TCronExpression, tz: string, afterMs: number): number | null => {
  let wall = wallOf(Math.floor(afterMs / 1000) * 1000 + 1000, tz)
  // Each round moves past a wall time that does not exist (DST gap): a handful at most.
  for (let round = 0; round < 100; round++) {
    const next = nextWall(c, wall)
    if (next === null) {
      return null
    }
    const t = instantsOf(next, tz).find((x) => x > afterMs)
    if (t !== undefined) {
      return t
    }
    wall = next + 1000
  }
  return null
}

const compiled = new Map<string, TCronExpression>()

/** Compiles with a small cache (the worker asks for the same patterns at every fire). */
export const compileCronCached = (expression: string): TCronExpression => {
  let c = compiled.get(expression)
  if (!c) {
    c = compileCron(expression)
    if (compiled.size >= 2000) {
      compiled.clear()
    }
    compiled.set(expression, c)
  }
  return c
}

import { describe, expect, it } from 'vitest'
import { compileCron, nextFireTimes, parseCron, type TCronExpression } from '../src/job/index.ts'

/**
 * The fire-time search checked against a slow, separate one: every China day in turn, each day's
 * rule evaluated from its definition (the weekday *closest* to the n-th within the month, the k-th
 * such weekday counted from the 1st, no later such weekday in the month…), every time of the day in
 * order. Hundreds of random expressions built from the special characters, from random moments.
 */
const CHINA_MS = 8 * 3600_000
const DAY_MS = 86_400_000

/** A small seeded generator, so a failure replays. */
const rng = (seed: number) => () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648
  return seed / 2_147_483_648
}

const isWeekday = (w: number) => w >= 2 && w <= 6 // Quartz: 1 = SUN, 7 = SAT
const lastDay = (y: number, mo: number) => new Date(Date.UTC(y, mo, 0)).getUTCDate()
const weekday = (y: number, mo: number, d: number) => new Date(Date.UTC(y, mo - 1, d)).getUTCDay() + 1

/** The weekday of the month closest to day n (none when n is not in the month). */
const closestWeekday = (y: number, mo: number, n: number): number | null => {
  const last = lastDay(y, mo)
  if (n < 1 || n > last) {
    return null
  }
  let best: number | null = null
  for (let d = 1; d <= last; d++) {
    if (isWeekday(weekday(y, mo, d)) && (best === null || Math.abs(d - n) < Math.abs(best - n))) {
      best = d
    }
  }
  return best
}

const dayMatches = (c: TCronExpression, y: number, mo: number, d: number): boolean => {
  const last = lastDay(y, mo)
  const w = weekday(y, mo, d)
  if (c.dom.none) {
    const kth = Math.floor((d - 1) / 7) + 1
    return (
      c.dow.days.has(w) ||
      c.dow.nth.some((n) => n.day === w && n.nth === kth) ||
      c.dow.last.some((l) => l === w && d + 7 > last)
    )
  }
  return (
    c.dom.days.has(d) ||
    c.dom.last.some((l) => (l.weekday ? closestWeekday(y, mo, last - l.offset) : last - l.offset) === d) ||
    c.dom.nearest.some((n) => closestWeekday(y, mo, n) === d)
  )
}

/** The next `count` fires after `from`, day by day (China time has no DST: a fixed +8 h). */
const slowFires = (c: TCronExpression, from: number, count: number): number[] => {
  const out: number[] = []
  const startDay = Math.floor((from + CHINA_MS) / DAY_MS) * DAY_MS
  for (let day = startDay; out.length < count && day < Date.UTC(2100, 0, 1); day += DAY_MS) {
    const date = new Date(day)
    const [y, mo, d] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()]
    if ((c.years && !c.years.has(y)) || !c.months[mo] || !dayMatches(c, y, mo, d)) {
      continue
    }
    for (const h of c.hours) {
      for (const m of c.minutes) {
        for (const s of c.seconds) {
          const t = day + ((h * 60 + m) * 60 + s) * 1000 - CHINA_MS
          if (t > from && out.length < count) {
            out.push(t)
          }
        }
      }
    }
  }
  return out
}

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!

const SECONDS = ['0', '*/15', '5,35', '59'] as const
const MINUTES = ['0', '*/20', '10-12', '59'] as const
const HOURS = ['*', '9', '22-1', '0/6', '23'] as const
const DOMS = [
  '*',
  '1',
  '15W',
  '1W',
  '31W',
  'L',
  'LW',
  'L-3',
  'L-2W',
  '1W,15,LW',
  '31',
  '29',
  '1/10',
  '30-2',
] as const
const DOWS = [
  '*',
  '2-6',
  'L',
  '6L',
  'THU#1,THU#3,THU#5',
  'MON/2',
  'FRI-MON',
  '1L,7L',
  '2#5',
  '1,7',
  'SUN#2',
] as const
const MONTHS = ['*', '2', '1,3,5', '11-2', '*/4', 'FEB,AUG'] as const
const YEARS = ['', '*', '2026-2030', '2028/4', '2027'] as const

describe('Quartz CRON against a day-by-day search', () => {
  it('agrees on 400 random expressions from random moments', () => {
    const r = rng(26)
    let compared = 0
    for (let i = 0; i < 400; i++) {
      const onDom = r() < 0.5
      const fields = [
        pick(r, SECONDS),
        pick(r, MINUTES),
        pick(r, HOURS),
        onDom ? pick(r, DOMS) : '?',
        pick(r, MONTHS),
        onDom ? '?' : pick(r, DOWS),
        pick(r, YEARS),
      ]
      const expression = fields.join(' ').trim()
      const from = Date.UTC(2026, 0, 1) + Math.floor(r() * 3 * 365) * DAY_MS + Math.floor(r() * DAY_MS)
      const parsed = parseCron(expression, 'Asia/Shanghai', new Date(from))
      const expected = slowFires(compileCron(expression), from, 6)
      if (!parsed.ok) {
        // Refused only when nothing fires after `from`.
        expect([expression, expected]).toEqual([expression, []])
        continue
      }
      const actual = nextFireTimes(parsed.schedule, 6, { from: new Date(from) }).map((d) => d.getTime())
      expect([expression, new Date(from).toISOString(), actual]).toEqual([
        expression,
        new Date(from).toISOString(),
        expected,
      ])
      compared++
    }
    expect(compared).toBeGreaterThan(300)
  }, 120_000)
})

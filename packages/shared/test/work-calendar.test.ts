import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  addWorkingDays,
  buildWorkCalendar,
  chinaDateOf,
  expandWorkCalendarFile,
  isCovered,
  isWorkingDay,
  JobInfoMsg,
  nextWorkingDay,
  shiftDate,
  WorkCalendarMsg,
  workingDayPolicyOf,
  ZJobInfoSubmitSchema,
  ZWorkCalendarSubmitSchema,
} from '../src/job/index.ts'

const file = (year: number) =>
  JSON.parse(
    readFileSync(new URL(`../../../prisma/seed/data/work-calendar/${year}.json`, import.meta.url), 'utf8'),
  )
const expand = (year: number) => {
  const r = expandWorkCalendarFile(file(year))
  if (!r.ok) {
    throw new Error(r.message)
  }
  return r.value
}
const cal = buildWorkCalendar([...expand(2025).days, ...expand(2026).days])

describe('the shipped yearly data files (State Council notices)', () => {
  it('2026: 33 holiday days, 6 adjusted working days; 2025: 27 and 5', () => {
    const y26 = expand(2026)
    expect(y26.days.filter((d) => d.kind === 1)).toHaveLength(3 + 9 + 3 + 5 + 3 + 3 + 7)
    expect(y26.days.filter((d) => d.kind === 2).map((d) => d.date)).toEqual([
      '2026-01-04',
      '2026-02-14',
      '2026-02-28',
      '2026-05-09',
      '2026-09-20',
      '2026-10-10',
    ])
    const y25 = expand(2025)
    expect(y25.days.filter((d) => d.kind === 1)).toHaveLength(1 + 8 + 3 + 5 + 3 + 8)
    expect(y25.days.filter((d) => d.kind === 2)).toHaveLength(5)
  })
})

describe('isWorkingDay', () => {
  it('the 2026 Spring Festival: Feb 15 (Sun) … Feb 23 (Mon) off, Sat Feb 14 and Sat Feb 28 worked', () => {
    expect(isWorkingDay(cal, '2026-02-13')).toBe(true) // Friday before
    expect(isWorkingDay(cal, '2026-02-14')).toBe(true) // adjusted Saturday
    for (let d = '2026-02-15'; d <= '2026-02-23'; d = shiftDate(d, 1)) {
      expect(isWorkingDay(cal, d), d).toBe(false)
    }
    expect(isWorkingDay(cal, '2026-02-24')).toBe(true)
    expect(isWorkingDay(cal, '2026-02-28')).toBe(true) // adjusted Saturday
    expect(isWorkingDay(cal, '2026-03-01')).toBe(false) // ordinary Sunday
  })
  it('ordinary weekends and weekdays; a holiday on a weekday; a year without data falls back to Monday–Friday', () => {
    expect(isWorkingDay(cal, '2026-03-07')).toBe(false) // Saturday
    expect(isWorkingDay(cal, '2026-03-09')).toBe(true) // Monday
    expect(isWorkingDay(cal, '2026-10-05')).toBe(false) // National Day, Monday
    expect(isWorkingDay(cal, '2025-10-11')).toBe(true) // adjusted Saturday 2025
    expect(isWorkingDay(cal, '2025-01-26')).toBe(true) // adjusted Sunday 2025
    expect(isCovered(cal, '2027-01-01')).toBe(false)
    expect(isWorkingDay(cal, '2027-01-01')).toBe(true) // Friday, no 2027 data yet
    expect(isCovered(cal, '2026-06-01')).toBe(true)
  })
})

describe('nextWorkingDay and addWorkingDays', () => {
  it('skips the whole Spring Festival and lands on adjusted Saturdays', () => {
    expect(nextWorkingDay(cal, '2026-02-14')).toBe('2026-02-24')
    expect(nextWorkingDay(cal, '2026-02-13')).toBe('2026-02-14')
    expect(nextWorkingDay(cal, '2026-02-18', true)).toBe('2026-02-24')
    expect(nextWorkingDay(cal, '2026-02-24', true)).toBe('2026-02-24')
    expect(nextWorkingDay(cal, '2026-02-27')).toBe('2026-02-28')
    // New Year 2026 (Thu–Sat) then Sunday Jan 4 worked.
    expect(nextWorkingDay(cal, '2025-12-31')).toBe('2026-01-04')
  })
  it('counts working days forward and backward across holidays and year ends', () => {
    expect(addWorkingDays(cal, '2026-02-12', 3)).toBe('2026-02-24') // Fri 13, Sat 14, Tue 24
    expect(addWorkingDays(cal, '2026-02-24', -2)).toBe('2026-02-13')
    expect(addWorkingDays(cal, '2026-09-30', 1)).toBe('2026-10-08')
    expect(addWorkingDays(cal, '2026-10-07', 2)).toBe('2026-10-09')
    expect(addWorkingDays(cal, '2026-10-09', 1)).toBe('2026-10-10') // adjusted Saturday
    expect(addWorkingDays(cal, '2025-12-31', 1)).toBe('2026-01-04')
    expect(addWorkingDays(cal, '2026-02-15', 0)).toBe('2026-02-24')
    expect(addWorkingDays(cal, '2026-03-02', 0)).toBe('2026-03-02')
    // 5 working days a week otherwise.
    expect(addWorkingDays(cal, '2026-03-02', 10)).toBe('2026-03-16')
  })
  it('China dates of instants (UTC+8)', () => {
    expect(chinaDateOf(new Date('2026-02-14T16:00:00Z'))).toBe('2026-02-15')
    expect(chinaDateOf(new Date('2026-02-14T15:59:59Z'))).toBe('2026-02-14')
  })
})

describe('validation of a year', () => {
  it('refuses days outside the year, a day twice, an adjusted working day on a weekday, impossible dates', () => {
    const bad = (days: unknown[]) => {
      const r = ZWorkCalendarSubmitSchema.safeParse({ year: 2026, days })
      return r.success ? null : r.error.issues[0]?.message
    }
    expect(bad([{ date: '2025-12-31', kind: 1, name: 'x' }])).toBe(WorkCalendarMsg.OUTSIDE_YEAR)
    expect(
      bad([
        { date: '2026-01-01', kind: 1, name: 'x' },
        { date: '2026-01-01', kind: 1, name: 'y' },
      ]),
    ).toBe(WorkCalendarMsg.DUPLICATE)
    expect(bad([{ date: '2026-03-02', kind: 2, name: 'x' }])).toBe(WorkCalendarMsg.WORKDAY_WEEKEND)
    expect(bad([{ date: '2026-02-30', kind: 1, name: 'x' }])).toBe(WorkCalendarMsg.DATE)
    expect(bad([{ date: '2026-02-01', kind: 3, name: 'x' }])).toBe(WorkCalendarMsg.KIND)
    expect(bad([{ date: '2026-02-01', kind: 1, name: ' ' }])).toBe(WorkCalendarMsg.NAME)
    expect(bad([])).toBeNull()
  })
  it('a data file with a reversed range or a bad shape is refused with the reason', () => {
    const f = file(2026)
    f.holidays[0].to = '2025-12-30'
    expect(expandWorkCalendarFile(f)).toEqual({ ok: false, message: `${WorkCalendarMsg.RANGE_ORDER}: 元旦` })
    expect(expandWorkCalendarFile({ year: 2026 })).toMatchObject({ ok: false })
    expect(expandWorkCalendarFile('nope')).toMatchObject({ ok: false })
  })
})

describe('the CRON opt-in (extra)', () => {
  it('reads the policy from extra and refuses an unknown one at submit', () => {
    expect(workingDayPolicyOf('{"workingDay":"only"}')).toBe('only')
    expect(workingDayPolicyOf('{"workingDay":"shift","other":1}')).toBe('shift')
    expect(workingDayPolicyOf('plain text')).toBeNull()
    expect(workingDayPolicyOf(null)).toBeNull()
    const base = {
      jobServerId: '1',
      jobName: 'x',
      enable: 0,
      timeExpressionType: 2,
      timeExpression: '0 0 9 * * ?',
      executeType: 1,
      dispatchStrategy: 1,
      processorType: 1,
      processorInfo: 'prune-logs',
    }
    expect(ZJobInfoSubmitSchema.safeParse({ ...base, extra: '{"workingDay":"only"}' }).success).toBe(true)
    const refused = ZJobInfoSubmitSchema.safeParse({ ...base, extra: '{"workingDay":"sometimes"}' })
    expect(refused.success ? null : refused.error.issues[0]?.message).toBe(JobInfoMsg.EXTRA_JSON)
    const mr = ZJobInfoSubmitSchema.safeParse({ ...base, executeType: 3 })
    expect(mr.success ? null : mr.error.issues[0]?.message).toBe(JobInfoMsg.MAP_REDUCE_PROCESSOR)
    const mrSingle = ZJobInfoSubmitSchema.safeParse({ ...base, processorInfo: 'http-map' })
    expect(mrSingle.success ? null : mrSingle.error.issues[0]?.message).toBe(JobInfoMsg.MAP_REDUCE_ONLY)
  })
})

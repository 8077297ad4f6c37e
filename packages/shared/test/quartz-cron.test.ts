import { describe, expect, it } from 'vitest'
import { formatDateTime, parseDateTime } from '../src/common/dates.ts'
import { nextFireTimes, parseCron, ScheduleMsg } from '../src/job/index.ts'

/**
 * Fire times as Quartz computes them, China time (`yyyy-MM-dd HH:mm:ss`). Each row: the expression,
 * the moment to start from, and every next fire up to the count asked (fewer when the expression
 * ends). Rows 1-20 are the examples of Quartz's CronTrigger tutorial (its table of examples, with
 * `from` picked so that each row crosses an hour, day, month or year boundary); the rest are the edge
 * cases issue 26 lists, checked against the calendar by hand.
 */
type TRow = [expression: string, from: string, fires: string[]]

const fires = (expression: string, from: string, count: number): string[] => {
  const at = parseDateTime(from)!
  const parsed = parseCron(expression, 'Asia/Shanghai', at)
  if (!parsed.ok) {
    throw new Error(`${expression}: ${parsed.message}`)
  }
  return nextFireTimes(parsed.schedule, count, { from: at }).map(formatDateTime)
}

const TUTORIAL: TRow[] = [
  ['0 0 12 * * ?', '2026-01-01 12:00:00', ['2026-01-02 12:00:00', '2026-01-03 12:00:00']],
  ['0 15 10 ? * *', '2026-01-01 00:00:00', ['2026-01-01 10:15:00', '2026-01-02 10:15:00']],
  ['0 15 10 * * ?', '2026-01-01 10:15:01', ['2026-01-02 10:15:00', '2026-01-03 10:15:00']],
  ['0 15 10 * * ? *', '2026-12-31 11:00:00', ['2027-01-01 10:15:00', '2027-01-02 10:15:00']],
  ['0 15 10 * * ? 2005', '2005-12-30 00:00:00', ['2005-12-30 10:15:00', '2005-12-31 10:15:00']],
  [
    '0 * 14 * * ?',
    '2026-01-01 14:58:30',
    ['2026-01-01 14:59:00', '2026-01-02 14:00:00', '2026-01-02 14:01:00'],
  ],
  [
    '0 0/5 14 * * ?',
    '2026-01-01 14:50:00',
    ['2026-01-01 14:55:00', '2026-01-02 14:00:00', '2026-01-02 14:05:00'],
  ],
  [
    '0 0/5 14,18 * * ?',
    '2026-01-01 14:52:00',
    ['2026-01-01 14:55:00', '2026-01-01 18:00:00', '2026-01-01 18:05:00'],
  ],
  [
    '0 0-5 14 * * ?',
    '2026-01-01 14:04:00',
    ['2026-01-01 14:05:00', '2026-01-02 14:00:00', '2026-01-02 14:01:00'],
  ],
  // March 2026 begins on a Sunday: its first Wednesday is the 4th.
  [
    '0 10,44 14 ? 3 WED',
    '2026-01-01 00:00:00',
    ['2026-03-04 14:10:00', '2026-03-04 14:44:00', '2026-03-11 14:10:00'],
  ],
  // From a Friday after its fire: Monday, Tuesday, Wednesday.
  [
    '0 15 10 ? * MON-FRI',
    '2026-01-02 11:00:00',
    ['2026-01-05 10:15:00', '2026-01-06 10:15:00', '2026-01-07 10:15:00'],
  ],
  ['0 15 10 15 * ?', '2026-01-15 10:15:00', ['2026-02-15 10:15:00', '2026-03-15 10:15:00']],
  // 2024 is a leap year.
  [
    '0 15 10 L * ?',
    '2024-01-01 00:00:00',
    ['2024-01-31 10:15:00', '2024-02-29 10:15:00', '2024-03-31 10:15:00', '2024-04-30 10:15:00'],
  ],
  [
    '0 15 10 L-2 * ?',
    '2026-01-01 00:00:00',
    ['2026-01-29 10:15:00', '2026-02-26 10:15:00', '2026-03-29 10:15:00', '2026-04-28 10:15:00'],
  ],
  [
    '0 15 10 ? * 6L',
    '2026-01-01 00:00:00',
    ['2026-01-30 10:15:00', '2026-02-27 10:15:00', '2026-03-27 10:15:00'],
  ],
  // The last Fridays of the last months of 2005, then none (the years end).
  [
    '0 15 10 ? * 6L 2002-2005',
    '2005-10-01 00:00:00',
    ['2005-10-28 10:15:00', '2005-11-25 10:15:00', '2005-12-30 10:15:00'],
  ],
  [
    '0 15 10 ? * 6#3',
    '2026-01-01 00:00:00',
    ['2026-01-16 10:15:00', '2026-02-20 10:15:00', '2026-03-20 10:15:00'],
  ],
  [
    '0 0 12 1/5 * ?',
    '2026-01-25 00:00:00',
    ['2026-01-26 12:00:00', '2026-01-31 12:00:00', '2026-02-01 12:00:00', '2026-02-06 12:00:00'],
  ],
  ['0 11 11 11 11 ?', '2026-01-01 00:00:00', ['2026-11-11 11:11:00', '2027-11-11 11:11:00']],
  // The tutorial's long example: 30 Sep 2010 is a Thursday; after 23:52:55 nothing is left in 2010.
  ['0/5 14,18,3-39,52 * ? JAN,MAR,SEP MON-FRI 2002-2010', '2010-09-30 23:52:50', ['2010-09-30 23:52:55']],
]

const DAY_OF_MONTH: TRow[] = [
  // 1 Aug 2026 is a Saturday: 1W is Monday the 3rd, never Friday 31 July.
  [
    '0 0 12 1W * ?',
    '2026-08-01 00:00:00',
    ['2026-08-03 12:00:00', '2026-09-01 12:00:00', '2026-10-01 12:00:00'],
  ],
  // 31 May 2026 is a Sunday: 31W is Friday the 29th, never Monday 1 June; months without a 31st skip.
  [
    '0 0 12 31W * ?',
    '2026-05-01 00:00:00',
    ['2026-05-29 12:00:00', '2026-07-31 12:00:00', '2026-08-31 12:00:00'],
  ],
  // 15 Mar 2026 a Sunday (→ Monday 16), 15 Aug a Saturday (→ Friday 14).
  [
    '0 0 12 15W * ?',
    '2026-03-01 00:00:00',
    ['2026-03-16 12:00:00', '2026-04-15 12:00:00', '2026-05-15 12:00:00'],
  ],
  ['0 0 12 15W * ?', '2026-08-01 00:00:00', ['2026-08-14 12:00:00']],
  // Asked on Monday the 16th before noon (the 15th a Sunday): that day's fire (Quartz 2.5 skips it).
  ['0 0 12 15W * ?', '2026-03-16 09:00:00', ['2026-03-16 12:00:00', '2026-04-15 12:00:00']],
  // The weekday nearest the 15th was the 14th: from the 14th after its fire, the next is September's.
  ['0 0 12 15W * ?', '2026-08-14 13:00:00', ['2026-09-15 12:00:00']],
  // Last weekday: 31 Jan and 28 Feb 2026 are Saturdays, 31 May a Sunday.
  [
    '0 0 12 LW * ?',
    '2026-01-01 00:00:00',
    [
      '2026-01-30 12:00:00',
      '2026-02-27 12:00:00',
      '2026-03-31 12:00:00',
      '2026-04-30 12:00:00',
      '2026-05-29 12:00:00',
    ],
  ],
  // Three days before the last (28 Mar 2026 a Saturday → Friday 27).
  [
    '0 0 12 L-3W * ?',
    '2026-01-01 00:00:00',
    ['2026-01-28 12:00:00', '2026-02-25 12:00:00', '2026-03-27 12:00:00', '2026-04-27 12:00:00'],
  ],
  // A list mixing them; the plain 15 fires on Sunday 15 February.
  [
    '0 0 12 1W,15,LW * ?',
    '2026-01-01 00:00:00',
    [
      '2026-01-01 12:00:00',
      '2026-01-15 12:00:00',
      '2026-01-30 12:00:00',
      '2026-02-02 12:00:00',
      '2026-02-15 12:00:00',
    ],
  ],
  // Leap years: 29 February only in 2028 and 2032; the last day of February 29 or 28.
  ['0 0 0 29 2 ?', '2026-01-01 00:00:00', ['2028-02-29 00:00:00', '2032-02-29 00:00:00']],
  ['0 0 0 L 2 ?', '2027-03-01 00:00:00', ['2028-02-29 00:00:00', '2029-02-28 00:00:00']],
  ['0 0 0 L-1 2 ?', '2028-01-01 00:00:00', ['2028-02-28 00:00:00', '2029-02-27 00:00:00']],
  // Months of 28-31 days: the 31st only in long months, the 30th in all but February.
  [
    '0 0 0 31 * ?',
    '2026-01-31 00:00:00',
    ['2026-03-31 00:00:00', '2026-05-31 00:00:00', '2026-07-31 00:00:00', '2026-08-31 00:00:00'],
  ],
  ['0 0 0 30 * ?', '2026-01-30 00:00:00', ['2026-03-30 00:00:00', '2026-04-30 00:00:00']],
  // Hours that wrap around midnight.
  [
    '0 0 22-1 * * ?',
    '2026-01-31 21:00:00',
    [
      '2026-01-31 22:00:00',
      '2026-01-31 23:00:00',
      '2026-02-01 00:00:00',
      '2026-02-01 01:00:00',
      '2026-02-01 22:00:00',
    ],
  ],
]

const DAY_OF_WEEK: TRow[] = [
  // `L` alone is Saturday (1 Jan 2026 is a Thursday).
  ['0 0 12 ? * L', '2026-01-01 00:00:00', ['2026-01-03 12:00:00', '2026-01-10 12:00:00']],
  // Last Monday of the month.
  [
    '0 0 12 ? * 2L',
    '2026-01-01 00:00:00',
    ['2026-01-26 12:00:00', '2026-02-23 12:00:00', '2026-03-30 12:00:00'],
  ],
  ['0 0 12 ? * MONL', '2026-01-27 00:00:00', ['2026-02-23 12:00:00']],
  // February 2026 has four Thursdays: no fifth.
  [
    '0 0 12 ? * THU#1,THU#3,THU#5',
    '2026-01-01 00:00:00',
    [
      '2026-01-01 12:00:00',
      '2026-01-15 12:00:00',
      '2026-01-29 12:00:00',
      '2026-02-05 12:00:00',
      '2026-02-19 12:00:00',
      '2026-03-05 12:00:00',
    ],
  ],
  ['0 0 12 ? * 5#1,5#3', '2026-01-01 12:00:00', ['2026-01-15 12:00:00', '2026-02-05 12:00:00']],
  // Numbers (1 = SUN) and names, in ranges and steps: 2-6 = MON-FRI, MON/2 = 2/2 = MON,WED,FRI.
  ['0 0 12 ? * 2-6', '2026-01-02 13:00:00', ['2026-01-05 12:00:00', '2026-01-06 12:00:00']],
  [
    '0 0 12 ? * MON/2',
    '2026-01-01 00:00:00',
    ['2026-01-02 12:00:00', '2026-01-05 12:00:00', '2026-01-07 12:00:00', '2026-01-09 12:00:00'],
  ],
  [
    '0 0 12 ? * 2/2',
    '2026-01-01 00:00:00',
    ['2026-01-02 12:00:00', '2026-01-05 12:00:00', '2026-01-07 12:00:00'],
  ],
  // A range that wraps over the end of the week: Friday to Monday.
  [
    '0 0 12 ? * FRI-MON',
    '2026-01-01 00:00:00',
    [
      '2026-01-02 12:00:00',
      '2026-01-03 12:00:00',
      '2026-01-04 12:00:00',
      '2026-01-05 12:00:00',
      '2026-01-09 12:00:00',
    ],
  ],
  // Weekends at month ends: the last Saturday and Sunday of January 2026 are the 31st and 25th.
  [
    '0 0 9 ? * 1L,7L',
    '2026-01-20 00:00:00',
    ['2026-01-25 09:00:00', '2026-01-31 09:00:00', '2026-02-22 09:00:00'],
  ],
]

const YEARS: TRow[] = [
  [
    '0 0 0 29 2 ? 2028/4',
    '2026-01-01 00:00:00',
    ['2028-02-29 00:00:00', '2032-02-29 00:00:00', '2036-02-29 00:00:00'],
  ],
  ['0 0 0 1 1 ? 2026,2030', '2026-06-01 00:00:00', ['2030-01-01 00:00:00']],
  [
    '0 0 0 1 */6 ? 2027-2028',
    '2026-06-01 00:00:00',
    ['2027-01-01 00:00:00', '2027-07-01 00:00:00', '2028-01-01 00:00:00', '2028-07-01 00:00:00'],
  ],
  // The last year there is.
  ['0 0 0 31 12 ? *', '2098-12-31 00:00:00', ['2099-12-31 00:00:00']],
  ['0 0 0 1 1 ? 2099', '1970-01-01 00:00:00', ['2099-01-01 00:00:00']],
]

const OTHER: TRow[] = [
  // Strictly after `from`, whole seconds.
  [
    '*/20 * * * * ?',
    '2026-01-01 00:00:00',
    ['2026-01-01 00:00:20', '2026-01-01 00:00:40', '2026-01-01 00:01:00'],
  ],
  // China time has no DST: 02:30 every day through the weeks other zones change clocks.
  ['0 30 2 * * ?', '2026-03-07 12:00:00', ['2026-03-08 02:30:00', '2026-03-09 02:30:00']],
  ['0 30 2 * * ?', '2026-10-24 12:00:00', ['2026-10-25 02:30:00', '2026-10-26 02:30:00']],
  // Plain crontab: minutes first, 0 = Sunday, and day of month OR day of week when both are given.
  ['30 8 * * 0', '2026-01-01 00:00:00', ['2026-01-04 08:30:00', '2026-01-11 08:30:00']],
  [
    '0 9 13 * 5',
    '2026-02-01 00:00:00',
    ['2026-02-06 09:00:00', '2026-02-13 09:00:00', '2026-02-20 09:00:00'],
  ],
]

describe('Quartz CRON: fire times', () => {
  for (const [group, rows] of Object.entries({ TUTORIAL, DAY_OF_MONTH, DAY_OF_WEEK, YEARS, OTHER })) {
    it.each(rows)(`${group}: %s from %s`, (expression, from, expected) => {
      expect(fires(expression, from, expected.length)).toEqual(expected)
    })
  }

  it('stops where the years end', () => {
    for (const [expression, from, count] of [
      ['0 15 10 * * ? 2005', '2005-12-30 00:00:00', 2],
      ['0 15 10 ? * 6L 2002-2005', '2005-10-01 00:00:00', 3],
      ['0/5 14,18,3-39,52 * ? JAN,MAR,SEP MON-FRI 2002-2010', '2010-09-30 23:52:50', 1],
      ['0 0 0 1 1 ? 2026,2030', '2026-06-01 00:00:00', 1],
      ['0 0 0 31 12 ? *', '2098-12-31 00:00:00', 1],
      ['0 0 0 1 1 ? 2099', '1970-01-01 00:00:00', 1],
    ] as const) {
      expect(fires(expression, from, 10)).toHaveLength(count)
    }
  })

  it('China time does not move with DST elsewhere: every fire is 18:30 UTC the day before', () => {
    const parsed = parseCron('0 30 2 * * ?')
    expect(parsed.ok).toBe(true)
    const times = nextFireTimes(parsed.ok ? parsed.schedule : { kind: 'none' }, 20, {
      from: new Date('2026-03-01T00:00:00Z'),
    })
    expect(times.every((d) => d.toISOString().endsWith('T18:30:00.000Z'))).toBe(true)
  })
})

describe('Quartz CRON: refusals', () => {
  const message = (expression: string) => {
    const r = parseCron(expression)
    return r.ok ? null : r.message
  }

  it.each([
    // Both day fields given, or neither: Quartz wants `?` in exactly one.
    ['0 0 12 1 * 2', ScheduleMsg.CRON_DAYS],
    ['0 0 12 * * *', ScheduleMsg.CRON_DAYS],
    ['0 0 12 ? * ?', ScheduleMsg.CRON_DAYS_NONE],
    // Steps past the field's range.
    ['0/120 * * * * ?', `${ScheduleMsg.CRON_BAD}: 「秒」段 0/120 不正确, 步长 120 超出范围, 应为 1-59`],
    ['0 0/120 * * * ?', `${ScheduleMsg.CRON_BAD}: 「分」段 0/120 不正确, 步长 120 超出范围, 应为 1-59`],
    ['0 0 0/120 * * ?', `${ScheduleMsg.CRON_BAD}: 「时」段 0/120 不正确, 步长 120 超出范围, 应为 1-23`],
    ['0 0 0/24 * * ?', `${ScheduleMsg.CRON_BAD}: 「时」段 0/24 不正确, 步长 24 超出范围, 应为 1-23`],
    ['0 0 0 1/32 * ?', `${ScheduleMsg.CRON_BAD}: 「日」段 1/32 不正确, 步长 32 超出范围, 应为 1-31`],
    ['0 0 0 ? 1/13 MON', `${ScheduleMsg.CRON_BAD}: 「月」段 1/13 不正确, 步长 13 超出范围, 应为 1-12`],
    ['0 0 0 ? * 1/8', `${ScheduleMsg.CRON_BAD}: 「周」段 1/8 不正确, 步长 8 超出范围, 应为 1-7`],
    // 0 in day of week (Quartz: 1 = SUN … 7 = SAT).
    [
      '0 0 12 ? * 0',
      `${ScheduleMsg.CRON_BAD}: 「周」段 0 不正确, 周的取值为 1-7(周日为 1、周六为 7), 没有 0`,
    ],
    [
      '0 0 12 ? * 0-4',
      `${ScheduleMsg.CRON_BAD}: 「周」段 0-4 不正确, 周的取值为 1-7(周日为 1、周六为 7), 没有 0`,
    ],
    // Years outside 1970-2099, backwards, or all past.
    ['0 0 12 * * ? 1969', `${ScheduleMsg.CRON_BAD}: 「年」段 1969 不正确, 应为 1970-2099`],
    ['0 0 12 * * ? 2100', `${ScheduleMsg.CRON_BAD}: 「年」段 2100 不正确, 应为 1970-2099`],
    [
      '0 0 12 * * ? 2030-2027',
      `${ScheduleMsg.CRON_BAD}: 「年」段 2030-2027 不正确, 起始年份应不大于结束年份`,
    ],
    ['0 0 12 * * ? 2020', ScheduleMsg.CRON_PAST],
    ['0 15 10 ? * 6L 2002-2005', ScheduleMsg.CRON_PAST],
    // Days that never come, and the special characters where they do not belong.
    ['0 0 0 30 2 ?', ScheduleMsg.CRON_NEVER],
    // February 2026 has no fifth Thursday.
    ['0 0 0 ? 2 5#5 2026', ScheduleMsg.CRON_NEVER],
    ['0 0 12 L-31 * ?', `${ScheduleMsg.CRON_BAD}: 「日」段 L-31 不正确, L- 后应为 0-30`],
    ['0 0 12 32W * ?', `${ScheduleMsg.CRON_BAD}: 「日」段 32W 不正确, 应为 1-31、L、L-n、nW、LW 或 ?`],
    ['0 0 12 1-5W * ?', `${ScheduleMsg.CRON_BAD}: 「日」段 1-5W 不正确, 应为 1-31、L、L-n、nW、LW 或 ?`],
    ['0 0 12 ? * 6#6', `${ScheduleMsg.CRON_BAD}: 「周」段 6#6 不正确, # 后应为 1-5(当月第几个)`],
    [
      '0 0 12 ? * 2W',
      `${ScheduleMsg.CRON_BAD}: 「周」段 2W 不正确, 应为 1-7(周日为 1)、SUN-SAT、L、nL、n#k 或 ?`,
    ],
    ['0 0 L * * ?', `${ScheduleMsg.CRON_BAD}: 「时」段 L 不正确, 应为 0-23`],
    ['? 0 12 * * ?', `${ScheduleMsg.CRON_BAD}: 「秒」段 ? 不正确, 只有「日」段和「周」段可以为 ?`],
    ['0 0 12 * FOO ?', `${ScheduleMsg.CRON_BAD}: 「月」段 FOO 不正确, 应为 1-12 或 JAN-DEC`],
    ['0 0 12 1,,2 * ?', `${ScheduleMsg.CRON_BAD}: 「日」段 1,,2 不正确, 应为 1-31、L、L-n、nW、LW 或 ?`],
    ['0 0 12 * * ? 2030 1', ScheduleMsg.CRON_FIELDS],
  ])('%s → %s', (expression, expected) => {
    expect(message(expression)).toBe(expected)
  })

  it('names the field in every refusal, in Chinese', () => {
    for (const e of [
      '0 0 25 * * ?',
      '0 61 * * * ?',
      '0 0 0 ? * 8',
      '0 0 * 13 *',
      '0 0 * * 9',
      'x * * * * ?',
    ]) {
      const r = parseCron(e)
      expect(r.ok).toBe(false)
      expect(!r.ok && /「[秒分时日月周年]」段/.test(r.message)).toBe(true)
    }
  })

  it('reads names and special characters in any case, as Quartz does', () => {
    expect(fires('0 0 12 ? * mon-fri', '2026-01-02 13:00:00', 1)).toEqual(['2026-01-05 12:00:00'])
    expect(fires('0 0 12 lw * ?', '2026-01-01 00:00:00', 1)).toEqual(['2026-01-30 12:00:00'])
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createJobHarness, type TJobHarness } from './helpers/job-harness.ts'

/**
 * The worker schedules Quartz expressions BullMQ's own cron-parser cannot read (L-n, W) at the times
 * Quartz gives them: its repeat strategy computes with the shared Quartz reading.
 */
let h: TJobHarness
beforeAll(async () => {
  h = await createJobHarness('worker_job_cron')
})
afterAll(async () => {
  await h.close()
})

const CHINA_MS = 8 * 3600_000
/** China date of an instant: [year, month 1-12, day]. */
const chinaDate = (ms: number) => {
  const d = new Date(ms + CHINA_MS)
  return [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()] as const
}
const daysIn = (y: number, mo: number) => new Date(Date.UTC(y, mo, 0)).getUTCDate()
/** The instant of a China wall time. */
const china = (y: number, mo: number, d: number, hh = 0) => Date.UTC(y, mo - 1, d, hh) - CHINA_MS

describe('Quartz CRON in the worker', () => {
  it('L-n fires every second of today (n days before the month ends) and not on other days', async () => {
    // Not across China midnight: the expression is today's.
    const toMidnight = 86_400_000 - ((Date.now() + CHINA_MS) % 86_400_000)
    if (toMidnight < 20_000) {
      await h.sleep(toMidnight + 1000)
    }
    const [y, mo, d] = chinaDate(Date.now())
    const n = daysIn(y, mo) - d
    const prefix = h.prefixOf()
    const w = await h.boot(prefix)
    const today = await h.createJob({
      timeExpression: `* * * L-${n} * ?`,
      jobParams: JSON.stringify({ url: h.target('cron-l-today'), method: 'GET' }),
    })
    // Tomorrow's day (or, on the last day, the first of next month): nothing today.
    const other = await h.createJob({
      timeExpression: n > 0 ? `* * * L-${n - 1} * ?` : '* * * 1 * ?',
      jobParams: JSON.stringify({ url: h.target('cron-l-other'), method: 'GET' }),
    })
    await h.waitFor(async () => w.jobs)
    await w.jobs?.scheduler.reconcile([String(today), String(other)])
    const rows = await h.waitFor(async () => {
      const r = (await h.instances(today)).filter((i) => i.status === 'succeeded')
      return r.length >= 3 && r
    }, 30_000)
    const planned = rows.map((r) => r.plannedTime.getTime())
    expect(planned.every((t) => t % 1000 === 0)).toBe(true)
    expect(new Set(planned).size).toBe(planned.length)
    expect(planned.every((t) => chinaDate(t).join() === [y, mo, d].join())).toBe(true)
    expect(await h.instances(other)).toHaveLength(0)
    // The other job's pending fire is tomorrow at 00:00:00 China time.
    const scheduler = await w.jobs?.runs.getJobScheduler(`job-${other}`)
    const next = new Date(china(y, mo, d) + 86_400_000)
    expect(scheduler?.next).toBe(next.getTime())
    await h.prisma.jobInfo.updateMany({ where: { id: { in: [today, other] } }, data: { enable: 0 } })
    await w.jobs?.scheduler.reconcile([String(today), String(other)])
    await h.cleanup(prefix, w)
  })

  it('1W is planned on the weekday nearest the 1st of next month, never in another month', async () => {
    const prefix = h.prefixOf()
    const w = await h.boot(prefix)
    const id = await h.createJob({
      timeExpression: '0 0 12 1W * ?',
      jobParams: JSON.stringify({ url: h.target('cron-1w'), method: 'GET' }),
    })
    await h.waitFor(async () => w.jobs)
    await w.jobs?.scheduler.reconcile([String(id)])
    // The weekday nearest the 1st (a Saturday gives Monday the 3rd, a Sunday Monday the 2nd), at noon
    // China time: this month's if still to come, else next month's.
    const [y, mo] = chinaDate(Date.now())
    const noonOfFirstW = (yy: number, mm: number) => {
      const weekday = new Date(Date.UTC(yy, mm - 1, 1)).getUTCDay()
      return china(yy, mm, weekday === 6 ? 3 : weekday === 0 ? 2 : 1, 12)
    }
    const thisMonth = noonOfFirstW(y, mo)
    const expected =
      thisMonth > Date.now() ? thisMonth : mo === 12 ? noonOfFirstW(y + 1, 1) : noonOfFirstW(y, mo + 1)
    const scheduler = await w.jobs?.runs.getJobScheduler(`job-${id}`)
    expect(scheduler?.next).toBe(expected)
    expect(new Date((scheduler?.next ?? 0) + CHINA_MS).getUTCDay()).not.toBe(0)
    expect(new Date((scheduler?.next ?? 0) + CHINA_MS).getUTCDay()).not.toBe(6)
    await h.prisma.jobInfo.update({ where: { id }, data: { enable: 0 } })
    await w.jobs?.scheduler.reconcile([String(id)])
    await h.cleanup(prefix, w)
  })
})

import type { PrismaClient } from '@ysjs/db'
import { formatDateTime } from '@ysjs/shared'
import {
  addWorkingDays,
  buildWorkCalendar,
  isCovered,
  isWorkingDay,
  nextWorkingDay,
  type TWorkCalendar,
  type TWorkCalendarSubmit,
  WORK_CALENDAR_KIND_LABELS,
  WorkCalendarMsg,
} from '@ysjs/shared/job'
import type { TCtx } from '../../lib/context.ts'
import { withAudit } from '../../lib/crud.ts'
import { AppError } from '../../lib/errors.ts'

/** How long a process trusts its copy (another API process's edit applies within it). */
const CACHE_MS = 60_000
const dateOf = (d: Date) => d.toISOString().slice(0, 10)

/**
 * The China working-day calendar (decision 012): a platform table, one row per named day of a year.
 * Besides its screen, other modules ask it for deadlines: `isWorkingDay`, `nextWorkingDay`,
 * `addWorkingDays` (dates `yyyy-MM-dd` in China; the pure rules live in `@ysjs/shared/job`).
 */
export const createWorkCalendarService = (prisma: PrismaClient) => {
  let cached: { at: number; value: TWorkCalendar } | null = null
  const calendar = async (): Promise<TWorkCalendar> => {
    if (cached && Date.now() - cached.at < CACHE_MS) {
      return cached.value
    }
    const rows = await prisma.workCalendarDay.findMany()
    const value = buildWorkCalendar(rows.map((r) => ({ date: dateOf(r.day), kind: r.kind, name: r.name })))
    cached = { at: Date.now(), value }
    return value
  }

  return {
    calendar,
    async isWorkingDay(date: string) {
      return isWorkingDay(await calendar(), date)
    },
    async nextWorkingDay(date: string, inclusive = false) {
      return nextWorkingDay(await calendar(), date, inclusive)
    },
    async addWorkingDays(date: string, n: number) {
      return addWorkingDays(await calendar(), date, n)
    },

    /** Every year with data: its counts and last change, newest year first. */
    async years() {
      const groups = await prisma.workCalendarDay.groupBy({
        by: ['year', 'kind'],
        _count: { _all: true },
        _max: { updateTime: true },
        orderBy: { year: 'desc' },
      })
      const years = new Map<
        number,
        { year: number; holidays: number; workdays: number; updateTime: Date | null }
      >()
      for (const g of groups) {
        const y = years.get(g.year) ?? { year: g.year, holidays: 0, workdays: 0, updateTime: null }
        if (g.kind === 1) {
          y.holidays = g._count._all
        } else {
          y.workdays = g._count._all
        }
        const at = g._max.updateTime
        if (at && (!y.updateTime || at > y.updateTime)) {
          y.updateTime = at
        }
        years.set(g.year, y)
      }
      return [...years.values()].map((y) => ({
        ...y,
        updateTime: y.updateTime ? formatDateTime(y.updateTime) : null,
      }))
    },

    async detail(year: number) {
      const rows = await prisma.workCalendarDay.findMany({ where: { year }, orderBy: { day: 'asc' } })
      return {
        year,
        days: rows.map((r) => ({
          date: dateOf(r.day),
          kind: r.kind,
          kindName: WORK_CALENDAR_KIND_LABELS[r.kind] ?? '',
          name: r.name,
        })),
      }
    },

    /** Replaces a year's days (one transaction): what the edit and upload of the screen send. */
    async submit(ctx: TCtx, input: TWorkCalendarSubmit) {
      const { updated } = withAudit(ctx)
      await prisma.$transaction([
        prisma.workCalendarDay.deleteMany({ where: { year: input.year } }),
        prisma.workCalendarDay.createMany({
          data: input.days.map((d) => ({
            day: new Date(`${d.date}T00:00:00Z`),
            year: input.year,
            kind: d.kind,
            name: d.name,
            ...updated,
          })),
        }),
      ])
      cached = null
      return input.days.length
    },

    async remove(years: number[]) {
      const removed = await prisma.workCalendarDay.deleteMany({ where: { year: { in: years } } })
      if (removed.count === 0) {
        throw AppError.badRequest(WorkCalendarMsg.YEAR_MISSING)
      }
      cached = null
      return removed.count
    },

    async check(date: string, n: number) {
      const cal = await calendar()
      return {
        date,
        workingDay: isWorkingDay(cal, date),
        name: cal.days.get(date)?.name ?? null,
        covered: isCovered(cal, date),
        nextWorkingDay: nextWorkingDay(cal, date),
        addWorkingDays: addWorkingDays(cal, date, n),
      }
    },
  }
}
export type TWorkCalendarService = ReturnType<typeof createWorkCalendarService>

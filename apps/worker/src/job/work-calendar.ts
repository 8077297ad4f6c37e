import type { PrismaClient } from '@ysjs/db'
import { buildWorkCalendar, type TWorkCalendar } from '@ysjs/shared/job'

/** How long the worker trusts its copy of the calendar (an edit in the admin screen applies within it). */
export const CALENDAR_CACHE_MS = 60_000

/** The working-day calendar from PostgreSQL (`blade_work_calendar`), cached for a minute. */
export const createCalendarCache = (prisma: PrismaClient, ttlMs = CALENDAR_CACHE_MS) => {
  let cached: { at: number; value: TWorkCalendar } | null = null
  return {
    async get(): Promise<TWorkCalendar> {
      if (cached && Date.now() - cached.at < ttlMs) {
        return cached.value
      }
      const rows = await prisma.workCalendarDay.findMany()
      const value = buildWorkCalendar(
        rows.map((r) => ({ date: r.day.toISOString().slice(0, 10), kind: r.kind, name: r.name })),
      )
      cached = { at: Date.now(), value }
      return value
    },
    invalidate() {
      cached = null
    },
  }
}
export type TCalendarCache = ReturnType<typeof createCalendarCache>

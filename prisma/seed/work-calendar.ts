import { readdirSync, readFileSync } from 'node:fs'
import { expandWorkCalendarFile } from '@ysjs/shared/job'
import type { PrismaClient } from '../src/index.ts'

const DIR = new URL('./data/work-calendar/', import.meta.url)

/** Loads every shipped year (`data/work-calendar/<year>.json`) that has no rows yet; answers the days added. */
export const seedWorkCalendar = async (prisma: PrismaClient): Promise<number> => {
  let added = 0
  for (const name of readdirSync(DIR).filter((f) => /^\d{4}\.json$/.test(f))) {
    const parsed = expandWorkCalendarFile(JSON.parse(readFileSync(new URL(name, DIR), 'utf8')))
    if (!parsed.ok) {
      throw new Error(`work calendar ${name}: ${parsed.message}`)
    }
    const { year, days } = parsed.value
    if ((await prisma.workCalendarDay.count({ where: { year } })) > 0) {
      continue
    }
    const created = await prisma.workCalendarDay.createMany({
      data: days.map((d) => ({ day: new Date(`${d.date}T00:00:00Z`), year, kind: d.kind, name: d.name })),
      skipDuplicates: true,
    })
    added += created.count
  }
  return added
}

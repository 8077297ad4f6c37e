import type { PrismaClient } from '@ysjs/db'
import { tenantDb } from '../../lib/tenancy.ts'

/** Item names of the tenant's business dictionaries: `names.get(code)?.get(key)`. */
export const dictNames = async (
  prisma: PrismaClient,
  tenantId: string,
  codes: readonly string[],
): Promise<Map<string, Map<string, string>>> => {
  const items = await tenantDb(prisma, tenantId).dictBiz.findMany({
    where: { code: { in: [...codes] }, parentId: { gt: 0 }, isDeleted: 0 },
    select: { code: true, dictKey: true, dictValue: true },
  })
  const out = new Map<string, Map<string, string>>(codes.map((c) => [c, new Map()]))
  for (const i of items) {
    out.get(i.code)?.set(i.dictKey, i.dictValue)
  }
  return out
}

export const nameOf = (names: Map<string, Map<string, string>>, code: string, key: unknown): string =>
  key === null || key === undefined ? '' : (names.get(code)?.get(String(key)) ?? '')

/** A calendar date (`yyyy-MM-dd`) as a `@db.Date` value: UTC midnight, so the day never shifts. */
export const dateOnly = (s: string): Date => new Date(`${s}T00:00:00Z`)
export const formatDateOnly = (d: unknown): string => (d instanceof Date ? d.toISOString().slice(0, 10) : '')

/** A Prisma Decimal (or null) as the 2-decimal text the API answers. */
export const money = (v: unknown): string | null =>
  v === null || v === undefined ? null : Number(String(v)).toFixed(2)

/**
 * Optional columns left empty in a form arrive as undefined, which Prisma would skip on update: they are
 * written as null so clearing a value in the form clears it in the row.
 */
export const clearing = <T extends Record<string, unknown>>(data: T, optional: readonly string[]): T => {
  const out: Record<string, unknown> = { ...data }
  for (const key of optional) {
    out[key] = out[key] ?? null
  }
  return out as T
}

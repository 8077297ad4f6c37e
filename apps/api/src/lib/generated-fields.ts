import type { PrismaClient } from '@ysjs/db'
import { parseDateTime } from '@ysjs/shared'
import { dictLabels } from './dict-labels.ts'

/**
 * Turns validated input of a generated module into row data: date strings into dates, digit strings
 * into 64-bit integers (generated services pass their date and bigint fields here).
 */
export const generatedFieldData = (
  input: Record<string, unknown>,
  kinds: { dates?: readonly string[]; dateTimes?: readonly string[]; bigints?: readonly string[] },
): Record<string, unknown> => {
  const out = { ...input }
  // A date column holds the calendar day itself: kept at UTC midnight so PostgreSQL stores that day.
  for (const name of kinds.dates ?? []) {
    const v = out[name]
    out[name] = typeof v === 'string' ? new Date(`${v}T00:00:00Z`) : null
  }
  for (const name of kinds.dateTimes ?? []) {
    const v = out[name]
    out[name] = typeof v === 'string' ? parseDateTime(v) : null
  }
  for (const name of kinds.bigints ?? []) {
    const v = out[name]
    out[name] = typeof v === 'string' ? BigInt(v) : null
  }
  return out
}

/**
 * Rows of a generated module as answered: `numeric` values (Prisma decimals) become decimal strings,
 * with the column's scale when it has one (`12.50`, not `12.5`), so no digit is lost in JSON.
 */
export const generatedRecords = (
  rows: Record<string, unknown>[],
  kinds: { decimals: Readonly<Record<string, number | null>> },
): Record<string, unknown>[] =>
  rows.map((row) => {
    const out = { ...row }
    for (const [name, scale] of Object.entries(kinds.decimals)) {
      const v = out[name] as { toFixed(n?: number): string } | null | undefined
      out[name] = v === null || v === undefined ? null : scale === null ? String(v) : v.toFixed(scale)
    }
    return out
  })

/**
 * The platform's wrapper (code config wrapMode 2): each dictionary field of a generated module's rows
 * gets its label beside it as `<name>Name` (empty when the key is not in the dictionary).
 */
export const generatedLabels = async (
  prisma: PrismaClient,
  tenantId: string,
  rows: Record<string, unknown>[],
  dicts: Readonly<Record<string, string>>,
): Promise<Record<string, unknown>[]> => {
  const fields = Object.entries(dicts)
  const names = await Promise.all(fields.map(([, code]) => dictLabels(prisma, tenantId, code)))
  return rows.map((row) => {
    const out = { ...row }
    fields.forEach(([name], i) => {
      const v = row[name]
      out[`${name}Name`] = v === null || v === undefined ? '' : (names[i]!.get(String(v)) ?? '')
    })
    return out
  })
}

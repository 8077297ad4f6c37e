import { Prisma, type PrismaClient } from '@ysjs/db'
import { parseDateTime } from '@ysjs/shared'
import { dictLabels } from './dict-labels.ts'

/** How the fields of a generated module are stored, by kind (decision 020). */
export type TGeneratedKinds = {
  dates?: readonly string[]
  dateTimes?: readonly string[]
  bigints?: readonly string[]
  /** `bigint[]` columns: lists of digit strings. */
  bigintLists?: readonly string[]
  /** `json` / `jsonb` columns: an absent value is SQL NULL. */
  jsons?: readonly string[]
  /** `bytea` columns: base64 text. */
  bytes?: readonly string[]
  /** Enum columns whose labels are not Prisma names: Prisma name → label. */
  enums?: Readonly<Record<string, Readonly<Record<string, string>>>>
}

/**
 * Turns validated input of a generated module into row data: date strings into dates, digit strings
 * into 64-bit integers, base64 into bytes, enum labels into the Prisma enum's names (generated services
 * pass their fields of those kinds here).
 */
export const generatedFieldData = (
  input: Record<string, unknown>,
  kinds: TGeneratedKinds,
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
  for (const name of kinds.bigintLists ?? []) {
    const v = out[name]
    out[name] = Array.isArray(v) ? v.map((x) => BigInt(String(x))) : []
  }
  // Prisma takes no plain null for a JSON column: DbNull is SQL NULL.
  for (const name of kinds.jsons ?? []) {
    const v = out[name]
    out[name] = v === undefined || v === null ? Prisma.DbNull : v
  }
  for (const name of kinds.bytes ?? []) {
    const v = out[name]
    out[name] = typeof v === 'string' ? Buffer.from(v, 'base64') : null
  }
  for (const [name, byName] of Object.entries(kinds.enums ?? {})) {
    const v = out[name]
    const member = Object.entries(byName).find(([, label]) => label === v)?.[0]
    out[name] = v === undefined || v === null ? null : (member ?? v)
  }
  return out
}

/**
 * Rows of a generated module as answered: `numeric` values (Prisma decimals) become decimal strings,
 * with the column's scale when it has one (`12.50`, not `12.5`), so no digit is lost in JSON; bytes
 * base64 text; a NULL array an empty list; an enum its label.
 */
export const generatedRecords = (
  rows: Record<string, unknown>[],
  kinds: {
    decimals?: Readonly<Record<string, number | null>>
    bytes?: readonly string[]
    lists?: readonly string[]
    enums?: TGeneratedKinds['enums']
  },
): Record<string, unknown>[] =>
  rows.map((row) => {
    const out = { ...row }
    for (const [name, scale] of Object.entries(kinds.decimals ?? {})) {
      const v = out[name] as { toFixed(n?: number): string } | null | undefined
      out[name] = v === null || v === undefined ? null : scale === null ? String(v) : v.toFixed(scale)
    }
    for (const name of kinds.bytes ?? []) {
      const v = out[name]
      out[name] = v instanceof Uint8Array ? Buffer.from(v).toString('base64') : null
    }
    for (const name of kinds.lists ?? []) {
      out[name] = Array.isArray(out[name]) ? out[name] : []
    }
    for (const [name, byName] of Object.entries(kinds.enums ?? {})) {
      const v = out[name]
      out[name] = typeof v === 'string' ? (byName[v] ?? v) : (v ?? null)
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

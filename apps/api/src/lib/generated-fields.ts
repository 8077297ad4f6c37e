import { parseDateTime } from '@ysjs/shared'

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

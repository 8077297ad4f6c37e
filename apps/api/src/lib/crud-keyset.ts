import type { TOrderBy } from './paging.ts'

type TId = bigint

/** Where an export batch continues: the last row's id and the value of the list's first sort column. */
export type TKeyset = { id: TId; lead: unknown }

export const keysetOf = (orderBy: TOrderBy, row: Record<string, unknown>): TKeyset => {
  const [lead] = Object.keys(orderBy[0] ?? {})
  return { id: row.id as TId, lead: lead ? row[lead] : null }
}

/**
 * Prisma's cursor compares the sort columns with an OR that no index can start from, so every batch
 * would scan from the top of the list again. A bound on the first column (`<=` the last value when it
 * sorts descending, where PostgreSQL puts nulls first) lets the index start at the cursor. An ascending
 * first column is left unbounded: its nulls come last and a required column cannot be asked for nulls.
 */
export const leadingBound = (orderBy: TOrderBy, after: TKeyset): Record<string, unknown> | null => {
  const [lead, dir] = Object.entries(orderBy[0] ?? {})[0] ?? []
  if (!lead || dir !== 'desc' || after.lead === null || after.lead === undefined) {
    return null
  }
  return { [lead]: { lte: after.lead } }
}

import { text } from '@/lib/text'
import type { TRow, TValues } from './types'

/** A stored record's form values: its id and the named properties as form text (null and undefined are ''). */
export const textValues = (row: TRow, names: readonly string[]): TValues =>
  Object.fromEntries([['id', row.id], ...names.map((name) => [name, text(row[name])])])

import type { z } from 'zod'
import { firstIssueMessage } from '../plugins/error-handler.ts'
import { AppError } from './errors.ts'
import { toWire } from './serialize.ts'

/**
 * Partial updates on the server (issue 28, decision 025). The route checks a patch with the shared
 * `zPatchOf(submit)`: every field it carries under its own rule, `null` and absent fields dropped, `''`
 * on an optional field read as "clear" (`null`). The service then applies it to the stored record and
 * writes only what changed, so a field an update does not name keeps its value.
 */

/** The fields a patch carries (`null`: clear an optional field); absent ones are left out. */
export const presentOf = (patch: object): Record<string, unknown> =>
  Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined))

/** A stored row as a submit body carries it (wire values: ids as text, dates formatted), the schema's fields only. */
export const asSubmitted = (schema: z.ZodObject, row: object): Record<string, unknown> => {
  const wire = JSON.parse(JSON.stringify(toWire(row))) as Record<string, unknown>
  const stored = row as Record<string, unknown>
  return Object.fromEntries(
    Object.keys(schema.shape)
      .filter((k) => wire[k] !== null && wire[k] !== undefined)
      .map((k) => [k, dateAsField(schema.shape[k] as z.ZodType, stored[k], wire[k])]),
  )
}

/** A DATE column reads back as UTC midnight: a field that takes only `yyyy-MM-dd` gets the day. */
const dateAsField = (field: z.ZodType, value: unknown, wire: unknown): unknown => {
  if (!(value instanceof Date) || field.safeParse(wire).success) {
    return wire
  }
  return value.toISOString().slice(0, 10)
}

/** `schema`'s output for `value`, or a 400 with the first issue's message (as the route would answer). */
export const parseOrRefuse = <T extends z.ZodType>(schema: T, value: unknown): z.output<T> => {
  const parsed = schema.safeParse(value)
  if (!parsed.success) {
    throw AppError.badRequest(firstIssueMessage(parsed.error.issues, 'body'))
  }
  return parsed.data
}

/**
 * The stored record with the patch applied, checked as a whole by the submit schema: the rules across
 * fields (an end after its start) hold for the result, whichever part the patch named.
 */
export const applyPatch = <T extends z.ZodObject>(schema: T, stored: object, patch: object): z.output<T> =>
  parseOrRefuse(schema, { ...asSubmitted(schema, stored), ...presentOf(patch) })

const same = (a: unknown, b: unknown) => JSON.stringify(toWire(a)) === JSON.stringify(toWire(b))

/**
 * The columns of `next` whose values differ from `before` (both the row data a full submit would
 * write): what an update writes. Unnamed fields compare equal and are not written, so a concurrent
 * update of another field is not overwritten with a stale value.
 */
export const changedFields = (
  next: Record<string, unknown>,
  before: Record<string, unknown> | null,
): Record<string, unknown> =>
  before ? Object.fromEntries(Object.entries(next).filter(([k, v]) => !same(v, before[k]))) : next

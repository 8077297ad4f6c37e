import { z } from 'zod'

/**
 * Partial updates (issue 28, decision 025), like the replaced platform's `updateById` (MyBatis-Plus,
 * NOT_NULL strategy): an update writes only the fields it carries. A field left out or sent as `null`
 * is not written; a field sent with a value, an empty string included, is checked by its own rule (a
 * required one answers its message) and written. An optional field sent as `''` is cleared: its patch
 * value is `null`. Creation still requires every required field (the submit schema itself).
 */
export type TPatchOf<T extends z.ZodObject> = z.ZodObject<{
  [K in keyof T['shape']]: z.ZodOptional<z.ZodType<z.output<T['shape'][K]> | null, unknown>>
}>

/**
 * The message of the "'' clears" branch of an optional field's patch rule. It is never shown: for a
 * value neither '' nor valid, the error handler answers the field's own rule's message.
 */
export const PATCH_CLEARS_BRANCH = '\u0000clears'
const CLEARS = PATCH_CLEARS_BRANCH

/** The field's rule without its default: an update that leaves the field out keeps what is stored. */
const withoutDefault = (field: z.ZodType): z.ZodType => {
  let inner = field
  while (inner instanceof z.ZodDefault || inner instanceof z.ZodPrefault) {
    inner = inner.unwrap() as z.ZodType
  }
  return inner
}

const patchField = (field: z.ZodType): z.ZodType => {
  const rule = withoutDefault(field)
  const given = rule.safeParse('')
  // An optional field reads '' as "not given"; in an update it means "clear it".
  const clearable = given.success && given.data === undefined
  const value = clearable ? z.union([z.literal('', { error: CLEARS }).transform(() => null), rule]) : rule
  return z.preprocess((v) => (v === null ? undefined : v), value.optional())
}

/**
 * The update schema of a submit schema: every field optional, each present field under its own rule,
 * no defaults. Object-level rules (an end after its start) cannot be judged on a part: the server
 * checks them on the stored record with the patch applied (`apps/api/src/lib/patch.ts`).
 */
export const zPatchOf = <T extends z.ZodObject>(schema: T): TPatchOf<T> =>
  z.object(
    Object.fromEntries(Object.entries(schema.shape).map(([k, f]) => [k, patchField(f as z.ZodType)])),
  ) as unknown as TPatchOf<T>

/** Whether a submit body asks for an update (carries an id). */
export const isUpdateBody = (body: unknown): boolean => {
  const id = (body as { id?: unknown } | null)?.id
  return id !== undefined && id !== null && id !== ''
}

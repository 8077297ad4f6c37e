import { z } from 'zod'
import { Msg } from './result.ts'

export const ID_PATTERN = /^\d{1,19}$/
/** Ids are PostgreSQL `bigint`: 19 digits can still overflow it (2^63 and above). */
const ID_MAX = 9_223_372_036_854_775_807n

/** A string of digits that fits a PostgreSQL bigint (the platform's 64-bit snowflake ids). */
export const isId = (v: unknown): v is string =>
  typeof v === 'string' && ID_PATTERN.test(v) && BigInt(v) <= ID_MAX

/** OpenAPI metadata of an id: documents the format, validation stays with the schema's own checks. */
const ID_META = { pattern: ID_PATTERN.source, example: '1123598821738675201' }

/**
 * An id sent as a JSON number: taken only while exact. Beyond 2^53 the JSON parser has already rounded
 * it to another number, which would name another row: refused (zod's int() stops at 2^53).
 */
const ZExactIdNumber = z
  .number()
  .int({ error: Msg.PARAM_TYPE_ERROR })
  .nonnegative({ error: Msg.PARAM_TYPE_ERROR })

/** A 64-bit id: accepted as a string of digits or a number, always handled as a string of digits. */
export const ZIdSchema = z
  .union([z.string().trim().meta(ID_META), ZExactIdNumber], {
    // A union answers zod's generic 无效输入 otherwise: a missing id is a missing parameter.
    error: (issue) => (issue.input === undefined ? Msg.PARAM_MISS : Msg.PARAM_TYPE_ERROR),
  })
  .transform((v) => String(v))
  .refine(isId, { message: '请求参数类型错误' })
export type TId = string

/** A required id a form picks: absent (or the empty select) answers `message`, as the form shows it. */
export const zRequiredId = (message: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .union([z.string().trim().meta(ID_META), ZExactIdNumber], {
        error: (issue) => (issue.input === undefined ? message : Msg.PARAM_TYPE_ERROR),
      })
      .transform((v) => String(v))
      .refine(isId, { message: Msg.PARAM_TYPE_ERROR }),
  )

/**
 * A required id parameter named in its missing message, as the platform names a missing
 * `@RequestParam` (`缺少必要的请求参数: <name>`; the error handler names it in 请求参数类型错误 too).
 */
export const zIdParam = (name: string) => zRequiredId(`${Msg.PARAM_MISS}: ${name}`)

/** `ids=1,2,3` as remove endpoints take them (at most 1000 at once). */
export const ZIdListSchema = z
  .string({ error: '缺少必要的请求参数: ids' })
  .trim()
  .min(1, '缺少必要的请求参数: ids')
  .max(20_000, '请求参数类型错误: ids')
  .meta({ pattern: '^\\d{1,19}(,\\d{1,19})*$', example: '1123598821738675201,1123598821738675202' })
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .refine((list) => list.length > 0 && list.length <= 1000 && list.every(isId), {
    message: '请求参数类型错误: ids',
  })

/** An id as the API answers it (wire format: a string of digits). */
export const ZWireIdSchema = z.string().meta(ID_META)

/**
 * `userIds=1,2` / `roleIds=…` style lists (at most 1000), named in their messages. A JSON array of ids
 * is taken too (JSON bodies).
 */
export const zIdListOf = (name: string, emptyMessage = `缺少必要的请求参数: ${name}`) =>
  z.preprocess(
    (v) => (Array.isArray(v) ? v.join(',') : typeof v === 'number' ? String(v) : v),
    z
      .string({ error: emptyMessage })
      .trim()
      .min(1, emptyMessage)
      .max(20_000, `请求参数类型错误: ${name}`)
      .meta({ pattern: '^\\d{1,19}(,\\d{1,19})*$', example: '1123598821738675201' })
      .transform((v) => [
        ...new Set(
          v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ])
      .refine((list) => list.length > 0 && list.length <= 1000 && list.every(isId), {
        message: `请求参数类型错误: ${name}`,
      }),
  )

import { FlowMsg, parseDateTime, resolveValue, UnknownVariableError } from '@ysjs/shared'

export { readBpmn, type TProcessModel, type TTaskModel } from '@ysjs/server-core'

/**
 * The process itself failed (a variable it reads that the instance does not have, a broken
 * expression, an unsupported element): the same on every retry, so it is answered, not retried.
 * Its message names the element and the cause where one is known.
 */
export class EngineFailure extends Error {}

/** The Chinese cause of an expression's failure, naming the variable and where it was read. */
export const expressionFailure = (err: unknown, text: string, where: string): EngineFailure =>
  new EngineFailure(
    err instanceof UnknownVariableError
      ? `${FlowMsg.UNKNOWN_VARIABLE} ${err.variable}: ${where} ${text}`
      : `${FlowMsg.EXPRESSION_FAILED}: ${where} ${text}`,
  )

/**
 * `${expr}` → its value over the variables (strict: a variable the instance does not have fails the
 * step, naming it); anything else is taken literally. Empty values are null.
 */
export const resolveExpression = (
  value: string | null,
  vars: Record<string, unknown>,
  where: string,
): unknown => {
  if (value === null) {
    return null
  }
  let v: unknown
  try {
    v = resolveValue(value.trim(), vars, { strict: true })
  } catch (err) {
    throw expressionFailure(err, value, where)
  }
  return v === undefined || v === null || v === '' ? null : v
}

/** A resolved attribute as text (null when empty). */
export const resolveText = (value: string | null, vars: Record<string, unknown>, where: string) => {
  const v = resolveExpression(value, vars, where)
  return v === null ? null : String(v)
}

const DURATION =
  /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/

/** An ISO 8601 duration (`P2D`, `PT4H`, `P1DT12H`) added to a moment; null when it is not one. */
export const addDuration = (from: Date, text: string): Date | null => {
  const m = DURATION.exec(text.trim())
  if (!m || text.trim() === 'P' || text.trim().endsWith('T')) {
    return null
  }
  const [y, mo, w, d, h, mi, s] = m.slice(1).map((v) => Number(v ?? 0))
  const out = new Date(from)
  out.setUTCFullYear(out.getUTCFullYear() + y!, out.getUTCMonth() + mo!, out.getUTCDate() + w! * 7 + d!)
  return new Date(out.getTime() + ((h! * 60 + mi!) * 60 + s!) * 1000)
}

/**
 * A user task's due date (Flowable `dueDate`): an expression or text giving a date (ISO 8601 or
 * `yyyy-MM-dd HH:mm:ss`) or a duration from the task's creation (`P2D`); null when none or unreadable.
 */
export const dueDateOf = (attr: string | null, vars: Record<string, unknown>, created: Date): Date | null => {
  if (!attr) {
    return null
  }
  let v: unknown
  try {
    v = resolveValue(attr.trim(), vars)
  } catch {
    return null
  }
  if (v instanceof Date) {
    return Number.isNaN(v.getTime()) ? null : v
  }
  if (typeof v !== 'string' || !v.trim()) {
    return null
  }
  const text = v.trim()
  if (text.startsWith('P')) {
    return addDuration(created, text)
  }
  const local = parseDateTime(text)
  if (local) {
    return local
  }
  const iso = /^\d{4}-\d{2}-\d{2}T/.test(text) ? new Date(text) : null
  return iso && !Number.isNaN(iso.getTime()) ? iso : null
}

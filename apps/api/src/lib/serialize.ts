import { formatDateTime } from '@ysjs/shared'

/**
 * Converts a payload to the platform's JSON values before serialisation: 64-bit ids (BigInt) become
 * strings of digits and dates become `yyyy-MM-dd HH:mm:ss` in Asia/Shanghai (contract decision 4).
 * Plain objects and arrays are copied; everything else is returned as is.
 */
/** The type of a value after `toWire`. */
export type TWire<T> = T extends bigint
  ? string
  : T extends Date
    ? string
    : T extends readonly (infer U)[]
      ? TWire<U>[]
      : T extends object
        ? { [K in keyof T]: TWire<T[K]> }
        : T

export const toWire = <T>(value: T): TWire<T> => convert(value) as TWire<T>

const convert = (value: unknown): unknown => {
  if (typeof value === 'bigint') {
    return value.toString()
  }
  if (value instanceof Date) {
    return formatDateTime(value)
  }
  if (Array.isArray(value)) {
    return value.map(convert)
  }
  if (value !== null && typeof value === 'object' && isPlain(value)) {
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(value)) {
      out[k] = convert(v)
    }
    return out
  }
  return value
}

const isPlain = (o: object): boolean => {
  const proto = Object.getPrototypeOf(o)
  return proto === Object.prototype || proto === null
}

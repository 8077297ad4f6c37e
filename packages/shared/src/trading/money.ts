import { z } from 'zod'
import { hasNul } from '../common/validators.ts'

/** Money in 元 (or 万元) with at most 2 decimals, below 10^12: sent as a number or a numeric string. */
export const MONEY_PATTERN = /^\d{1,12}(\.\d{1,2})?$/

const toMoneyText = (v: unknown): unknown => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v)

/** The message of an amount over its bound: {label}不能超过{max}元. */
export const moneyMaxMessage = (label: string, max: number) => `${label}不能超过${max}元`

/** Within the field's own bound (the column's, 10^12, when none is given). */
const withinMax = (label: string, max: number | undefined) =>
  [
    (v: string) => max === undefined || Number(v) <= max,
    { message: moneyMaxMessage(label, max ?? 0) },
  ] as const

/**
 * A required amount; `label` names it in the messages (请输入{label}, {label}格式不正确). An amount that
 * feeds a computed sum (fees per night, per item) gives its own `max`, so no sum can grow without end.
 */
export const zMoney = (label: string, opts: { max?: number } = {}) =>
  z.preprocess(
    toMoneyText,
    z
      .string({ error: `请输入${label}` })
      .trim()
      .min(1, `请输入${label}`)
      .refine((v) => !hasNul(v) && MONEY_PATTERN.test(v), {
        message: `${label}格式不正确,最多两位小数`,
      })
      .refine(...withinMax(label, opts.max)),
  )

/** An optional amount: empty strings and null are "not given". */
export const zOptionalMoney = (label: string, opts: { max?: number } = {}) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : toMoneyText(v)),
    z
      .string({ error: `${label}格式不正确,最多两位小数` })
      .trim()
      .refine((v) => !hasNul(v) && MONEY_PATTERN.test(v), {
        message: `${label}格式不正确,最多两位小数`,
      })
      .refine(...withinMax(label, opts.max))
      .optional(),
  )

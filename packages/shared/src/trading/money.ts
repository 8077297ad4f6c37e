import { z } from 'zod'
import { hasNul } from '../common/validators.ts'

/** Money in 元 (or 万元) with at most 2 decimals, below 10^12: sent as a number or a numeric string. */
export const MONEY_PATTERN = /^\d{1,12}(\.\d{1,2})?$/

const toMoneyText = (v: unknown): unknown => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v)

/** A required amount; `label` names it in the messages (请输入{label}, {label}格式不正确). */
export const zMoney = (label: string) =>
  z.preprocess(
    toMoneyText,
    z
      .string({ error: `请输入${label}` })
      .trim()
      .min(1, `请输入${label}`)
      .refine((v) => !hasNul(v) && MONEY_PATTERN.test(v), {
        message: `${label}格式不正确,最多两位小数`,
      }),
  )

/** An optional amount: empty strings and null are "not given". */
export const zOptionalMoney = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : toMoneyText(v)),
    z
      .string({ error: `${label}格式不正确,最多两位小数` })
      .trim()
      .refine((v) => !hasNul(v) && MONEY_PATTERN.test(v), {
        message: `${label}格式不正确,最多两位小数`,
      })
      .optional(),
  )

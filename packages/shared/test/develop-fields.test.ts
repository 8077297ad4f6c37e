import { describe, expect, it } from 'vitest'
import {
  zGenDate,
  zGenDateTime,
  zGenDecimal,
  zGenNumber,
  zGenOptionalDate,
  zGenOptionalDecimal,
  zGenOptionalNumber,
} from '../src/index.ts'

const first = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : r.error?.issues[0]?.message

describe('generated decimal fields', () => {
  it('takes decimal strings and numbers within precision and scale, answering a string', () => {
    const price = zGenDecimal('请输入单价', 12, 2)
    expect(price.parse('12.50')).toBe('12.50')
    expect(price.parse(' -3 ')).toBe('-3')
    expect(price.parse(7.25)).toBe('7.25')
    expect(price.parse('0000000000001.5')).toBe('0000000000001.5')
    expect(first(price.safeParse('12.345'))).toBe('整数部分最多10位，小数最多2位')
    expect(first(price.safeParse('12345678901'))).toBe('整数部分最多10位，小数最多2位')
    expect(first(price.safeParse('1e3'))).toBe('请输入数值')
    expect(first(price.safeParse('abc'))).toBe('请输入数值')
    expect(first(price.safeParse(''))).toBe('请输入单价')
    expect(first(price.safeParse(undefined))).toBe('请输入单价')
    expect(first(zGenDecimal('x', 5, 0).safeParse('1.5'))).toBe('请输入最多5位的整数')
    expect(zGenOptionalDecimal(12, 2).parse('')).toBeUndefined()
    expect(zGenOptionalDecimal().parse('123456789012345678901234567890.5')).toBe(
      '123456789012345678901234567890.5',
    )
  })

  it('takes finite numbers for floating-point columns', () => {
    expect(zGenNumber('请输入比例').parse('0.25')).toBe(0.25)
    expect(zGenNumber('请输入比例').parse(3)).toBe(3)
    expect(first(zGenNumber('请输入比例').safeParse('x'))).toBe('请输入比例')
    expect(first(zGenNumber('请输入比例').safeParse(undefined))).toBe('请输入比例')
    expect(zGenOptionalNumber().parse(null)).toBeUndefined()
  })
})

describe('generated date fields', () => {
  it('takes calendar days and times only', () => {
    expect(zGenDate('请选择日期').parse('2024-02-29')).toBe('2024-02-29')
    for (const bad of ['2026-02-30', '2026-13-45', '2026-1-1', '2026-01-01 08:00:00']) {
      expect(first(zGenDate('请选择日期').safeParse(bad)), bad).toBe('请选择日期')
    }
    expect(first(zGenOptionalDate().safeParse('2025-02-29'))).toBe('日期格式不正确')
    expect(zGenDateTime('请选择时间').parse('2026-01-02 10:30:00')).toBe('2026-01-02 10:30:00')
    expect(zGenDateTime('请选择时间').parse('2026-01-02')).toBe('2026-01-02')
    for (const bad of ['2026-01-02 24:00:00', '2026-04-31 10:00:00', '2026-01-02T10:30:00']) {
      expect(first(zGenDateTime('请选择时间').safeParse(bad)), bad).toBe('请选择时间')
    }
  })
})

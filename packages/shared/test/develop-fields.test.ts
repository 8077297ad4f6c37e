import { describe, expect, it } from 'vitest'
import { zGenDecimal, zGenNumber, zGenOptionalDecimal, zGenOptionalNumber } from '../src/index.ts'

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

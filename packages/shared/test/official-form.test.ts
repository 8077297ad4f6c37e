import { describe, expect, it } from 'vitest'
import { capitalYuan, chinaZipDate, cnDate, cnDateTime, cnTime, yuan } from '../src/common/official-form.ts'

describe('official form: dates', () => {
  it('writes 年月日 from wire texts and from moments read in China time', () => {
    expect(cnDate('2026-12-18')).toBe('2026年12月18日')
    expect(cnDate('2026-01-05 09:30:00')).toBe('2026年1月5日')
    expect(cnDate('1975-06')).toBe('1975年6月')
    // 2026-12-17 16:30 UTC is already the 18th in Beijing.
    expect(cnDate(new Date('2026-12-17T16:30:00Z'))).toBe('2026年12月18日')
    expect(cnDate(null)).toBe('')
    expect(cnDate('待定')).toBe('待定')
    expect(cnDate(new Date(Number.NaN))).toBe('')
  })
  it('writes times without seconds, as a clock or spoken with the period of the day', () => {
    expect(cnTime('2026-12-18 09:00:59')).toBe('09:00')
    expect(cnTime('2026-12-18 09:00:00', 'spoken')).toBe('上午9:00')
    expect(cnTime('2026-12-18 14:30:00', 'spoken')).toBe('下午2:30')
    expect(cnTime('2026-12-18 12:00:00', 'spoken')).toBe('下午12:00')
    expect(cnTime('2026-12-18 19:05:00', 'spoken')).toBe('晚上7:05')
    expect(cnTime(new Date('2026-12-18T01:00:00Z'))).toBe('09:00')
    expect(cnTime('2026-12-18')).toBe('')
    expect(cnDateTime('2026-12-18 09:30:00')).toBe('2026年12月18日 上午9:30')
    expect(cnDateTime('2026-12-18 09:30:00', 'clock')).toBe('2026年12月18日 09:30')
    expect(cnDateTime('2026-12-18')).toBe('2026年12月18日')
  })
  it('shifts a zip entry time so its UTC fields read China time', () => {
    const d = chinaZipDate(new Date('2026-12-18T01:02:03Z'))
    expect([d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes()]).toEqual([18, 9, 2])
  })
})

describe('official form: amounts', () => {
  it('writes 元 with two decimals and separators', () => {
    expect(yuan(12000)).toBe('12,000.00元')
    expect(yuan('1234567.5')).toBe('1,234,567.50元')
    expect(yuan('0.05')).toBe('0.05元')
    expect(yuan(-3)).toBe('-3.00元')
    expect(yuan('abc')).toBe('')
    expect(yuan(null)).toBe('')
  })
  it('writes capital figures as a contract states a fee', () => {
    expect(capitalYuan(12000)).toBe('人民币壹万贰仟元整')
    expect(capitalYuan(0)).toBe('人民币零元整')
    expect(capitalYuan('100.05')).toBe('人民币壹佰元零伍分')
    expect(capitalYuan('100.5')).toBe('人民币壹佰元伍角整')
    expect(capitalYuan('0.5')).toBe('人民币伍角整')
    expect(capitalYuan(1005)).toBe('人民币壹仟零伍元整')
    expect(capitalYuan(1050)).toBe('人民币壹仟零伍拾元整')
    expect(capitalYuan(100000)).toBe('人民币壹拾万元整')
    expect(capitalYuan(100005)).toBe('人民币壹拾万零伍元整')
    expect(capitalYuan(100010000)).toBe('人民币壹亿零壹万元整')
    expect(capitalYuan(35800.26)).toBe('人民币叁万伍仟捌佰元贰角陆分')
    expect(capitalYuan(-1)).toBe('')
    expect(capitalYuan('x')).toBe('')
  })
})

import { describe, expect, it } from 'vitest'
import { addressWithProvince } from '../src/common/address.ts'

describe('addressWithProvince', () => {
  it('prefixes the province chosen to the address typed', () => {
    expect(addressWithProvince('江西省', '鹰潭市月湖区林荫路1号')).toBe('江西省鹰潭市月湖区林荫路1号')
    expect(addressWithProvince('江西省', '鹰潭市月湖区', ' ')).toBe('江西省 鹰潭市月湖区')
  })
  it('does not repeat a province the address already starts with', () => {
    expect(addressWithProvince('江西省', '江西省鹰潭市月湖区林荫路1号')).toBe('江西省鹰潭市月湖区林荫路1号')
    expect(addressWithProvince('北京市', ' 北京市海淀区 ', ' ')).toBe('北京市海淀区')
  })
  it('answers the part present when one is missing', () => {
    expect(addressWithProvince(null, '鹰潭市')).toBe('鹰潭市')
    expect(addressWithProvince('江西省', '')).toBe('江西省')
    expect(addressWithProvince(undefined, null)).toBe('')
  })
  it('keeps an address naming another province after the one chosen', () => {
    expect(addressWithProvince('江西省', '湖南省长沙市')).toBe('江西省湖南省长沙市')
  })
})

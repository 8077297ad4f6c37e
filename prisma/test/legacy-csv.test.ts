import { describe, expect, it } from 'vitest'
import { csvRecords, parseCsv } from '../legacy/csv.ts'

describe('parseCsv', () => {
  it('reads quoted fields with commas, line breaks and doubled quotes', () => {
    expect(parseCsv('a,b,c\n1,"x, y","say ""hi""\nbye"\n')).toEqual([
      ['a', 'b', 'c'],
      ['1', 'x, y', 'say "hi"\nbye'],
    ])
  })
  it('takes CRLF and LF line ends, skips blank lines and a BOM, keeps empty fields', () => {
    expect(parseCsv('\uFEFFa,b\r\n1,\r\n\r\n,2')).toEqual([
      ['a', 'b'],
      ['1', ''],
      ['', '2'],
    ])
  })
  it('refuses an unclosed quote', () => {
    expect(() => parseCsv('a\n"x')).toThrow('引号未闭合')
  })
})

describe('csvRecords', () => {
  it('keys rows by lower-cased header and fills missing trailing fields', () => {
    expect(csvRecords('ID, Account ,password\n1,admin\n')).toEqual([
      { id: '1', account: 'admin', password: '' },
    ])
    expect(csvRecords('')).toEqual([])
  })
})

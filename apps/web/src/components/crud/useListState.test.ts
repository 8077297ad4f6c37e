import { describe, expect, it } from 'vitest'
import { readListState, writeListState } from './useListState'

describe('list state in the URL', () => {
  it('defaults to page 1 of 10 with an empty search', () => {
    expect(readListState(new URLSearchParams(), '', ['paramName'])).toEqual({
      current: 1,
      size: 10,
      search: { paramName: '' },
    })
  })

  it('accepts only the offered page sizes and positive pages', () => {
    expect(readListState(new URLSearchParams('current=3&size=200'), '', [])).toMatchObject({
      current: 3,
      size: 200,
    })
    expect(readListState(new URLSearchParams('current=0&size=25'), '', [])).toMatchObject({
      current: 1,
      size: 10,
    })
  })

  it('keeps two lists apart by prefix and leaves defaults out of the URL', () => {
    const start = new URLSearchParams('dict=42&p.current=2')
    const next = writeListState(start, 'c', { current: 1, size: 30, search: { dictValue: ' 男 ' } })
    expect(next.toString()).toBe('dict=42&p.current=2&c.size=30&c.dictValue=%E7%94%B7')
    expect(readListState(next, 'p', [])).toMatchObject({ current: 2, size: 10 })
    expect(readListState(next, 'c', ['dictValue'])).toEqual({
      current: 1,
      size: 30,
      search: { dictValue: '男' },
    })
  })
})

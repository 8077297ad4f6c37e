import { describe, expect, it } from 'vitest'
import { withDayBounds } from './logApi'

describe('log search', () => {
  it('turns a date range into the first and last second of its days', () => {
    expect(
      withDayBounds({ createTime_datege: '2026-03-01', createTime_datele: '2026-03-02', requestUri: '/api' }),
    ).toEqual({
      createTime_datege: '2026-03-01 00:00:00',
      createTime_datele: '2026-03-02 23:59:59',
      requestUri: '/api',
    })
    expect(withDayBounds({ createTime_datele: '2026-03-02 12:00:00' })).toEqual({
      createTime_datele: '2026-03-02 12:00:00',
    })
  })
})

import { describe, expect, it } from 'vitest'
import { isEditable } from './editable'

const open = { status: 1, surveyState: 1, startDate: '2026-01-01', endDate: '2026-12-31' }

describe('isEditable', () => {
  it('takes saves while published, not submitted and within the dates', () => {
    expect(isEditable(open, '2026-06-01')).toBe(true)
    expect(isEditable(open, '2026-01-01')).toBe(true)
    expect(isEditable(open, '2026-12-31')).toBe(true)
    expect(isEditable({ ...open, status: 2 }, '2026-06-01')).toBe(true)
  })

  it('is read-only once submitted, closed, before the start or after the end', () => {
    expect(isEditable({ ...open, status: 3 }, '2026-06-01')).toBe(false)
    expect(isEditable({ ...open, surveyState: 2 }, '2026-06-01')).toBe(false)
    expect(isEditable(open, '2025-12-31')).toBe(false)
    expect(isEditable(open, '2027-01-01')).toBe(false)
    expect(isEditable(undefined, '2026-06-01')).toBe(false)
  })
})

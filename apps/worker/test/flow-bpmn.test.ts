import { describe, expect, it } from 'vitest'
import { addDuration, dueDateOf } from '../src/flow/bpmn.ts'

const created = new Date('2026-01-05T01:00:00.000Z')

describe('task due dates (Flowable dueDate)', () => {
  it('adds an ISO 8601 duration to the creation time', () => {
    expect(addDuration(created, 'P2D')?.toISOString()).toBe('2026-01-07T01:00:00.000Z')
    expect(addDuration(created, 'PT4H30M')?.toISOString()).toBe('2026-01-05T05:30:00.000Z')
    expect(addDuration(created, 'P1W')?.toISOString()).toBe('2026-01-12T01:00:00.000Z')
    expect(addDuration(created, 'P1M')?.toISOString()).toBe('2026-02-05T01:00:00.000Z')
    expect(addDuration(created, 'P')).toBeNull()
    expect(addDuration(created, 'soon')).toBeNull()
  })

  it('reads a duration, a date or an expression giving either', () => {
    expect(dueDateOf('P1D', {}, created)?.toISOString()).toBe('2026-01-06T01:00:00.000Z')
    // yyyy-MM-dd HH:mm:ss is Shanghai time.
    expect(dueDateOf('2026-01-10 18:00:00', {}, created)?.toISOString()).toBe('2026-01-10T10:00:00.000Z')
    expect(dueDateOf('2026-01-10T18:00:00Z', {}, created)?.toISOString()).toBe('2026-01-10T18:00:00.000Z')
    expect(dueDateOf(`\${limit}`, { limit: 'PT2H' }, created)?.toISOString()).toBe('2026-01-05T03:00:00.000Z')
    expect(dueDateOf(`\${days > 3 ? 'P5D' : 'P1D'}`, { days: 4 }, created)?.toISOString()).toBe(
      '2026-01-10T01:00:00.000Z',
    )
    expect(dueDateOf(null, {}, created)).toBeNull()
    expect(dueDateOf(`\${missing}`, {}, created)).toBeNull()
    expect(dueDateOf('2026-02-30 00:00:00', {}, created)).toBeNull()
  })
})

import { describe, expect, it } from 'vitest'
import { flowMarkers } from './flowMarkers'

describe('flow markers', () => {
  it('marks finished nodes success, unfinished nodes current and taken flows as paths', () => {
    const markers = flowMarkers([
      { historyActivityId: 'start', historyActivityType: 'startEvent', endTime: '2024-01-01 09:00:00' },
      { historyActivityId: 'f1', historyActivityType: 'sequenceFlow', endTime: '2024-01-01 09:00:00' },
      { historyActivityId: 'task', historyActivityType: 'candidate', endTime: null },
      { historyActivityId: 'task', historyActivityType: 'userTask', endTime: '2024-01-01 09:00:00' },
      { historyActivityId: '', historyActivityType: 'userTask' },
    ])
    expect(Object.fromEntries(markers)).toEqual({ start: 'flow-done', f1: 'flow-path', task: 'flow-current' })
  })
})

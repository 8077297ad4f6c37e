import { describe, expect, it } from 'vitest'
import { flowMarkers } from './flowMarkers'

describe('flow markers', () => {
  it('marks taken flows as paths, candidate items current and every other item done', () => {
    const markers = flowMarkers([
      { historyActivityId: 'start', historyActivityType: 'startEvent', endTime: '2024-01-01 09:00:00' },
      { historyActivityId: 'f1', historyActivityType: 'sequenceFlow', endTime: '2024-01-01 09:00:00' },
      { historyActivityId: 'gw', historyActivityType: 'exclusiveGateway', endTime: '2024-01-01 09:00:00' },
      { historyActivityId: 'task', historyActivityType: 'candidate', endTime: null },
      // An earlier, completed visit of the same task does not hide that it is current again.
      { historyActivityId: 'task', historyActivityType: 'userTask', endTime: '2024-01-01 09:00:00' },
      { historyActivityId: '', historyActivityType: 'userTask' },
    ])
    expect(Object.fromEntries(markers)).toEqual({
      start: 'flow-done',
      f1: 'flow-path',
      gw: 'flow-done',
      task: 'flow-current',
    })
  })
})

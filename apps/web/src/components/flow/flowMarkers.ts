/** One step of a process instance's history (`process/history-flow-list`, `model-view` flow). */
export type TFlowHistoryItem = {
  historyActivityId: string
  /** `sequenceFlow` (a flow taken), `candidate` (a task waiting: the current node), or any other type (done). */
  historyActivityType: string
  endTime?: string | null
}

export type TFlowMarker = 'flow-done' | 'flow-current' | 'flow-path'

/**
 * Spec 2 (flow-diagram viewer) and 3 (workflow history item): sequence flows taken are marked
 * warning, `candidate` items (the current nodes) primary, every other item (completed) success.
 */
export const flowMarkers = (history: TFlowHistoryItem[]): Map<string, TFlowMarker> => {
  const markers = new Map<string, TFlowMarker>()
  for (const item of history) {
    if (!item.historyActivityId) {
      continue
    }
    if (item.historyActivityType === 'sequenceFlow') {
      markers.set(item.historyActivityId, 'flow-path')
    } else if (item.historyActivityType === 'candidate') {
      markers.set(item.historyActivityId, 'flow-current')
    } else if (markers.get(item.historyActivityId) !== 'flow-current') {
      markers.set(item.historyActivityId, 'flow-done')
    }
  }
  return markers
}

/** One step of a process instance's history (`process/history-flow-list`, `model-view` flow). */
export type TFlowHistoryItem = {
  historyActivityId: string
  historyActivityType: string
  endTime?: string | null
}

export type TFlowMarker = 'flow-done' | 'flow-current' | 'flow-path'

/** Sequence flows taken are marked warning, finished nodes success, unfinished (current) nodes primary. */
export const flowMarkers = (history: TFlowHistoryItem[]): Map<string, TFlowMarker> => {
  const markers = new Map<string, TFlowMarker>()
  for (const item of history) {
    if (!item.historyActivityId) {
      continue
    }
    if (item.historyActivityType === 'sequenceFlow') {
      markers.set(item.historyActivityId, 'flow-path')
    } else if (item.endTime) {
      if (markers.get(item.historyActivityId) !== 'flow-current') {
        markers.set(item.historyActivityId, 'flow-done')
      }
    } else {
      markers.set(item.historyActivityId, 'flow-current')
    }
  }
  return markers
}

import { useQuery } from '@tanstack/react-query'
import { FlowDiagramDialog } from '@/components/flow/FlowDiagramDialog'
import { flowApi } from '../flowApi'

/** The flow-diagram viewer on an instance (completed and current elements) or a definition. */
export const FlowTrackDialog = ({
  target,
  onClose,
}: {
  target: { processInstanceId?: string; processDefinitionId?: string } | null
  onClose: () => void
}) => {
  const view = useQuery({
    queryKey: ['flow', 'model-view', target],
    queryFn: () => flowApi.modelView(target ?? {}),
    enabled: target !== null,
  })
  return (
    <FlowDiagramDialog
      open={target !== null}
      onClose={onClose}
      xml={view.data?.xml ?? null}
      history={view.data?.flow ?? []}
    />
  )
}

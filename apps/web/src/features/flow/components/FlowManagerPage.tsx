import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import ToggleButton from '@mui/material/ToggleButton'
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useListState } from '@/components/crud/useListState'
import { toast } from '@/lib/notify'
import { useSession } from '@/lib/session/session'
import { flowApi } from '../flowApi'
import { categoryLabel, useFlowCategories } from '../useFlowCategories'
import { FlowAdminTable, RemoveButton } from './FlowAdminParts'
import { FlowTrackDialog } from './FlowTrackDialog'

/** 部署管理: the latest version of each definition; activate, suspend, diagram, delete. */
export const FlowManagerPage = () => {
  const { t } = useTranslation()
  const can = useSession((s) => s.permissions)
  const categories = useFlowCategories()
  // Contract 10.1 mode, in the URL beside the list's page and filters.
  const modeState = useListState('', ['mode'])
  const mode = modeState.search.mode === '2' ? 2 : 1
  const setMode = (v: number) => modeState.setSearch({ mode: v === 2 ? '2' : '' })
  const [track, setTrack] = useState<{ processDefinitionId: string } | null>(null)
  return (
    <>
      <FlowAdminTable
        testId="flow-manager"
        queryKey={['flow', 'manager', mode]}
        load={(q) => flowApi.managerList({ ...q, mode })}
        search={['category']}
        rowKey={(d) => d.id}
        toolbar={() => (
          <ToggleButtonGroup
            size="small"
            exclusive
            value={mode}
            onChange={(_, v: number | null) => v && setMode(v)}
          >
            <ToggleButton value={1}>{t('flow.mode.common')}</ToggleButton>
            <ToggleButton value={2}>{t('flow.mode.custom')}</ToggleButton>
          </ToggleButtonGroup>
        )}
        columns={[
          { label: t('flow.col.tenant'), render: (d) => d.tenantId },
          { label: t('flow.col.name'), render: (d) => d.name },
          { label: t('flow.col.key'), render: (d) => d.key },
          {
            label: t('flow.col.category'),
            render: (d) => categoryLabel(categories, d.category, d.categoryName),
          },
          { label: t('flow.col.version'), render: (d) => `v${d.version}` },
          {
            label: t('flow.col.state'),
            render: (d) => t(d.suspensionState === 1 ? 'flow.active' : 'flow.suspended'),
          },
          { label: t('flow.col.deploymentTime'), render: (d) => d.deploymentTime },
          {
            label: t('flow.startForm.warnings'),
            render: (d) =>
              d.warnings.length ? (
                <Box sx={{ color: 'warning.dark', maxWidth: 360 }}>{d.warnings.join('; ')}</Box>
              ) : null,
          },
        ]}
        actions={(d, reload) => (
          <>
            {can.flow_manager_state && (
              <Button
                size="small"
                onClick={async () => {
                  await flowApi.changeState(d.id, d.suspensionState === 1 ? 'suspend' : 'active')
                  toast.success(t('msg.operateSuccess'))
                  reload()
                }}
              >
                {t(d.suspensionState === 1 ? 'flow.action.suspend' : 'flow.action.active')}
              </Button>
            )}
            {can.flow_manager_image && (
              <Button size="small" onClick={() => setTrack({ processDefinitionId: d.id })}>
                {t('flow.action.image')}
              </Button>
            )}
            {can.flow_manager_remove && (
              <RemoveButton remove={() => flowApi.deleteDeployment(d.deploymentId)} reload={reload} />
            )}
          </>
        )}
      />
      <FlowTrackDialog target={track} onClose={() => setTrack(null)} />
    </>
  )
}

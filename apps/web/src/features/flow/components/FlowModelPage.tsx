import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import type { TFlowModel } from '@ysjs/shared'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { saveBlob } from '@/lib/download'
import { toast } from '@/lib/notify'
import { useSession } from '@/lib/session/session'
import { flowApi } from '../flowApi'
import { BpmnModelerDialog } from './BpmnModelerDialog'
import { FlowAdminTable, RemoveButton, useDeployTarget } from './FlowAdminParts'

const DeployDialog = ({ model, onClose }: { model: TFlowModel; onClose: () => void }) => {
  const { t } = useTranslation()
  const { category, tenantIds, ready, fields } = useDeployTarget()
  const [busy, setBusy] = useState(false)
  const deploy = async () => {
    if (!ready()) {
      return
    }
    setBusy(true)
    try {
      await flowApi.modelDeploy({
        modelId: model.id,
        category,
        ...(tenantIds.length ? { tenantIds: tenantIds.join(',') } : {}),
      })
      toast.success(t('msg.operateSuccess'))
      onClose()
    } finally {
      setBusy(false)
    }
  }
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>
        {t('flow.action.deploy')} · {model.name}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {fields}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('flow.action.back')}</Button>
        <Button variant="contained" disabled={busy} onClick={() => void deploy()}>
          {t('flow.action.deploy')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}

/** 模型管理: models, edited in the bpmn-js modeler, deployed per tenant. */
export const FlowModelPage = () => {
  const { t } = useTranslation()
  const can = useSession((s) => s.permissions)
  const [editing, setEditing] = useState<TFlowModel | 'new' | null>(null)
  const [deploying, setDeploying] = useState<TFlowModel | null>(null)
  const [reloadList, setReloadList] = useState<() => void>(() => () => {})
  const download = async (m: TFlowModel) => {
    const full = await flowApi.modelDetail(m.id)
    saveBlob(new Blob([full.xml ?? ''], { type: 'text/xml' }), `${m.modelKey}.bpmn20.xml`)
  }
  return (
    <>
      <FlowAdminTable<TFlowModel>
        testId="flow-models"
        queryKey={['flow', 'models']}
        load={flowApi.modelList}
        search={['name', 'modelKey']}
        rowKey={(m) => m.id}
        columns={[
          { label: t('flow.model.name'), render: (m) => m.name },
          { label: t('flow.model.key'), render: (m) => m.modelKey },
          { label: t('flow.col.version'), render: (m) => m.version },
          { label: t('flow.model.updated'), render: (m) => m.lastUpdated },
        ]}
        toolbar={(reload) =>
          can.flow_model_create && (
            <Button
              variant="contained"
              onClick={() => {
                setReloadList(() => reload)
                setEditing('new')
              }}
            >
              {t('flow.action.create')}
            </Button>
          )
        }
        actions={(m, reload) => (
          <>
            {can.flow_model_update && (
              <Button
                size="small"
                onClick={() => {
                  setReloadList(() => reload)
                  setEditing(m)
                }}
              >
                {t('flow.action.edit')}
              </Button>
            )}
            {can.flow_model_deploy && (
              <Button size="small" onClick={() => setDeploying(m)}>
                {t('flow.action.deploy')}
              </Button>
            )}
            {can.flow_model_download && (
              <Button size="small" onClick={() => void download(m)}>
                {t('flow.action.download')}
              </Button>
            )}
            {can.flow_model_delete && (
              <RemoveButton remove={() => flowApi.modelRemove(m.id)} reload={reload} />
            )}
          </>
        )}
      />
      {editing && (
        <BpmnModelerDialog
          model={editing}
          onClose={(saved) => {
            setEditing(null)
            if (saved) {
              reloadList()
            }
          }}
        />
      )}
      {deploying && <DeployDialog model={deploying} onClose={() => setDeploying(null)} />}
    </>
  )
}

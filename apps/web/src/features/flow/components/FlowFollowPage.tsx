import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import TextField from '@mui/material/TextField'
import { FlowMsg } from '@ysjs/shared'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from '@/lib/notify'
import { useSession } from '@/lib/session/session'
import { flowApi } from '../flowApi'
import { FlowAdminTable } from './FlowAdminParts'
import { FlowTrackDialog } from './FlowTrackDialog'

/** 流程监控: running instances; diagram and delete with a reason. */
export const FlowFollowPage = () => {
  const { t } = useTranslation()
  const can = useSession((s) => s.permissions)
  const [track, setTrack] = useState<{ processInstanceId: string } | null>(null)
  const [deleting, setDeleting] = useState<{ id: string; reload: () => void } | null>(null)
  const [reason, setReason] = useState('')
  return (
    <>
      <FlowAdminTable
        testId="flow-follow"
        queryKey={['flow', 'follow']}
        load={flowApi.followList}
        search={['processInstanceId', 'processDefinitionKey']}
        rowKey={(r) => r.id}
        columns={[
          { label: t('flow.col.instance'), render: (r) => r.processInstanceId },
          { label: t('flow.col.tenant'), render: (r) => r.tenantId },
          { label: t('flow.col.category'), render: (r) => r.categoryName ?? r.category },
          { label: t('flow.col.name'), render: (r) => r.name },
          { label: t('flow.col.startUser'), render: (r) => r.startUser },
          { label: t('flow.col.taskName'), render: (r) => r.taskName ?? r.taskDefinitionKey },
          { label: t('flow.col.createTime'), render: (r) => r.startTime },
          {
            label: t('flow.problem'),
            render: (r) =>
              r.problem ? <Box sx={{ color: 'error.main', maxWidth: 360 }}>{r.problem}</Box> : null,
          },
        ]}
        actions={(r, reload) => (
          <>
            <Button size="small" onClick={() => setTrack({ processInstanceId: r.processInstanceId })}>
              {t('flow.action.image')}
            </Button>
            {can.flow_follow_delete && (
              <Button
                size="small"
                color="error"
                onClick={() => setDeleting({ id: r.processInstanceId, reload })}
              >
                {t('flow.action.remove')}
              </Button>
            )}
          </>
        )}
      />
      <FlowTrackDialog target={track} onClose={() => setTrack(null)} />
      {deleting && (
        <Dialog open onClose={() => setDeleting(null)} fullWidth maxWidth="xs">
          <DialogTitle>{t('common.tip')}</DialogTitle>
          <DialogContent>
            <DialogContentText>{t('msg.deleteConfirm')}</DialogContentText>
            <TextField
              sx={{ mt: 1 }}
              fullWidth
              label={t('flow.deleteReason')}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setDeleting(null)}>{t('common.cancel')}</Button>
            <Button
              color="error"
              variant="contained"
              onClick={async () => {
                if (!reason.trim()) {
                  toast.warning(FlowMsg.DELETE_REASON)
                  return
                }
                await flowApi.deleteInstance(deleting.id, reason.trim())
                toast.success(t('msg.deleteSuccess'))
                deleting.reload()
                setDeleting(null)
                setReason('')
              }}
            >
              {t('common.confirm')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </>
  )
}

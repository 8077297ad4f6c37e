import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import type { TBladeFlow } from '@ysjs/shared'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from '@/lib/notify'
import { flowApi } from '../flowApi'
import { parseVariables } from './FlowStartDialog'

/**
 * 办理 a task of a process that has no screens of its own (not the leave): a comment, the variables
 * its gateways read (JSON), and 同意 (`flag: ok`) or 驳回. A variable the process needs and lacks is
 * answered by the server, naming it.
 */
export const FlowTaskDialog = ({
  task,
  onClose,
  onDone,
}: {
  task: TBladeFlow | null
  onClose: () => void
  onDone: () => void
}) => {
  const { t } = useTranslation()
  const [comment, setComment] = useState('')
  const [json, setJson] = useState('')
  const [invalid, setInvalid] = useState(false)
  const [busy, setBusy] = useState(false)
  const close = () => {
    setComment('')
    setJson('')
    setInvalid(false)
    onClose()
  }
  const send = async (approve: boolean) => {
    const variables = parseVariables(json)
    if (!variables) {
      setInvalid(true)
      toast.warning(t('flow.startForm.variablesInvalid'))
      return
    }
    setBusy(true)
    try {
      await flowApi.complete({
        taskId: task?.taskId ?? '',
        processInstanceId: task?.processInstanceId ?? '',
        comment: comment.trim() || '同意',
        ...(approve ? { flag: 'ok' } : {}),
        variables,
      })
      toast.success(t('msg.operateSuccess'))
      onDone()
      close()
    } catch {
      // The HTTP client showed the server's message.
    } finally {
      setBusy(false)
    }
  }
  return (
    <Dialog open={task !== null} onClose={close} fullWidth maxWidth="sm">
      <DialogTitle>
        {t('flow.taskForm.title')}
        {task ? `: ${task.processDefinitionName ?? ''} / ${task.taskName ?? ''}` : ''}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }} data-testid="flow-task-form">
          <TextField
            label={t('flow.taskForm.comment')}
            size="small"
            multiline
            minRows={2}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
          />
          <TextField
            label={t('flow.startForm.variables')}
            placeholder='{"approved": "true"}'
            size="small"
            multiline
            minRows={3}
            value={json}
            onChange={(e) => {
              setJson(e.target.value)
              setInvalid(false)
            }}
            error={invalid}
            helperText={invalid ? t('flow.startForm.variablesInvalid') : t('flow.startForm.variablesHint')}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('common.cancel')}</Button>
        <Button color="warning" disabled={busy} onClick={() => void send(false)}>
          {t('flow.action.reject')}
        </Button>
        <Button variant="contained" disabled={busy} onClick={() => void send(true)}>
          {t('flow.action.approve')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}

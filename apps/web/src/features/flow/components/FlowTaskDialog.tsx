import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import type { TBladeFlow } from '@ysjs/shared'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { FormText } from '@/components/form/Fields'
import { keepFocus } from '@/components/form/requiredLabel'
import { useZodForm } from '@/components/form/useZodForm'
import { ZodFormProvider } from '@/components/form/ZodFormProvider'
import { toast } from '@/lib/notify'
import { flowApi } from '../flowApi'
import { parseVariables, VariablesField } from './FlowStartDialog'

/** A comment (optional: 同意 when empty) and the variables as a JSON object of plain values. */
const taskSchema = (invalidJson: string) =>
  z.object({
    comment: z.string(),
    json: z.string().refine((v) => parseVariables(v) !== null, { message: invalidJson }),
  })

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
  const schema = useMemo(() => taskSchema(t('flow.startForm.variablesInvalid')), [t])
  const form = useZodForm(schema, { defaultValues: { comment: '', json: '' } })
  const busy = form.formState.isSubmitting
  const close = () => {
    form.reset()
    onClose()
  }
  const send = (approve: boolean) =>
    form.submit(async ({ comment, json }) => {
      await flowApi.complete({
        taskId: task?.taskId ?? '',
        processInstanceId: task?.processInstanceId ?? '',
        comment: comment.trim() || '同意',
        ...(approve ? { flag: 'ok' } : {}),
        variables: parseVariables(json) ?? {},
      })
      toast.success(t('msg.operateSuccess'))
      onDone()
      close()
    })
  return (
    <Dialog open={task !== null} onClose={close} fullWidth maxWidth="sm">
      <DialogTitle>
        {t('flow.taskForm.title')}
        {task ? `: ${task.processDefinitionName ?? ''} / ${task.taskName ?? ''}` : ''}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }} data-testid="flow-task-form">
          <ZodFormProvider form={form}>
            <FormText name="comment" label={t('flow.taskForm.comment')} multiline minRows={2} />
            <VariablesField example='{"approved": "true"}' />
          </ZodFormProvider>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('common.cancel')}</Button>
        <Button color="warning" disabled={busy} onClick={() => void send(false)()} {...keepFocus}>
          {t('flow.action.reject')}
        </Button>
        <Button variant="contained" disabled={busy} onClick={() => void send(true)()} {...keepFocus}>
          {t('flow.action.approve')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}

import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import MenuItem from '@mui/material/MenuItem'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import { useQuery } from '@tanstack/react-query'
import { checkStartVariables, type TFlowFormField } from '@ysjs/shared'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from '@/lib/notify'
import { flowApi } from '../flowApi'

type TValue = string | number | boolean | null
/** The extra variables typed as JSON: an object of plain values, or null when it is not one. */
export const parseVariables = (text: string): Record<string, TValue> | null => {
  if (!text.trim()) {
    return {}
  }
  try {
    const v: unknown = JSON.parse(text)
    if (!v || typeof v !== 'object' || Array.isArray(v)) {
      return null
    }
    const plain = Object.values(v).every(
      (x) => x === null || ['string', 'number', 'boolean'].includes(typeof x),
    )
    return plain ? (v as Record<string, TValue>) : null
  } catch {
    return null
  }
}

const inputType = (f: TFlowFormField) =>
  f.type === 'long' || f.type === 'double' ? 'number' : f.type === 'date' ? 'date' : 'text'

/**
 * 发起事务 for any deployed process: its start form's fields as the BPMN declares them
 * (`flowable:formProperty`, Camunda's `formField`), and a JSON of further variables (the only input
 * when the process has no form). The server checks the same way (`checkStartVariables`).
 */
export const FlowStartDialog = ({
  processDefinitionId,
  onClose,
  onStarted,
}: {
  processDefinitionId: string | null
  onClose: () => void
  onStarted: () => void
}) => {
  const { t } = useTranslation()
  const form = useQuery({
    queryKey: ['flow', 'start-form', processDefinitionId],
    queryFn: () => flowApi.startForm(processDefinitionId ?? ''),
    enabled: processDefinitionId !== null,
  })
  const [values, setValues] = useState<Record<string, string>>({})
  const [json, setJson] = useState('')
  const [error, setError] = useState<{ field: string | null; msg: string } | null>(null)
  const [busy, setBusy] = useState(false)
  const fields = form.data?.fields ?? []
  const close = () => {
    setValues({})
    setJson('')
    setError(null)
    onClose()
  }
  const submit = async () => {
    const extra = parseVariables(json)
    if (!extra) {
      setError({ field: '__json', msg: t('flow.startForm.variablesInvalid') })
      toast.warning(t('flow.startForm.variablesInvalid'))
      return
    }
    const input: Record<string, TValue> = { ...extra }
    for (const f of fields) {
      if (values[f.variable] !== undefined) {
        input[f.variable] = values[f.variable] ?? null
      }
    }
    const checked = checkStartVariables(fields, input)
    if (!checked.ok) {
      const field = fields.find((f) => checked.msg.includes(f.name ?? f.variable))?.variable ?? null
      setError({ field, msg: checked.msg })
      toast.warning(checked.msg)
      return
    }
    setError(null)
    setBusy(true)
    try {
      await flowApi.startProcess({ processDefinitionId: processDefinitionId ?? '', variables: input })
      toast.success(t('msg.operateSuccess'))
      onStarted()
      close()
    } catch {
      // The HTTP client showed the server's message (the cause, named).
    } finally {
      setBusy(false)
    }
  }
  return (
    <Dialog open={processDefinitionId !== null} onClose={close} fullWidth maxWidth="sm">
      <DialogTitle>
        {t('flow.startForm.title')}
        {form.data?.name ? `: ${form.data.name}` : ''}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }} data-testid="flow-start-form">
          {(form.data?.warnings ?? []).map((w) => (
            <Alert key={w} severity="warning">
              {w}
            </Alert>
          ))}
          {form.data && !fields.length && <Alert severity="info">{t('flow.startForm.noFields')}</Alert>}
          {fields.map((f) => {
            const label = f.name ?? f.variable
            const common = {
              label,
              required: f.required,
              size: 'small' as const,
              fullWidth: true,
              value: values[f.variable] ?? f.defaultValue ?? '',
              error: error?.field === f.variable,
              helperText: error?.field === f.variable ? error.msg : undefined,
              onChange: (e: { target: { value: string } }) => {
                setValues((v) => ({ ...v, [f.variable]: e.target.value }))
                setError((err) => (err?.field === f.variable ? null : err))
              },
            }
            if (f.type === 'boolean' || (f.type === 'enum' && f.values.length)) {
              const options =
                f.type === 'boolean'
                  ? [
                      { value: 'true', name: t('flow.startForm.yes') },
                      { value: 'false', name: t('flow.startForm.no') },
                    ]
                  : f.values
              return (
                <TextField key={f.variable} select {...common}>
                  {options.map((o) => (
                    <MenuItem key={o.value} value={o.value}>
                      {o.name ?? o.value}
                    </MenuItem>
                  ))}
                </TextField>
              )
            }
            return (
              <TextField
                key={f.variable}
                type={inputType(f)}
                slotProps={{ inputLabel: { shrink: inputType(f) === 'date' ? true : undefined } }}
                {...common}
              />
            )
          })}
          <TextField
            label={t('flow.startForm.variables')}
            placeholder='{"amount": 500}'
            multiline
            minRows={3}
            size="small"
            value={json}
            onChange={(e) => setJson(e.target.value)}
            error={error?.field === '__json'}
            helperText={error?.field === '__json' ? error.msg : t('flow.startForm.variablesHint')}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('common.cancel')}</Button>
        <Button variant="contained" disabled={busy || !form.data} onClick={() => void submit()}>
          {t('flow.action.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}

import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import MenuItem from '@mui/material/MenuItem'
import Stack from '@mui/material/Stack'
import { useQuery } from '@tanstack/react-query'
import { checkStartVariables, type TFlowFormField } from '@ysjs/shared'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { FormText } from '@/components/form/Fields'
import { keepFocus } from '@/components/form/requiredLabel'
import { useZodForm } from '@/components/form/useZodForm'
import { ZodFormProvider } from '@/components/form/ZodFormProvider'
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

/** The further variables as JSON (the `json` field of the enclosing form); `example` its placeholder. */
export const VariablesField = ({ example }: { example: string }) => {
  const { t } = useTranslation()
  return (
    <FormText
      name="json"
      label={t('flow.startForm.variables')}
      placeholder={example}
      multiline
      minRows={3}
      helperText={t('flow.startForm.variablesHint')}
    />
  )
}

const inputType = (f: TFlowFormField) =>
  f.type === 'long' || f.type === 'double' ? 'number' : f.type === 'date' ? 'date' : 'text'

/** The values as typed: one per form field (by position: a variable's name may hold a dot), and the JSON. */
type TStartValues = { values: string[]; json: string }

/** The variables a start sends: the JSON's, then each typed field over them. */
const variablesOf = (fields: TFlowFormField[], v: TStartValues): Record<string, TValue> | null => {
  const extra = parseVariables(v.json)
  if (!extra) {
    return null
  }
  const input: Record<string, TValue> = { ...extra }
  fields.forEach((f, i) => {
    const typed = v.values[i] ?? ''
    if (typed !== '' || !(f.variable in extra)) {
      input[f.variable] = typed
    }
  })
  return input
}

/**
 * The start form's schema: each field checked by the shared `checkStartVariables` (the server's rule),
 * its message under it; the JSON must be an object of plain values.
 */
const startSchema = (fields: TFlowFormField[], invalidJson: string) =>
  z.object({ values: z.array(z.string()), json: z.string() }).superRefine((v, ctx) => {
    const input = variablesOf(fields, v)
    if (!input) {
      ctx.addIssue({ code: 'custom', path: ['json'], message: invalidJson })
      return
    }
    fields.forEach((f, i) => {
      const checked = checkStartVariables([f], { [f.variable]: input[f.variable] ?? null })
      if (!checked.ok) {
        ctx.addIssue({ code: 'custom', path: ['values', i], message: checked.msg })
      }
    })
  })

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
  const startForm = useQuery({
    queryKey: ['flow', 'start-form', processDefinitionId],
    queryFn: () => flowApi.startForm(processDefinitionId ?? ''),
    enabled: processDefinitionId !== null,
  })
  const fields = useMemo(() => startForm.data?.fields ?? [], [startForm.data])
  const schema = useMemo(() => startSchema(fields, t('flow.startForm.variablesInvalid')), [fields, t])
  const initial = useMemo(
    (): TStartValues => ({ values: fields.map((f) => f.defaultValue ?? ''), json: '' }),
    [fields],
  )
  const form = useZodForm(schema, { values: initial })
  const busy = form.formState.isSubmitting
  const close = () => {
    form.reset(initial)
    onClose()
  }
  const submit = form.submit(async (v) => {
    await flowApi.startProcess({
      processDefinitionId: processDefinitionId ?? '',
      variables: variablesOf(fields, v) ?? {},
    })
    toast.success(t('msg.operateSuccess'))
    onStarted()
    close()
  }, schema)
  return (
    <Dialog open={processDefinitionId !== null} onClose={close} fullWidth maxWidth="sm">
      <DialogTitle>
        {t('flow.startForm.title')}
        {startForm.data?.name ? `: ${startForm.data.name}` : ''}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }} data-testid="flow-start-form">
          {(startForm.data?.warnings ?? []).map((w) => (
            <Alert key={w} severity="warning">
              {w}
            </Alert>
          ))}
          {startForm.data && !fields.length && <Alert severity="info">{t('flow.startForm.noFields')}</Alert>}
          <ZodFormProvider form={form}>
            {fields.map((f, i) => {
              const common = {
                name: `values.${i}`,
                label: f.name ?? f.variable,
                required: f.required,
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
                  <FormText key={f.variable} select {...common}>
                    {options.map((o) => (
                      <MenuItem key={o.value} value={o.value}>
                        {o.name ?? o.value}
                      </MenuItem>
                    ))}
                  </FormText>
                )
              }
              return (
                <FormText
                  key={f.variable}
                  type={inputType(f)}
                  shrinkLabel={inputType(f) === 'date' ? true : undefined}
                  {...common}
                />
              )
            })}
            <VariablesField example='{"amount": 500}' />
          </ZodFormProvider>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          disabled={busy || !startForm.data}
          onClick={() => void submit()}
          {...keepFocus}
        >
          {t('flow.action.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}

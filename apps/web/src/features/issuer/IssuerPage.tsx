import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Grid from '@mui/material/Grid'
import Paper from '@mui/material/Paper'
import { type TIssuer, type TIssuerSubmitInput, ZIssuerSubmitSchema } from '@ysjs/shared'
import { useTranslation } from 'react-i18next'
import { FormTextField } from '@/components/form/FormTextField'
import { useZodForm } from '@/components/form/useZodForm'
import { useResourceMutation } from '@/lib/resource/hooks'
import { usePermittedActions } from '@/lib/session/permissions'
import { ISSUER_KEY, submitIssuer, useIssuer } from './api/issuerApi'

const FIELDS = [
  'fullName',
  'shortName',
  'address',
  'postcode',
  'phone',
  'fax',
  'email',
  'bankName',
  'bankAccount',
  'sealText',
] as const

const toForm = (issuer: TIssuer): TIssuerSubmitInput =>
  Object.fromEntries(FIELDS.map((k) => [k, issuer[k] ?? ''])) as TIssuerSubmitInput

const IssuerForm = ({ issuer }: { issuer: TIssuer }) => {
  const { t } = useTranslation()
  const { edit } = usePermittedActions({ menuPath: '/system/issuer' })
  const form = useZodForm(ZIssuerSubmitSchema, { values: toForm(issuer), fieldOrder: [...FIELDS] })
  const save = useResourceMutation(submitIssuer, { invalidates: [ISSUER_KEY] })
  const busy = save.busy || form.formState.isSubmitting
  const wide = new Set(['fullName', 'address', 'sealText'])

  return (
    <form
      // A save writes only what it carries (decision 030): the form sends the fields the user emptied
      // as '' (useZodForm), so they are cleared.
      onSubmit={form.submit((values) => save.runOrThrow(values))}
      noValidate
      aria-label={t('issuer.route')}
    >
      <Grid container spacing={2}>
        {FIELDS.map((name) => (
          <Grid key={name} size={{ xs: 12, sm: wide.has(name) ? 12 : 6 }}>
            <FormTextField
              control={form.control}
              name={name}
              label={t(`issuer.${name}`)}
              required={form.isRequired(name)}
              disabled={busy || !edit}
              helperText={name === 'sealText' ? t('issuer.sealHint') : undefined}
            />
          </Grid>
        ))}
        {edit && (
          <Grid size={12}>
            <Button type="submit" variant="contained" disabled={busy}>
              {t('common.save')}
            </Button>
          </Grid>
        )}
      </Grid>
    </form>
  )
}

/** 评价机构信息: the centre that issues the appraisal's documents, one profile per tenant. */
export const IssuerPage = () => {
  const { t } = useTranslation()
  const { data } = useIssuer()
  return (
    <Paper sx={{ p: 3, maxWidth: 960 }}>
      <Alert severity="info" sx={{ mb: 2 }}>
        {t('issuer.hint')}
        {data && !data.configured ? ` ${t('issuer.notConfigured')}` : ''}
      </Alert>
      {data && <IssuerForm issuer={data} />}
    </Paper>
  )
}

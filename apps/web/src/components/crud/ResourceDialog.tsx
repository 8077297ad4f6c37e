import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Grid from '@mui/material/Grid'
import LinearProgress from '@mui/material/LinearProgress'
import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { type Control, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { fieldSchemaAt, isRequiredField } from '@/components/form/schemaFields'
import { useZodForm } from '@/components/form/useZodForm'
import { toast } from '@/lib/notify'
import { ResourceField } from './ResourceField'
import type { TResource, TRow, TValues } from './types'

export type TDialogMode = 'add' | 'edit' | 'view'

/** The resource's footer, re-rendered with the form's values as they change (only this part re-renders). */
const FormFooter = ({
  control,
  mode,
  render,
}: {
  control: Control<TValues>
  mode: 'add' | 'edit'
  render: NonNullable<TResource<TRow>['formFooter']>
}) => {
  const values = useWatch({ control }) as TValues
  return render(values, mode)
}

type TProps<Row extends TRow> = {
  resource: TResource<Row>
  mode: TDialogMode
  row: Row | null
  onClose: () => void
  onSaved: (mode: TDialogMode) => void
}

const formValuesOf = <Row extends TRow>(resource: TResource<Row>, row: Row): TValues => {
  if (resource.toForm) {
    return resource.toForm(row)
  }
  const values: TValues = { id: row.id }
  resource.fields.forEach((f) => {
    values[f.name] = row[f.name] ?? ''
  })
  return values
}

const emptyValues = <Row extends TRow>(resource: TResource<Row>): TValues => ({
  ...Object.fromEntries(resource.fields.filter((f) => f.form !== false).map((f) => [f.name, ''])),
  ...resource.defaults?.(),
})

/** View, add and edit of one record, generated from the resource's fields and shared schema. */
export const ResourceDialog = <Row extends TRow>({ resource, mode, row, onClose, onSaved }: TProps<Row>) => {
  const { t } = useTranslation()
  const detailQuery = useQuery({
    queryKey: [resource.key, 'detail', row?.id],
    queryFn: () => resource.api.detail?.(row?.id ?? '') ?? Promise.resolve(row),
    enabled: mode !== 'add' && !!row && !!resource.api.detail,
    staleTime: 0,
  })
  const source = mode === 'add' ? null : (detailQuery.data ?? row)
  const values = useMemo(
    () => (source ? formValuesOf(resource, source) : emptyValues(resource)),
    [resource, source],
  )
  const formFields = useMemo(
    () => resource.fields.filter((f) => f.form !== false && (!f.modes || f.modes.includes(mode))),
    [resource, mode],
  )
  const shown = useMemo(() => formFields.map((f) => f.name), [formFields])
  // Only the dialog's own fields are sent as '' when emptied (decision 030): the hidden columns that
  // ride along in the values (a list's name, another mode's field) keep what they hold.
  const form = useZodForm(resource.schema, { values, fieldOrder: shown, fields: shown })
  const { control, formState } = form
  const required = useMemo(
    () =>
      new Set(
        formFields.filter((f) => isRequiredField(fieldSchemaAt(resource.schema, f.name))).map((f) => f.name),
      ),
    [formFields, resource.schema],
  )
  const readOnly = mode === 'view'
  const busy = formState.isSubmitting
  const loading = mode !== 'add' && !!resource.api.detail && detailQuery.isLoading

  // A failed check marks each field and toasts the first message; a 400 about a field lands under it.
  const onValid = async (data: TValues) => {
    // The fields the user emptied go as '' (useZodForm's submit), so an update clears them.
    await resource.api.submit(data)
    toast.success(t(mode === 'add' ? 'msg.addSuccess' : 'msg.updateSuccess'))
    onSaved(mode)
  }

  const name = t(resource.nameKey)
  const title = t(mode === 'add' ? 'crud.addTitle' : mode === 'edit' ? 'crud.editTitle' : 'crud.viewTitle', {
    name,
  })

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      maxWidth={resource.dialogWidth ?? 'md'}
      aria-labelledby="resource-dialog-title"
    >
      <form onSubmit={form.submit(onValid)} noValidate>
        <DialogTitle id="resource-dialog-title">{title}</DialogTitle>
        {loading && <LinearProgress />}
        <DialogContent dividers>
          <Grid container spacing={2}>
            {formFields.map((field) => (
              <Grid
                key={field.name}
                size={{
                  xs: 12,
                  sm: field.span ?? (field.kind === 'richtext' || field.kind === 'textarea' ? 12 : 6),
                }}
              >
                <ResourceField
                  field={field}
                  control={control}
                  disabled={readOnly || busy || loading}
                  required={!readOnly && required.has(field.name)}
                />
              </Grid>
            ))}
          </Grid>
          {resource.formFooter && !readOnly && !loading && (
            <FormFooter
              control={control}
              mode={mode === 'add' ? 'add' : 'edit'}
              render={resource.formFooter}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {readOnly ? t('common.close') : t('common.cancel')}
          </Button>
          {!readOnly && (
            <Button type="submit" variant="contained" disabled={busy || loading}>
              {t('common.save')}
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  )
}

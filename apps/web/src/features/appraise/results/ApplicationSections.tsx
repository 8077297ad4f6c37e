import { Box, Button, FormHelperText, Grid, IconButton, MenuItem, Stack } from '@mui/material'
import type { ReactNode } from 'react'
import { useFormContext, useFormState, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { FormDate, FormDict, FormRichText, FormText } from '@/components/form/Fields'
import { translateMessage } from '@/lib/i18n/messages'
import { PRINCIPAL_FIELDS, type TRowValues, UNIT_FIELDS } from './applicationForm'

/** 基本信息: the agreement's own fields. */
export const BasicSection = ({ canEdit, staff }: { canEdit: boolean; staff: boolean }) => {
  const { t } = useTranslation()
  const disabled = !canEdit
  const cell = (node: ReactNode, span = 6) => <Grid size={{ xs: 12, md: span }}>{node}</Grid>
  const text = (name: string, extra: { readOnly?: boolean } = {}) =>
    cell(<FormText name={name} label={t(`appraise.field.${name}`)} disabled={disabled || extra.readOnly} />)
  return (
    <Grid container spacing={2}>
      {text('agreementNumber', { readOnly: !staff })}
      {text('name')}
      {text('firstParty')}
      {text('signingLocation')}
      {cell(<FormDate name="signingDate" label={t('appraise.field.signingDate')} disabled={disabled} />)}
      {cell(
        <FormDict
          name="outcomeType"
          code="achievement_type"
          label={t('appraise.field.outcomeType')}
          disabled={disabled}
        />,
      )}
      {text('appraiseType')}
      {cell(
        <FormText name="meetingType" select label={t('appraise.field.meetingType')} disabled={disabled}>
          <MenuItem value="1">{t('appraise.meetingTypes.online')}</MenuItem>
          <MenuItem value="2">{t('appraise.meetingTypes.offline')}</MenuItem>
        </FormText>,
      )}
      {cell(
        <FormDate
          name="meetingTime"
          kind="datetime"
          label={t('appraise.field.meetingTime')}
          disabled={disabled}
        />,
      )}
      {text('meetingVenue')}
      {cell(
        <FormRichText name="resultsSource" label={t('appraise.field.resultsSource')} disabled={disabled} />,
        12,
      )}
      {cell(
        <FormRichText name="synopsis" label={t('appraise.field.synopsis')} rows={5} disabled={disabled} />,
        12,
      )}
    </Grid>
  )
}

/** 委托方: the principal group, all required on submit. */
export const PrincipalSection = ({ canEdit }: { canEdit: boolean }) => {
  const { t } = useTranslation()
  return (
    <Grid container spacing={2}>
      {PRINCIPAL_FIELDS.map(([key, label]) => (
        <Grid key={key} size={{ xs: 12, md: 6 }}>
          <FormText name={`principal.${key}`} label={t(`appraise.field.${label}`)} disabled={!canEdit} />
        </Grid>
      ))}
    </Grid>
  )
}

/** A row column: its key, label, and a dictionary code or the unit choices of the people rows. */
type TColumn = { key: string; label: string; dict?: string; units?: boolean }

type TRowsProps = {
  list: 'unitEntityList' | 'peopleEntityList'
  columns: TColumn[]
  canEdit: boolean
  testId: string
  /** A saved row (with an id) is removed on the server first; false keeps it. */
  onRemoveSaved: (row: TRowValues) => Promise<boolean>
}

/** The unit choices of a person row: the application's units, by id (saved) or by name (new). */
const useUnitChoices = () => {
  const units = (useWatch({ name: 'unitEntityList' }) ?? []) as TRowValues[]
  return units
    .map((u) => ({ value: u.id || u.unitName || '', label: u.unitName || u.id || '' }))
    .filter((u) => u.value)
}

/** Editable rows (units, people): each cell a field of the form with its own message. */
export const RowsSection = ({ list, columns, canEdit, testId, onRemoveSaved }: TRowsProps) => {
  const { t } = useTranslation()
  const { setValue, getValues, formState } = useFormContext()
  const rows = (useWatch({ name: list }) ?? []) as TRowValues[]
  const units = useUnitChoices()
  const { errors } = useFormState({ name: list })
  const listError = errors[list]?.message
  // Once the form has been submitted, adding or removing a row checks the list again.
  const setRows = (next: TRowValues[]) =>
    setValue(list, next, { shouldDirty: true, shouldValidate: formState.isSubmitted })
  const cell = (i: number, col: TColumn) => {
    const name = `${list}.${i}.${col.key}`
    if (col.units) {
      return (
        <FormText name={name} select label={col.label} disabled={!canEdit}>
          {units.map((u) => (
            <MenuItem key={u.value} value={u.value}>
              {u.label}
            </MenuItem>
          ))}
        </FormText>
      )
    }
    if (col.dict) {
      return <FormDict name={name} code={col.dict} label={col.label} disabled={!canEdit} />
    }
    return (
      <FormText
        name={name}
        label={col.label}
        disabled={!canEdit}
        htmlInput={{ 'data-testid': `${testId}-${i}-${col.key}` }}
      />
    )
  }
  return (
    <Stack spacing={1}>
      {rows.map((row, i) => (
        <Stack key={row.id || `new-${i}`} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          {columns.map((col) => (
            <Box key={col.key} sx={{ flex: 1 }}>
              {cell(i, col)}
            </Box>
          ))}
          {canEdit && (
            <IconButton
              aria-label={t('appraise.remove')}
              data-testid={`${testId}-${i}-remove`}
              onClick={async () => {
                // An unsaved row is dropped without a call (spec section 5).
                if (row.id && !(await onRemoveSaved(row))) {
                  return
                }
                const current = (getValues(list) ?? []) as TRowValues[]
                setRows(current.filter((_r, n) => n !== i))
              }}
            >
              ×
            </IconButton>
          )}
        </Stack>
      ))}
      {typeof listError === 'string' && (
        <FormHelperText error data-testid={`${testId}-list-error`}>
          {translateMessage(listError)}
        </FormHelperText>
      )}
      {canEdit && (
        <Box>
          <Button onClick={() => setRows([...rows, {}])} data-testid={`${testId}-add`}>
            {t('appraise.addRow')}
          </Button>
        </Box>
      )}
    </Stack>
  )
}

type TSectionProps = { canEdit: boolean; onRemoveSaved: (row: TRowValues) => Promise<boolean> }

/** 完成单位 (spec section 5: 请输入完成单位 when there is none). */
export const UnitsSection = (props: TSectionProps) => {
  const { t } = useTranslation()
  const columns = UNIT_FIELDS.map(([key, label]) => ({ key, label: t(`appraise.field.${label}`) }))
  return <RowsSection list="unitEntityList" columns={columns} testId="unit" {...props} />
}

/** 完成人员: a person's work unit is one of the application's units. */
export const PeopleSection = (props: TSectionProps) => {
  const { t } = useTranslation()
  return <RowsSection list="peopleEntityList" columns={peopleColumns(t)} testId="person" {...props} />
}

const peopleColumns = (t: (key: string) => string): TColumn[] => [
  { key: 'name', label: t('appraise.field.personName') },
  { key: 'birthTime', label: t('appraise.field.birthTime') },
  { key: 'jobName', label: t('appraise.field.jobName'), dict: 'technical_title' },
  { key: 'educationalLevel', label: t('appraise.field.educationalLevel'), dict: 'educational_level' },
  { key: 'workUnit', label: t('appraise.field.workUnit'), units: true },
  { key: 'contribution', label: t('appraise.field.contribution') },
]

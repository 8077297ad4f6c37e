import { Box, Button, Grid, IconButton, Stack, TextField, Typography } from '@mui/material'
import type { ZResultsUnitRecordSchema } from '@ysjs/shared'
import { useFormContext, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { FormDate, FormDict, FormRichText, FormText } from '@/components/form/Fields'
import { ZodFormProvider } from '@/components/form/ZodFormProvider'
import { text } from '@/lib/text'
import {
  DocButtons,
  DocField,
  ListField,
  MeetingTypeSelect,
  ReadOnlyHint,
  SimpleTable,
  type TTabProps,
} from './DocFormParts'
import { type TDocForm, useDocForm } from './useDocForm'

type TUnitRecord = z.infer<typeof ZResultsUnitRecordSchema>

/** 项目单位负责人: rows of the meeting form, each cell a field with its own message. */
const Leaders = ({ doc }: { doc: TDocForm }) => {
  const { t } = useTranslation()
  // The rows through the enclosing form (its values are one of three documents' shapes).
  const { setValue, formState } = useFormContext()
  const watched: unknown = useWatch({ name: 'leaders' })
  const leaders: unknown[] = Array.isArray(watched) ? watched : []
  const setLeaders = (next: unknown[]) =>
    setValue('leaders', next, { shouldDirty: true, shouldValidate: formState.isSubmitted })
  return (
    <>
      <Typography variant="subtitle2">{t('appraise.field.leaders')}</Typography>
      {leaders.map((_l, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until the form is saved
        <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Box sx={{ flex: 1 }}>
            <FormText
              name={`leaders.${i}.name`}
              label={t('appraise.field.personName')}
              disabled={!doc.canEdit}
              htmlInput={{ 'data-testid': `leader-${i}-name` }}
            />
          </Box>
          <Box sx={{ flex: 2 }}>
            <FormText
              name={`leaders.${i}.workUnit`}
              label={t('appraise.field.workUnit')}
              disabled={!doc.canEdit}
              htmlInput={{ 'data-testid': `leader-${i}-workUnit` }}
            />
          </Box>
          <Box sx={{ flex: 1 }}>
            <FormDict
              name={`leaders.${i}.technical`}
              code="technical_title"
              label={t('appraise.field.jobName')}
              disabled={!doc.canEdit}
            />
          </Box>
          {doc.canEdit && (
            <IconButton
              aria-label={t('appraise.remove')}
              onClick={() => setLeaders(leaders.filter((_x, n) => n !== i))}
            >
              ×
            </IconButton>
          )}
        </Stack>
      ))}
      {doc.canEdit && (
        <Box>
          <Button data-testid="leader-add" onClick={() => setLeaders([...leaders, {}])}>
            {t('appraise.addRow')}
          </Button>
        </Box>
      )}
    </>
  )
}

/** 评价会 (spec section 2, the appraisal meeting form). */
export const MeetingTab = ({ resultsId, onDone }: TTabProps) => {
  const { t } = useTranslation()
  const doc = useDocForm('meeting', resultsId, onDone)
  // Shown from the server's prefill, not edited here.
  const values = useWatch({ control: doc.form.control }) as Record<string, unknown>
  const projectName = values.projectName
  const units = (values.unitList ?? []) as TUnitRecord[]
  return (
    <ZodFormProvider form={doc.form}>
      <Stack spacing={2}>
        <ReadOnlyHint doc={doc} />
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 6 }}>
            <TextField label={t('appraise.field.projectName')} value={text(projectName)} disabled />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <FormDate
              name="meetingTime"
              kind="datetime"
              label={t('appraise.field.meetingTime')}
              disabled={!doc.canEdit}
            />
          </Grid>
          <MeetingTypeSelect doc={doc} />
          <DocField doc={doc} name="meetingNo" label={t('appraise.field.meetingNo')} />
          <DocField doc={doc} name="direct" label={t('appraise.field.direct')} />
          <Grid size={{ xs: 12, md: 6 }}>
            <FormDate
              name="sendDate"
              kind="date"
              label={t('appraise.field.sendDate')}
              disabled={!doc.canEdit}
            />
          </Grid>
        </Grid>
        <FormRichText
          name="meetingAgenda"
          label={t('appraise.field.meetingAgenda')}
          disabled={!doc.canEdit}
        />
        <SimpleTable
          label={t('appraise.tab.units')}
          head={[
            t('appraise.field.companyName'),
            t('appraise.field.unitAddress'),
            t('appraise.field.contact'),
          ]}
          rows={units.map((u) => [u.unitName, u.address, u.name])}
        />
        <ListField doc={doc} name="enterpriseList" label={t('appraise.field.list')} />
        <Leaders doc={doc} />
        <DocButtons doc={doc} kind="meeting" resultsId={resultsId} />
      </Stack>
    </ZodFormProvider>
  )
}

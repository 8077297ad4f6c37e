import { Grid, Stack } from '@mui/material'
import { AGREEMENT_NUMBER_MAX } from '@ysjs/shared'
import { useTranslation } from 'react-i18next'
import { ZodFormProvider } from '@/components/form/ZodFormProvider'
import {
  DocButtons,
  DocField,
  ListField,
  MeetingTypeSelect,
  ReadOnlyHint,
  type TTabProps,
} from './DocFormParts'
import { useDocForm } from './useDocForm'

/** 评价通知 (spec sections 3 and 5). */
export const NoticeTab = ({ resultsId, onDone }: TTabProps) => {
  const { t } = useTranslation()
  const doc = useDocForm('notice', resultsId, onDone)
  const f = (name: string, extra: { type?: 'date'; label?: string; maxLength?: number } = {}) => (
    <DocField
      doc={doc}
      name={name}
      label={extra.label ?? t(`appraise.field.${name}`)}
      type={extra.type}
      maxLength={extra.maxLength}
    />
  )
  return (
    <ZodFormProvider form={doc.form}>
      <Stack spacing={2}>
        <ReadOnlyHint doc={doc} />
        <Grid container spacing={2}>
          {f('agreementNumber', { label: t('appraise.field.fileNumber'), maxLength: AGREEMENT_NUMBER_MAX })}
          {f('name', { label: t('appraise.field.outcomeName') })}
          {f('unit')}
          {f('evaluationDate', { type: 'date' })}
          {f('sendDate', { type: 'date' })}
          <MeetingTypeSelect doc={doc} />
          {f('meetingCode')}
          {f('contact')}
          {f('phone')}
        </Grid>
        <ListField doc={doc} name="list" label={t('appraise.field.list')} />
        <DocButtons doc={doc} kind="notice" resultsId={resultsId} />
      </Stack>
    </ZodFormProvider>
  )
}

import { Grid, Stack, TextField, Typography } from '@mui/material'
import {
  AGREEMENT_NUMBER_MAX,
  type ZResultsPeopleRecordSchema,
  type ZResultsUnitRecordSchema,
} from '@ysjs/shared'
import { useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { FormDate, FormDict, FormRichText } from '@/components/form/Fields'
import { ZodFormProvider } from '@/components/form/ZodFormProvider'
import { text } from '@/lib/text'
import { DocButtons, DocField, ListField, ReadOnlyHint, SimpleTable, type TTabProps } from './DocFormParts'
import { useDocForm } from './useDocForm'

/** The report's indicator rows as report/detail answers them (spec section 3: indexName, score). */
type TReportIndexRow = { indexName: string; weight: number; score: number | null }
type TUnitRecord = z.infer<typeof ZResultsUnitRecordSchema>
type TPeopleRecord = z.infer<typeof ZResultsPeopleRecordSchema>

const PRINCIPAL_GROUP = [
  ['unitName', 'unitName'],
  ['address', 'address'],
  ['agent', 'principalHead'],
  ['name', 'contact'],
  ['phone', 'phone'],
  ['fax', 'fax'],
  ['postcode', 'postcode'],
  ['personMail', 'personMail'],
] as const

/** 评价报告 (spec section 2): the form, with the scores, rows and principal group from the server. */
export const ReportTab = ({ resultsId, onDone }: TTabProps) => {
  const { t } = useTranslation()
  const doc = useDocForm('report', resultsId, onDone)
  const d = useWatch({ control: doc.form.control }) as Record<string, unknown>
  const f = (name: string, extra: { type?: 'date'; readOnly?: boolean; maxLength?: number } = {}) => (
    <DocField doc={doc} name={name} label={t(`appraise.field.${name}`)} {...extra} />
  )
  const principal = (d.principal ?? {}) as Record<string, string | null>
  const index = (d.indexList ?? []) as TReportIndexRow[]
  const units = (d.unitList ?? []) as TUnitRecord[]
  const people = (d.peopleList ?? []) as TPeopleRecord[]
  return (
    <ZodFormProvider form={doc.form}>
      <Stack spacing={2}>
        <ReadOnlyHint doc={doc} />
        <Grid container spacing={2}>
          {/* Bound to the application's agreement number (spec section 2). */}
          {f('reportNum', { readOnly: true, maxLength: AGREEMENT_NUMBER_MAX })}
          {f('outcomeName')}
          <Grid size={{ xs: 12, md: 6 }}>
            <FormDict
              name="outcomeType"
              code="achievement_type"
              label={t('appraise.field.outcomeType')}
              disabled={!doc.canEdit}
            />
          </Grid>
          {f('firstParty')}
          {f('commissionDate', { type: 'date' })}
          {f('appraiseType')}
          {f('appraiseUnit')}
          {f('completeDate', { type: 'date' })}
          <Grid size={{ xs: 12, md: 6 }}>
            <Stack direction="row" spacing={1}>
              {[0, 1].map((i) => (
                <FormDate
                  key={i}
                  name={`times.${i}`}
                  label={t(i === 0 ? 'appraise.field.timesFrom' : 'appraise.field.timesTo')}
                  disabled={!doc.canEdit}
                />
              ))}
            </Stack>
          </Grid>
        </Grid>
        <FormRichText
          name="projectSource"
          label={t('appraise.field.projectSource')}
          disabled={!doc.canEdit}
        />
        <FormRichText name="statement" label={t('appraise.field.statement')} disabled={!doc.canEdit} />
        <FormRichText
          name="reportDictionaryEntityListOne"
          label={t('appraise.field.technical')}
          disabled={!doc.canEdit}
        />
        <FormRichText name="sources" label={t('appraise.field.sources')} disabled={!doc.canEdit} />
        <FormRichText
          name="reportDictionaryEntityListTwo"
          label={t('appraise.field.conclusion')}
          disabled={!doc.canEdit}
        />
        <ListField doc={doc} name="list" label={t('appraise.field.list')} />

        <Typography variant="subtitle2">{t('appraise.principalGroup')}</Typography>
        <Grid container spacing={2}>
          {PRINCIPAL_GROUP.map(([key, label]) => (
            <Grid key={key} size={{ xs: 12, md: 3 }}>
              <TextField
                fullWidth
                size="small"
                label={t(`appraise.field.${label}`)}
                value={text(principal[key])}
                disabled
              />
            </Grid>
          ))}
        </Grid>

        <SimpleTable
          label={t('appraise.indexList')}
          head={[t('appraise.indexName'), t('appraise.weight'), t('appraise.meanScore')]}
          rows={[
            ...index.map((i) => [i.indexName, i.weight, i.score ?? '—']),
            [
              t('appraise.totalScore'),
              '',
              <span key="total" data-testid="report-total">
                {text(d.totalScore)} {text(d.grade)}
              </span>,
            ],
          ]}
        />
        <SimpleTable
          label={t('appraise.tab.units')}
          head={[
            t('appraise.field.companyName'),
            t('appraise.field.unitPostcode'),
            t('appraise.field.unitAddress'),
          ]}
          rows={units.map((u) => [u.unitName, u.postcode, u.address])}
        />
        <SimpleTable
          label={t('appraise.tab.people')}
          head={[
            t('appraise.field.personName'),
            t('appraise.field.birthTime'),
            t('appraise.field.workUnit'),
            t('appraise.field.contribution'),
          ]}
          rows={people.map((p) => [p.name, p.birthTime, p.workUnitName, p.contribution])}
        />
        <DocButtons doc={doc} kind="report" resultsId={resultsId} />
      </Stack>
    </ZodFormProvider>
  )
}

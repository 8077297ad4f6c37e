import {
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableRow,
  TextField,
  Typography,
} from '@mui/material'
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { ZScoreSubmitSchema } from '@ysjs/shared'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { FormText } from '@/components/form/Fields'
import { keepFocus } from '@/components/form/requiredLabel'
import { useZodForm } from '@/components/form/useZodForm'
import { ZodFormProvider } from '@/components/form/ZodFormProvider'
import { PagedTable } from '@/components/page/PagedTable'
import { RichTextEditor } from '@/components/richtext/RichTextEditor'
import { HeadRow } from '@/components/table/HeadRow'
import { toast } from '@/lib/notify'
import { appraiseApi, type TReviewDetail, type TReviewRow } from './appraiseApi'
import { NameSearch, useListQuery } from './ListParts'

type TScoreValues = z.input<typeof ZScoreSubmitSchema>

/** 评审任务: the applications pushed to the signed-in expert, each scored once. */
export const ReviewPage = () => {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [scoring, setScoring] = useState<TReviewRow | null>(null)
  const { query, filter, nameSearch, pager } = useListQuery({ current: 1, size: 10, name: '' })
  const list = useQuery({
    queryKey: ['appraise-review', query],
    queryFn: () => appraiseApi.reviewPage(query),
    placeholderData: keepPreviousData,
  })
  const rows = list.data?.records ?? []
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
        <NameSearch {...nameSearch} onReset={() => filter({ name: '' })} />
      </Stack>
      <PagedTable
        label={t('appraise.route.review')}
        head={
          <HeadRow
            labels={[
              'appraise.field.agreementNumber',
              'appraise.field.name',
              'appraise.field.outcomeType',
              'appraise.field.meetingTime',
              'appraise.status',
            ]}
            trail={<TableCell align="right" />}
          />
        }
        empty={!!list.data && !rows.length}
        total={list.data?.total ?? 0}
        {...pager}
      >
        {rows.map((row) => (
          <TableRow key={row.id} data-testid={`review-row-${row.name}`}>
            <TableCell>{row.agreementNumber}</TableCell>
            <TableCell>{row.name}</TableCell>
            <TableCell>{row.outcomeTypeName}</TableCell>
            <TableCell>{row.meetingTime}</TableCell>
            <TableCell>
              <Chip
                size="small"
                color={row.scored ? 'success' : 'default'}
                label={row.scored ? t('appraise.scored') : t('appraise.notScored')}
              />
            </TableCell>
            <TableCell align="right">
              <Button size="small" onClick={() => setScoring(row)}>
                {row.scored ? t('appraise.view') : t('appraise.score')}
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </PagedTable>
      {scoring && (
        <ScoreDialog
          row={scoring}
          onClose={() => {
            setScoring(null)
            void queryClient.invalidateQueries({ queryKey: ['appraise-review'] })
          }}
        />
      )}
    </Paper>
  )
}

const ScoreDialog = ({ row, onClose }: { row: TReviewRow; onClose: () => void }) => {
  const { t } = useTranslation()
  const indexes = useQuery({
    queryKey: ['appraise-indexes', row.id],
    queryFn: () => appraiseApi.indexes(row.id),
  })
  const application = useQuery({
    queryKey: ['appraise-review-detail', row.id],
    queryFn: () => appraiseApi.reviewDetail(row.id),
  })
  const records = useMemo(() => indexes.data?.records ?? [], [indexes.data])
  const values = useMemo<TScoreValues>(
    () => ({ resultsId: row.id, opinion: '', scores: records.map((i) => ({ indexId: i.id, score: '' })) }),
    [row.id, records],
  )
  {
    /* The spec's order: the scores (as the dialog shows them) before the opinion. */
  }
  const form = useZodForm(ZScoreSubmitSchema, { values, fieldOrder: ['scores', 'opinion'] })
  const busy = form.formState.isSubmitting
  const submitted = indexes.data?.submitted ?? false
  const save = form.submit(async (data) => {
    await appraiseApi.score(data)
    toast.success(t('msg.operateSuccess'))
    onClose()
  })
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <form onSubmit={save} noValidate>
        <DialogTitle>
          {t('appraise.score')}：{row.name}
        </DialogTitle>
        <DialogContent>
          {application.data && <ApplicationView detail={application.data} />}
          {/* The fields mount once the indexes are known: the scores first, so a failed check focuses the
              first score (the form focuses its fields in the order they mounted). */}
          {indexes.data && (
            <ZodFormProvider form={form}>
              <Table size="small">
                <HeadRow labels={['appraise.indexName', 'appraise.weight', 'appraise.myScore']} />
                <TableBody>
                  {records.map((i, n) => (
                    <TableRow key={i.id}>
                      <TableCell title={i.meaning ?? ''}>{i.name}</TableCell>
                      <TableCell>{i.weight}</TableCell>
                      <TableCell>
                        {submitted ? (
                          i.myScore
                        ) : (
                          <FormText
                            name={`scores.${n}.score`}
                            label={null}
                            size="small"
                            type="number"
                            htmlInput={{ min: 0, max: 100, step: 0.1, 'aria-label': i.name }}
                            sx={{ width: 160 }}
                          />
                        )}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
              <Stack sx={{ mt: 2 }}>
                {submitted ? (
                  <TextField
                    label={t('appraise.reviewOpinion')}
                    value={indexes.data?.opinion ?? ''}
                    multiline
                    minRows={3}
                    disabled
                  />
                ) : (
                  <FormText name="opinion" label={t('appraise.reviewOpinion')} multiline minRows={3} />
                )}
              </Stack>
            </ZodFormProvider>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('appraise.close')}</Button>
          {!submitted && (
            <Button type="submit" variant="contained" disabled={busy || !indexes.data} {...keepFocus}>
              {t('appraise.submitScores')}
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  )
}

{
  /** What the expert reads of the application before scoring (contact details once submitted). */
}
const ApplicationView = ({ detail }: { detail: TReviewDetail }) => {
  const { t } = useTranslation()
  const hidden = t('appraise.contactHidden')
  const shown = (v: string | null) => (detail.submitted ? (v ?? '') : hidden)
  return (
    <Stack spacing={1.5} sx={{ mb: 2 }} data-testid="review-application">
      <Typography variant="subtitle2">{t('appraise.application')}</Typography>
      <Typography variant="body2">
        {t('appraise.field.agreementNumber')}：{detail.agreementNumber ?? '—'}　
        {t('appraise.field.outcomeType')}：{detail.outcomeTypeName}　{t('appraise.field.meetingTime')}：
        {detail.meetingTime ?? '—'}　{t('appraise.field.meetingVenue')}：{detail.meetingVenue ?? '—'}
      </Typography>
      <RichTextEditor
        label={t('appraise.field.resultsSource')}
        value={detail.resultsSource ?? ''}
        onChange={() => {}}
        disabled
      />
      <RichTextEditor
        label={t('appraise.field.synopsis')}
        value={detail.synopsis ?? ''}
        onChange={() => {}}
        disabled
      />
      <Table size="small" aria-label={t('appraise.tab.units')}>
        <HeadRow
          labels={[
            'appraise.field.companyName',
            'appraise.field.unitAddress',
            'appraise.field.contact',
            'appraise.field.unitPhone',
          ]}
        />
        <TableBody>
          {detail.units.map((u) => (
            <TableRow key={u.unitName}>
              <TableCell>{u.unitName}</TableCell>
              <TableCell>{shown(u.address)}</TableCell>
              <TableCell>{shown(u.name)}</TableCell>
              <TableCell>{shown(u.phone)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {detail.principal && (
        <Typography variant="body2">
          {t('appraise.tab.principal')}：{detail.principal.unitName}　{t('appraise.field.contact')}：
          {shown(detail.principal.name)}　{t('appraise.field.phone')}：{shown(detail.principal.phone)}
        </Typography>
      )}
    </Stack>
  )
}

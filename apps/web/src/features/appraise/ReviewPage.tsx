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
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material'
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { isScore, ResultsMsg } from '@ysjs/shared'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { EmptyRow } from '@/components/crud/EmptyRow'
import { ListPager } from '@/components/crud/ListPager'
import { RichTextEditor } from '@/components/richtext/RichTextEditor'
import { toast } from '@/lib/notify'
import { appraiseApi, type TReviewDetail, type TReviewRow } from './appraiseApi'
import { HeadRow, NameSearch } from './ListParts'

/** 评审任务: the applications pushed to the signed-in expert, each scored once. */
export const ReviewPage = () => {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [scoring, setScoring] = useState<TReviewRow | null>(null)
  const [query, setQuery] = useState({ current: 1, size: 10, name: '' })
  const [nameInput, setNameInput] = useState('')
  const list = useQuery({
    queryKey: ['appraise-review', query],
    queryFn: () => appraiseApi.reviewPage(query),
    placeholderData: keepPreviousData,
  })
  const search = () => setQuery({ ...query, current: 1, name: nameInput })
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
        <NameSearch
          value={nameInput}
          onChange={setNameInput}
          onSearch={search}
          onReset={() => setQuery({ ...query, current: 1, name: '' })}
        />
      </Stack>
      <Table size="small" aria-label={t('appraise.route.review')}>
        <HeadRow
          labels={[
            'appraise.field.agreementNumber',
            'appraise.field.name',
            'appraise.field.outcomeType',
            'appraise.field.meetingTime',
            'appraise.status',
          ]}
        />
        <TableBody>
          {(list.data?.records ?? []).map((row) => (
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
          {list.data && !list.data.records.length && <EmptyRow />}
        </TableBody>
      </Table>
      <ListPager
        total={list.data?.total ?? 0}
        current={query.current}
        size={query.size}
        onChange={(current, size) => setQuery({ ...query, current, size })}
      />
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
  const [scores, setScores] = useState<Record<string, string>>({})
  const [opinion, setOpinion] = useState('')
  const [busy, setBusy] = useState(false)
  const submitted = indexes.data?.submitted ?? false
  const submit = async () => {
    const records = indexes.data?.records ?? []
    const values = records.map((i) => ({ indexId: i.id, score: Number(scores[i.id]) }))
    if (
      records.some((i) => scores[i.id] === undefined || scores[i.id] === '') ||
      values.some((v) => !isScore(v.score))
    ) {
      toast.warning(ResultsMsg.SCORE)
      return
    }
    if (!opinion.trim()) {
      toast.warning(ResultsMsg.OPINION)
      return
    }
    setBusy(true)
    try {
      await appraiseApi.score({ resultsId: row.id, opinion, scores: values })
      toast.success(t('msg.operateSuccess'))
      onClose()
    } catch {
      // The HTTP client has shown the server's message.
    } finally {
      setBusy(false)
    }
  }
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>
        {t('appraise.score')}：{row.name}
      </DialogTitle>
      <DialogContent>
        {application.data && <ApplicationView detail={application.data} />}
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('appraise.indexName')}</TableCell>
              <TableCell>{t('appraise.weight')}</TableCell>
              <TableCell>{t('appraise.myScore')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(indexes.data?.records ?? []).map((i) => (
              <TableRow key={i.id}>
                <TableCell title={i.meaning ?? ''}>{i.name}</TableCell>
                <TableCell>{i.weight}</TableCell>
                <TableCell>
                  {submitted ? (
                    i.myScore
                  ) : (
                    <TextField
                      size="small"
                      type="number"
                      value={scores[i.id] ?? ''}
                      onChange={(e) => setScores({ ...scores, [i.id]: e.target.value })}
                      slotProps={{ htmlInput: { min: 0, max: 100, step: 0.1, 'aria-label': i.name } }}
                      sx={{ width: 120 }}
                    />
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <Stack sx={{ mt: 2 }}>
          <TextField
            label={t('appraise.reviewOpinion')}
            value={submitted ? (indexes.data?.opinion ?? '') : opinion}
            onChange={(e) => setOpinion(e.target.value)}
            multiline
            minRows={3}
            disabled={submitted}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('appraise.close')}</Button>
        {!submitted && (
          <Button variant="contained" disabled={busy} onClick={submit}>
            {t('appraise.submitScores')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  )
}

/** What the expert reads of the application before scoring (contact details once submitted). */
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
        <TableHead>
          <TableRow>
            <TableCell>{t('appraise.field.companyName')}</TableCell>
            <TableCell>{t('appraise.field.unitAddress')}</TableCell>
            <TableCell>{t('appraise.field.contact')}</TableCell>
            <TableCell>{t('appraise.field.unitPhone')}</TableCell>
          </TableRow>
        </TableHead>
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

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
} from '@mui/material'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { isScore, ResultsMsg } from '@ysjs/shared'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from '@/lib/notify'
import { appraiseApi, type TReviewRow } from './appraiseApi'

/** 评审任务: the applications pushed to the signed-in expert, each scored once. */
export const ReviewPage = () => {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [scoring, setScoring] = useState<TReviewRow | null>(null)
  const list = useQuery({
    queryKey: ['appraise-review'],
    queryFn: () => appraiseApi.reviewPage({ current: 1, size: 100 }),
  })
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Table size="small" aria-label={t('appraise.route.review')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('appraise.field.agreementNumber')}</TableCell>
            <TableCell>{t('appraise.field.name')}</TableCell>
            <TableCell>{t('appraise.field.outcomeType')}</TableCell>
            <TableCell>{t('appraise.field.meetingTime')}</TableCell>
            <TableCell>{t('appraise.status')}</TableCell>
            <TableCell align="right" />
          </TableRow>
        </TableHead>
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
        </TableBody>
      </Table>
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
      toast.success('操作成功')
      onClose()
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

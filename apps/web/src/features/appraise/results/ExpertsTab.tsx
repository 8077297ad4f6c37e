import { Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { appraiseApi } from '../appraiseApi'
import { IndexSetEditor } from '../IndexTemplatePage'

/** 专家评分: the index set and each pushed expert's scores. */
export const ExpertsTab = ({ resultsId }: { resultsId: string }) => {
  const { t } = useTranslation()
  const indexes = useQuery({
    queryKey: ['appraise-indexes-staff', resultsId],
    queryFn: () => appraiseApi.indexes(resultsId),
  })
  const experts = useQuery({
    queryKey: ['appraise-pushed', resultsId],
    queryFn: () => appraiseApi.pushed(resultsId),
  })
  const names = experts.data?.map((e) => e.expertName) ?? []
  return (
    <Stack spacing={2}>
      <IndexSetEditor
        resultsId={resultsId}
        locked={(experts.data ?? []).some((e) => e.scored)}
        onSaved={() => void indexes.refetch()}
      />
      <Typography variant="body2">
        {(experts.data ?? [])
          .map((e) => `${e.expertName}（${e.scored ? t('appraise.scored') : t('appraise.notScored')}）`)
          .join('，')}
      </Typography>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t('appraise.indexName')}</TableCell>
            <TableCell>{t('appraise.weight')}</TableCell>
            {names.map((n) => (
              <TableCell key={n}>{n}</TableCell>
            ))}
            <TableCell>{t('appraise.meanScore')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {(indexes.data?.records ?? []).map((i) => (
            <TableRow key={i.id}>
              <TableCell>{i.name}</TableCell>
              <TableCell>{i.weight}</TableCell>
              {(experts.data ?? []).map((e) => (
                <TableCell key={e.id}>
                  {i.expertScores.find((s) => s.expertId === e.expertId)?.score ?? '—'}
                </TableCell>
              ))}
              <TableCell>{i.score ?? '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Typography>
        {t('appraise.totalScore')}：{indexes.data?.totalScore ?? '—'} {t('appraise.grade')}：
        {indexes.data?.grade ?? '—'}
      </Typography>
    </Stack>
  )
}

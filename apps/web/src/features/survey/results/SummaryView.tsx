import Box from '@mui/material/Box'
import LinearProgress from '@mui/material/LinearProgress'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemText from '@mui/material/ListItemText'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import { BarChart } from '@mui/x-charts/BarChart'
import { useQuery } from '@tanstack/react-query'
import { isChoice } from '@ysjs/shared'
import { useTranslation } from 'react-i18next'
import { resultsApi } from '../surveyApi'

/** Per question: option counts and shares as a bar chart (choice questions), texts listed. */
export const SummaryView = ({ surveyId }: { surveyId: string }) => {
  const { t } = useTranslation()
  const summary = useQuery({
    queryKey: ['survey-summary', surveyId],
    queryFn: () => resultsApi.summary(surveyId),
  })
  if (!summary.data) {
    return <LinearProgress />
  }
  const s = summary.data
  return (
    <Box data-testid="survey-summary">
      <Typography sx={{ mb: 2 }}>
        {t('survey.submittedOf', { submitted: s.submitted, examples: s.examples })}
      </Typography>
      {s.questions.map((q) => (
        <Paper key={q.questionId} variant="outlined" sx={{ p: 2, mb: 2 }}>
          <Typography sx={{ fontWeight: 600 }}>
            {q.no}. {q.questionText}{' '}
            <Typography component="span" variant="body2" color="text.secondary">
              ({t(`survey.types.${q.type}`)} · {t('survey.answered', { n: q.answered })})
            </Typography>
          </Typography>
          {isChoice(q.type) && (
            <BarChart
              height={Math.max(140, 44 * q.options.length)}
              layout="horizontal"
              yAxis={[{ scaleType: 'band', data: q.options.map((o) => o.optionText), width: 140 }]}
              xAxis={[{ min: 0, tickMinStep: 1 }]}
              series={[
                {
                  data: q.options.map((o) => o.count),
                  label: t('survey.count'),
                  valueFormatter: (v, { dataIndex }) => `${v ?? 0} (${q.options[dataIndex]?.percent ?? 0}%)`,
                  color: '#1565c0',
                },
              ]}
              hideLegend
            />
          )}
          {isChoice(q.type) && (
            <Typography variant="body2" color="text.secondary">
              {q.options.map((o) => `${o.optionText}: ${o.count} (${o.percent}%)`).join('；')}
            </Typography>
          )}
          {(q.texts.length > 0 || !isChoice(q.type)) && (
            <>
              <Typography variant="subtitle2" sx={{ mt: 1 }}>
                {t('survey.texts')}
              </Typography>
              {q.texts.length === 0 ? (
                <Typography variant="body2" color="text.secondary">
                  {t('survey.noTexts')}
                </Typography>
              ) : (
                <List dense sx={{ maxHeight: 240, overflow: 'auto' }}>
                  {q.texts.map((x, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a filling can give several texts to one question
                    <ListItem key={`${x.exampleId}-${i}`} disableGutters>
                      <ListItemText primary={x.inputText} secondary={x.unit} />
                    </ListItem>
                  ))}
                </List>
              )}
            </>
          )}
        </Paper>
      ))}
    </Box>
  )
}

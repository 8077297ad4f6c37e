import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Chip from '@mui/material/Chip'
import Divider from '@mui/material/Divider'
import LinearProgress from '@mui/material/LinearProgress'
import Typography from '@mui/material/Typography'
import { useQuery } from '@tanstack/react-query'
import { addressWithProvince, ExampleStatus } from '@ysjs/shared'
import { useTranslation } from 'react-i18next'
import { CloseDialog } from '@/components/dialog/CloseDialog'
import { QuestionBlock } from '../fill/QuestionBlock'
import { fillApi, resultsApi, type TAnswerInput } from '../surveyApi'

const Field = ({ label, value }: { label: string; value: string | null | undefined }) => (
  <Typography variant="body2">
    <Box component="span" sx={{ color: 'text.secondary' }}>
      {label}:{' '}
    </Box>
    {value || '—'}
  </Typography>
)

/** 查看 (staff): one filling as the member filled it — the company form, then every question, read-only. */
export const FillingDialog = ({ id, onClose }: { id: string; onClose: () => void }) => {
  const { t } = useTranslation()
  const detail = useQuery({ queryKey: ['survey-filling', id], queryFn: () => resultsApi.detail(id) })
  const industries = useQuery({ queryKey: ['survey-industries'], queryFn: fillApi.industries })
  const d = detail.data
  const industryNames = (ids: string) => {
    const names = new Map((industries.data ?? []).map((i) => [i.id, i.name]))
    return ids
      .split(',')
      .filter(Boolean)
      .map((x) => names.get(x) ?? x)
      .join('、')
  }
  return (
    <CloseDialog
      title={`${t('survey.detail')} · ${d ? (d.company?.name ?? d.example.firmName ?? d.example.userName) : ''}`}
      titleId="survey-filling-title"
      onClose={onClose}
      maxWidth="md"
      dividers
      contentTestId="survey-filling"
      closeLabel={t('survey.back')}
    >
      {!d && <LinearProgress />}
      {d && (
        <>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1 }}>
            <Chip size="small" label={t(`survey.statuses.${d.example.status}`)} />
            <Typography variant="body2" color="text.secondary">
              {d.example.name} · {t('survey.filler')}: {d.example.userName}
              {d.example.submitTime ? ` · ${t('survey.submitTime')}: ${d.example.submitTime}` : ''}
            </Typography>
          </Box>
          {d.example.backReason && d.example.status !== ExampleStatus.SUBMITTED && (
            <Alert severity="warning" sx={{ mb: 1 }}>
              {t('survey.backReason')}: {d.example.backReason}
            </Alert>
          )}
          <Typography variant="subtitle1" sx={{ fontWeight: 600, mt: 2 }}>
            {t('survey.companyInfo')}
          </Typography>
          {d.company ? (
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 0.5 }}>
              <Field label={t('survey.companyName')} value={d.company.name} />
              <Field
                label={t('survey.address')}
                value={addressWithProvince(d.company.provinceName, d.company.address, ' ')}
              />
              <Field label={t('survey.contact')} value={d.company.contact} />
              <Field label={t('survey.phone')} value={d.company.phone} />
              <Field label={t('survey.postcode')} value={d.company.email} />
              <Field label={t('survey.industryField')} value={industryNames(d.company.industryField)} />
            </Box>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {t('survey.noUnit')}
            </Typography>
          )}
          {d.questions.map((q, i) => {
            const heading = i === 0 || d.questions[i - 1]?.page !== q.page
            const answers: TAnswerInput[] = q.answerList.map((a) => ({
              questionId: q.id,
              ...(a.optionId ? { optionId: a.optionId } : {}),
              ...(a.inputText ? { inputText: a.inputText } : {}),
            }))
            return (
              <Box key={q.id}>
                {heading && (
                  <>
                    <Divider sx={{ my: 2 }} />
                    <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
                      {t('survey.pageN', { n: q.page })}
                    </Typography>
                  </>
                )}
                <QuestionBlock question={q} answers={answers} onChange={() => {}} disabled message={null} />
              </Box>
            )
          })}
        </>
      )}
    </CloseDialog>
  )
}

import Box from '@mui/material/Box'
import Checkbox from '@mui/material/Checkbox'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormHelperText from '@mui/material/FormHelperText'
import Radio from '@mui/material/Radio'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { QuestionType, type TQuestion } from '@ysjs/shared'
import { useTranslation } from 'react-i18next'
import type { TAnswerInput } from '../surveyApi'

/** One question with its controls; `answers` are this question's answer rows. */
export const QuestionBlock = ({
  question: q,
  answers,
  onChange,
  disabled,
  message,
}: {
  question: TQuestion
  answers: TAnswerInput[]
  onChange: (next: TAnswerInput[]) => void
  disabled: boolean
  /** Why 提交问卷 stopped at this question (请回答第 N 题…), shown under it until it is answered. */
  message: string | null
}) => {
  const { t } = useTranslation()
  const chosen = (optionId: string) => answers.find((a) => a.optionId === optionId)
  const toggle = (optionId: string, on: boolean) => {
    if (q.type === QuestionType.SINGLE) {
      onChange(on ? [{ questionId: q.id, optionId }] : [])
      return
    }
    onChange(
      on ? [...answers, { questionId: q.id, optionId }] : answers.filter((a) => a.optionId !== optionId),
    )
  }
  const setOther = (optionId: string, inputText: string) =>
    onChange(answers.map((a) => (a.optionId === optionId ? { ...a, inputText } : a)))
  const Control = q.type === QuestionType.SINGLE ? Radio : Checkbox

  return (
    <Box
      id={`question-${q.id}`}
      data-testid="question"
      sx={{
        mb: 3,
        p: 1.5,
        borderRadius: 1,
        border: 1,
        borderColor: message ? 'error.main' : 'transparent',
      }}
    >
      <Typography sx={{ fontWeight: 600, mb: 1 }}>
        {q.no}. {q.questionText}{' '}
        <Typography component="span" variant="body2" color="text.secondary">
          ({t(`survey.types.${q.type}`)})
        </Typography>
      </Typography>
      {q.type === QuestionType.SINGLE || q.type === QuestionType.MULTIPLE ? (
        q.options.map((o) => {
          const on = !!chosen(o.id)
          return (
            <Box key={o.id} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <FormControlLabel
                control={
                  <Control
                    checked={on}
                    disabled={disabled}
                    onChange={(e) => toggle(o.id, e.target.checked)}
                  />
                }
                label={o.optionText}
              />
              {o.isInput === 1 && on && (
                <TextField
                  size="small"
                  sx={{ width: 320 }}
                  placeholder={t('survey.otherPlaceholder')}
                  value={chosen(o.id)?.inputText ?? ''}
                  onChange={(e) => setOther(o.id, e.target.value)}
                  disabled={disabled}
                  slotProps={{ htmlInput: { 'aria-label': `${q.no} ${o.optionText}` } }}
                />
              )}
            </Box>
          )
        })
      ) : (
        <TextField
          fullWidth
          size="small"
          multiline={q.type === QuestionType.SHORT_ANSWER}
          minRows={q.type === QuestionType.SHORT_ANSWER ? 3 : undefined}
          placeholder={t('survey.answerPlaceholder')}
          value={answers[0]?.inputText ?? ''}
          onChange={(e) => onChange(e.target.value ? [{ questionId: q.id, inputText: e.target.value }] : [])}
          disabled={disabled}
          slotProps={{ htmlInput: { 'aria-label': `${q.no}. ${q.questionText}` } }}
        />
      )}
      {message && <FormHelperText error>{message}</FormHelperText>}
    </Box>
  )
}

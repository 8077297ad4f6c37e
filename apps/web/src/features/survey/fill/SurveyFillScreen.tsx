import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import LinearProgress from '@mui/material/LinearProgress'
import List from '@mui/material/List'
import ListItemButton from '@mui/material/ListItemButton'
import ListItemText from '@mui/material/ListItemText'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useQuery } from '@tanstack/react-query'
import {
  ExampleStatus,
  firstAnswerError,
  formatDate,
  Msg,
  SURVEY_LAST_PAGE,
  SurveyMsg,
  type TQuestion,
  ZCompanySubmitSchema,
} from '@ysjs/shared'
import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from '@/lib/notify'
import { fillApi, type TAnswerInput } from '../surveyApi'
import { CompanyForm, type TCompanyValues } from './CompanyForm'
import { isEditable } from './editable'
import { loadFailed, saveFailed } from './fillMessages'
import { QuestionBlock } from './QuestionBlock'

const toInputs = (questions: TQuestion[]): TAnswerInput[] =>
  questions.flatMap((q) =>
    q.answerList.map((a) => ({
      questionId: q.id,
      ...(a.optionId ? { optionId: a.optionId } : {}),
      ...(a.inputText ? { inputText: a.inputText } : {}),
    })),
  )

/**
 * The achievement survey detail screen (spec section 2): 单位信息 then the question pages. Page 1 is the
 * company form; page p shows question page p - 1; the last page is at most 17. In edit mode 暂存 saves
 * the current page and advances; 提交问卷 checks every question in order, then submits and closes.
 */
export const SurveyFillScreen = ({ surveyId, onClose }: { surveyId: string; onClose: () => void }) => {
  const { t } = useTranslation()
  const example = useQuery({
    queryKey: ['survey-mine', surveyId],
    queryFn: () => fillApi.mine(surveyId),
    retry: false,
    gcTime: 0,
  })
  const questions = useQuery({
    queryKey: ['survey-fill-questions', surveyId],
    queryFn: () => fillApi.questions(surveyId),
    retry: false,
    // Each opening starts from the saved answers, never from an earlier opening's cache.
    gcTime: 0,
  })
  const company = useQuery({
    queryKey: ['survey-company', surveyId],
    queryFn: () => fillApi.company(surveyId),
    retry: false,
    gcTime: 0,
  })
  const [page, setPage] = useState(1)
  const [answers, setAnswers] = useState<TAnswerInput[] | null>(null)
  const [form, setForm] = useState<TCompanyValues | null>(null)
  const [busy, setBusy] = useState(false)
  const [highlight, setHighlight] = useState<string | null>(null)

  const loadError = example.error ?? questions.error
  useEffect(() => {
    if (loadError) {
      loadFailed(loadError)
    }
  }, [loadError])
  useEffect(() => {
    if (company.error) {
      toast.error(SurveyMsg.LOAD_FAILED)
    }
  }, [company.error])
  useEffect(() => {
    if (questions.data && answers === null) {
      setAnswers(toInputs(questions.data))
    }
  }, [questions.data, answers])
  useEffect(() => {
    if (company.data && form === null) {
      const { isIndustry: _, ...rest } = company.data
      setForm(rest)
    }
  }, [company.data, form])

  const all = questions.data ?? []
  const lastPage = Math.min(SURVEY_LAST_PAGE, 1 + all.reduce((m, q) => Math.max(m, q.page), 0))
  const onPage = useMemo(() => all.filter((q) => q.page === page - 1), [all, page])
  const status = example.data?.status
  const editable = isEditable(example.data, formatDate(new Date()))
  const isIndustry = company.data?.isIndustry === 1
  const current = answers ?? []

  const next = () => {
    if (page >= lastPage) {
      toast.warning(SurveyMsg.LAST_PAGE)
      return
    }
    setPage(page + 1)
  }
  const companyError = (): string | null => {
    const parsed = ZCompanySubmitSchema.safeParse({ ...form, surveyId })
    if (!parsed.success) {
      return parsed.error.issues[0]?.message ?? ''
    }
    if (isIndustry && !form?.industryField) {
      return SurveyMsg.INDUSTRY
    }
    return null
  }
  const saveCompany = async (): Promise<boolean> => {
    const error = companyError()
    if (error) {
      toast.warning(error)
      setPage(1)
      return false
    }
    try {
      await fillApi.saveCompany({ ...form, surveyId })
      return true
    } catch (e) {
      saveFailed(e, SurveyMsg.COMPANY_SUBMIT_FAILED)
      return false
    }
  }
  const run = async (work: () => Promise<void>) => {
    setBusy(true)
    try {
      await work()
    } finally {
      setBusy(false)
    }
  }
  const saveDraft = () =>
    run(async () => {
      if (page === 1) {
        if (await saveCompany()) {
          toast.success(Msg.OPERATE_SUCCESS)
          next()
        }
        return
      }
      const ids = new Set(onPage.map((q) => q.id))
      try {
        await fillApi.answer({
          surveyId,
          submitType: 0,
          page: page - 1,
          answerList: current.filter((a) => ids.has(a.questionId)),
        })
      } catch (e) {
        saveFailed(e)
        return
      }
      toast.success(Msg.OPERATE_SUCCESS)
      void example.refetch()
      if (page >= lastPage) {
        onClose()
        return
      }
      setPage(page + 1)
    })
  const submit = () =>
    run(async () => {
      // Page order, as the server checks: the company form (page 1), then the questions.
      const invalidCompany = companyError()
      if (invalidCompany) {
        toast.warning(invalidCompany)
        setPage(1)
        return
      }
      const error = firstAnswerError(all, current)
      if (error) {
        toast.warning(error.message)
        setHighlight(error.questionId)
        const target = all.find((q) => q.id === error.questionId)
        if (target) {
          setPage(target.page + 1)
        }
        return
      }
      setHighlight(null)
      if (!(await saveCompany())) {
        return
      }
      try {
        await fillApi.answer({ surveyId, submitType: 1, answerList: current })
      } catch (e) {
        saveFailed(e)
        return
      }
      toast.success(Msg.OPERATE_SUCCESS)
      onClose()
    })

  if (example.isLoading || questions.isLoading || company.isLoading) {
    return <LinearProgress />
  }
  const setQuestion = (questionId: string, rows: TAnswerInput[]) =>
    setAnswers([...current.filter((a) => a.questionId !== questionId), ...rows])

  return (
    <Paper sx={{ display: 'flex', minHeight: 480 }}>
      <Box sx={{ width: 200, borderRight: 1, borderColor: 'divider', flexShrink: 0 }}>
        <Typography sx={{ p: 2, fontWeight: 600 }}>{example.data?.name}</Typography>
        <List component="nav">
          <ListItemButton selected={page === 1} onClick={() => setPage(1)}>
            <ListItemText primary={t('survey.companyInfo')} />
          </ListItemButton>
          <ListItemButton
            selected={page > 1}
            onClick={() => setPage(Math.max(2, page))}
            disabled={lastPage < 2}
          >
            <ListItemText primary={t('survey.questionnaire')} />
          </ListItemButton>
        </List>
      </Box>
      <Box sx={{ flex: 1, p: 3, minWidth: 0 }}>
        {example.data?.backReason && status !== ExampleStatus.SUBMITTED && (
          <Alert severity="warning" sx={{ mb: 2 }} data-testid="back-reason">
            {t('survey.backReason')}: {example.data.backReason}
          </Alert>
        )}
        {status === ExampleStatus.SUBMITTED && (
          <Alert severity="success" sx={{ mb: 2 }}>
            {t('survey.readonly')}
          </Alert>
        )}
        {status !== undefined && status !== ExampleStatus.SUBMITTED && !editable && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('survey.notOpen')}
          </Alert>
        )}
        <Typography variant="h6" sx={{ mb: 2 }}>
          {/* Page 1 is the company form; the question pages are numbered as designed (第 1 / 2 页). */}
          {page === 1 ? t('survey.companyInfo') : t('survey.pageOf', { page: page - 1, last: lastPage - 1 })}
        </Typography>
        {page === 1 && form ? (
          <CompanyForm value={form} onChange={setForm} isIndustry={isIndustry} disabled={!editable} />
        ) : (
          onPage.map((q) => (
            <QuestionBlock
              key={q.id}
              question={q}
              answers={current.filter((a) => a.questionId === q.id)}
              onChange={(rows) => setQuestion(q.id, rows)}
              disabled={!editable}
              highlighted={highlight === q.id}
            />
          ))
        )}
        <Stack direction="row" spacing={1} sx={{ mt: 3 }}>
          <Button onClick={onClose}>{t('survey.back')}</Button>
          {page > 1 && <Button onClick={() => setPage(page - 1)}>{t('survey.prev')}</Button>}
          {editable && (
            <Button variant="outlined" onClick={() => void saveDraft()} disabled={busy}>
              {t('survey.saveDraft')}
            </Button>
          )}
          <Button variant="outlined" onClick={next}>
            {t('survey.next')}
          </Button>
          {editable && page > 1 && (
            <Button variant="contained" onClick={() => void submit()} disabled={busy}>
              {t('survey.submit')}
            </Button>
          )}
        </Stack>
      </Box>
    </Paper>
  )
}

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
  type TCompany,
  type TQuestion,
  type TSurveyExample,
} from '@ysjs/shared'
import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useZodForm } from '@/components/form/useZodForm'
import { ZodFormProvider } from '@/components/form/ZodFormProvider'
import { toast } from '@/lib/notify'
import { fillApi, type TAnswerInput } from '../surveyApi'
import { CompanyForm, companySchema, type TCompanyData, type TCompanyValues } from './CompanyForm'
import { isEditable } from './editable'
import { saveFailed, useLoadFailed } from './fillMessages'
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
  const loadError = example.error ?? questions.error
  useLoadFailed(loadError)
  useEffect(() => {
    if (company.error) {
      toast.error(SurveyMsg.LOAD_FAILED)
    }
  }, [company.error])

  if (example.isLoading || questions.isLoading || company.isLoading) {
    return <LinearProgress />
  }
  return (
    <Filling
      surveyId={surveyId}
      example={example.data}
      refetchExample={() => void example.refetch()}
      questions={questions.data ?? []}
      company={company.data}
      onClose={onClose}
    />
  )
}

/** The company form's values as loaded (the survey's industry flag is the form's rule, not a value). */
const companyValues = (surveyId: string, company: TCompany | undefined): TCompanyValues => {
  if (!company) {
    return { surveyId, name: '', industryField: '' }
  }
  const { isIndustry: _, ...rest } = company
  return { ...rest, surveyId }
}

/** The screen once its filling, questions and company form are loaded. */
const Filling = ({
  surveyId,
  example,
  refetchExample,
  questions: all,
  company,
  onClose,
}: {
  surveyId: string
  example: TSurveyExample | undefined
  refetchExample: () => void
  questions: TQuestion[]
  company: TCompany | undefined
  onClose: () => void
}) => {
  const { t } = useTranslation()
  const [page, setPage] = useState(1)
  const [answers, setAnswers] = useState<TAnswerInput[]>(() => toInputs(all))
  const [busy, setBusy] = useState(false)
  const [missing, setMissing] = useState<{ questionId: string; message: string } | null>(null)
  const isIndustry = company?.isIndustry === 1
  const schema = useMemo(() => companySchema(isIndustry), [isIndustry])
  // A failed company check shows page 1, where each field shows its message.
  const form = useZodForm(schema, {
    defaultValues: companyValues(surveyId, company),
    onInvalid: () => setPage(1),
  })

  const lastPage = Math.min(SURVEY_LAST_PAGE, 1 + all.reduce((m, q) => Math.max(m, q.page), 0))
  const onPage = useMemo(() => all.filter((q) => q.page === page - 1), [all, page])
  const status = example?.status
  const editable = isEditable(example, formatDate(new Date()))

  const next = () => {
    if (page >= lastPage) {
      toast.warning(SurveyMsg.LAST_PAGE)
      return
    }
    setPage(page + 1)
  }
  const saveCompany = async (values: TCompanyData): Promise<boolean> => {
    try {
      await fillApi.saveCompany(values)
      return true
    } catch (e) {
      saveFailed(e, SurveyMsg.COMPANY_SUBMIT_FAILED)
      if (form.showServerError(e)) {
        setPage(1)
      }
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
        await form.submit(async (values) => {
          if (await saveCompany(values)) {
            toast.success(Msg.OPERATE_SUCCESS)
            next()
          }
        })()
        return
      }
      const ids = new Set(onPage.map((q) => q.id))
      try {
        await fillApi.answer({
          surveyId,
          submitType: 0,
          page: page - 1,
          answerList: answers.filter((a) => ids.has(a.questionId)),
        })
      } catch (e) {
        saveFailed(e)
        return
      }
      toast.success(Msg.OPERATE_SUCCESS)
      refetchExample()
      if (page >= lastPage) {
        onClose()
        return
      }
      setPage(page + 1)
    })
  // Page order, as the server checks: the company form (page 1), then the questions.
  const submit = () =>
    run(() =>
      form.submit(async (values) => {
        const error = firstAnswerError(all, answers)
        if (error) {
          // Its message under the question, on the page that holds it (it may be another page).
          toast.warning(error.message)
          setMissing(error)
          const target = all.find((q) => q.id === error.questionId)
          if (target) {
            setPage(target.page + 1)
          }
          return
        }
        setMissing(null)
        if (!(await saveCompany(values))) {
          return
        }
        try {
          await fillApi.answer({ surveyId, submitType: 1, answerList: answers })
        } catch (e) {
          saveFailed(e)
          return
        }
        toast.success(Msg.OPERATE_SUCCESS)
        onClose()
      })(),
    )

  const setQuestion = (questionId: string, rows: TAnswerInput[]) => {
    setAnswers([...answers.filter((a) => a.questionId !== questionId), ...rows])
    // An answered question no longer shows its message.
    if (missing?.questionId === questionId && rows.length) {
      setMissing(null)
    }
  }

  return (
    <Paper sx={{ display: 'flex', minHeight: 480 }}>
      <Box sx={{ width: 200, borderRight: 1, borderColor: 'divider', flexShrink: 0 }}>
        <Typography sx={{ p: 2, fontWeight: 600 }}>{example?.name}</Typography>
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
        {example?.backReason && status !== ExampleStatus.SUBMITTED && (
          <Alert severity="warning" sx={{ mb: 2 }} data-testid="back-reason">
            {t('survey.backReason')}: {example.backReason}
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
        {page === 1
          ? company && (
              <ZodFormProvider form={form}>
                <CompanyForm isIndustry={isIndustry} disabled={!editable} />
              </ZodFormProvider>
            )
          : onPage.map((q) => (
              <QuestionBlock
                key={q.id}
                question={q}
                answers={answers.filter((a) => a.questionId === q.id)}
                onChange={(rows) => setQuestion(q.id, rows)}
                disabled={!editable}
                message={missing?.questionId === q.id ? missing.message : null}
              />
            ))}
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

import AddIcon from '@mui/icons-material/Add'
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward'
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward'
import DeleteIcon from '@mui/icons-material/Delete'
import EditIcon from '@mui/icons-material/Edit'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Checkbox from '@mui/material/Checkbox'
import Chip from '@mui/material/Chip'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormHelperText from '@mui/material/FormHelperText'
import IconButton from '@mui/material/IconButton'
import MenuItem from '@mui/material/MenuItem'
import Stack from '@mui/material/Stack'
import Tooltip from '@mui/material/Tooltip'
import Typography from '@mui/material/Typography'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { isChoice, Msg, SURVEY_QUESTION_PAGES, type TQuestion, ZQuestionSubmitSchema } from '@ysjs/shared'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { useController, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { useConfirm } from '@/components/confirm/ConfirmProvider'
import type { TValues } from '@/components/crud/types'
import { CloseDialog } from '@/components/dialog/CloseDialog'
import { FormText } from '@/components/form/Fields'
import { useZodForm } from '@/components/form/useZodForm'
import { ZodFormProvider } from '@/components/form/ZodFormProvider'
import { translateMessage } from '@/lib/i18n/messages'
import { toast } from '@/lib/notify'
import { useResourceMutation } from '@/lib/resource/hooks'
import { questionApi, type TSurveyRow } from '../surveyApi'

type TDraft = z.input<typeof ZQuestionSubmitSchema>
type TOptionDraft = { id?: string; optionText: string; isInput: number }
/** A small icon button named by its tooltip. */
const TipButton = ({
  title,
  onClick,
  children,
}: {
  title: string
  onClick: () => void
  children: ReactNode
}) => (
  <Tooltip title={title}>
    <IconButton size="small" aria-label={title} onClick={onClick}>
      {children}
    </IconButton>
  </Tooltip>
)

const EMPTY = (page: number): TDraft => ({
  surveyId: '',
  questionText: '',
  type: 0,
  page,
  options: [
    { optionText: '', isInput: 0 },
    { optionText: '', isInput: 0 },
  ],
})

/** One option row: its text (required) and the 'other' flag. */
const OptionRow = ({ i, onRemove }: { i: number; onRemove: () => void }) => {
  const { t } = useTranslation()
  const { field } = useController({ name: `options.${i}.isInput` })
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Box sx={{ flex: 1 }}>
        <FormText name={`options.${i}.optionText`} label={`${t('survey.optionText')} ${i + 1}`} />
      </Box>
      <FormControlLabel
        control={
          <Checkbox checked={field.value === 1} onChange={(e) => field.onChange(e.target.checked ? 1 : 0)} />
        }
        label={t('survey.isInput')}
      />
      <IconButton aria-label={t('common.delete', { defaultValue: '删除' })} onClick={onRemove}>
        <DeleteIcon fontSize="small" />
      </IconButton>
    </Stack>
  )
}

/** One question's form: text, type, page and (choice questions) the options with the 'other' flag. */
const QuestionForm = ({
  surveyId,
  initial,
  onDone,
}: {
  surveyId: string
  initial: TDraft
  onDone: (saved: boolean) => void
}) => {
  const { t } = useTranslation()
  const form = useZodForm(ZQuestionSubmitSchema, { defaultValues: { ...initial, surveyId } })
  const type = Number(useWatch({ control: form.control, name: 'type' }))
  const options = (useWatch({ control: form.control, name: 'options' }) ?? []) as TOptionDraft[]
  const optionsError = form.formState.errors.options?.message
  // Fill-in and short-answer questions keep no options: set aside while the type says so, back after.
  const setAside = useRef<TOptionDraft[]>([])
  useEffect(() => {
    const current = (form.getValues('options') ?? []) as TOptionDraft[]
    if (!isChoice(type) && current.length > 0) {
      setAside.current = current
      form.setValue('options', [])
    } else if (isChoice(type) && current.length === 0 && setAside.current.length > 0) {
      form.setValue('options', setAside.current)
    }
  }, [type, form])
  const save = useResourceMutation((body: unknown) => questionApi.submit(body as TValues), {
    success: Msg.OPERATE_SUCCESS,
    onSuccess: () => onDone(true),
  })
  const setOptions = (next: TOptionDraft[]) =>
    form.setValue('options', next, { shouldValidate: form.formState.isSubmitted })

  return (
    <ZodFormProvider form={form}>
      <Box
        component="form"
        noValidate
        onSubmit={form.submit((values) => save.runOrThrow(values))}
        sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, mb: 2 }}
        data-testid="question-form"
      >
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          {initial.id ? t('survey.editQuestion') : t('survey.addQuestion')}
        </Typography>
        <Stack spacing={2}>
          <FormText name="questionText" label={t('survey.questionText')} />
          <Stack direction="row" spacing={2}>
            <FormText name="type" select label={t('survey.type')} parse={Number} sx={{ minWidth: 160 }}>
              {[0, 1, 2, 3].map((v) => (
                <MenuItem key={v} value={String(v)}>
                  {t(`survey.types.${v}`)}
                </MenuItem>
              ))}
            </FormText>
            <FormText name="page" select label={t('survey.page')} parse={Number} sx={{ minWidth: 120 }}>
              {Array.from({ length: SURVEY_QUESTION_PAGES }, (_, i) => i + 1).map((p) => (
                <MenuItem key={p} value={String(p)}>
                  {t('survey.pageN', { n: p })}
                </MenuItem>
              ))}
            </FormText>
          </Stack>
          {isChoice(type) &&
            options.map((o, i) => (
              <OptionRow
                key={o.id ?? `new-${i}`}
                i={i}
                onRemove={() => setOptions(options.filter((_, j) => j !== i))}
              />
            ))}
          {isChoice(type) && typeof optionsError === 'string' && (
            <FormHelperText error>{translateMessage(optionsError)}</FormHelperText>
          )}
          {isChoice(type) && (
            <Box>
              <Button
                size="small"
                startIcon={<AddIcon />}
                onClick={() => setOptions([...options, { optionText: '', isInput: 0 }])}
              >
                {t('survey.addOption')}
              </Button>
            </Box>
          )}
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button onClick={() => onDone(false)}>{t('survey.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={save.busy}>
              {t('survey.confirm')}
            </Button>
          </Stack>
        </Stack>
      </Box>
    </ZodFormProvider>
  )
}

/** The survey's questions by page; drafts can add, edit, remove and reorder them. */
export const QuestionDesigner = ({ survey, onClose }: { survey: TSurveyRow; onClose: () => void }) => {
  const { t } = useTranslation()
  const confirm = useConfirm()
  const queryClient = useQueryClient()
  const key = ['survey-questions', survey.id]
  const questions = useQuery({ queryKey: key, queryFn: () => questionApi.list(survey.id) })
  const [editing, setEditing] = useState<TDraft | null>(null)
  const draft = survey.state === 0
  const list = questions.data ?? []

  const reload = async () => {
    await queryClient.invalidateQueries({ queryKey: key })
    await queryClient.invalidateQueries({ queryKey: ['survey-design'] })
  }
  const move = async (q: TQuestion, dir: -1 | 1) => {
    const ids = list.map((x) => x.id)
    const i = ids.indexOf(q.id)
    const j = i + dir
    if (j < 0 || j >= ids.length) {
      return
    }
    ;[ids[i], ids[j]] = [ids[j]!, ids[i]!]
    await questionApi.sort(survey.id, ids)
    await reload()
  }
  const remove = async (q: TQuestion) => {
    if (!(await confirm({ message: Msg.DELETE_CONFIRM }))) {
      return
    }
    await questionApi.remove(q.id)
    toast.success(Msg.DELETE_SUCCESS)
    await reload()
  }
  const pages = [...new Set(list.map((q) => q.page))].sort((a, b) => a - b)

  return (
    <CloseDialog
      title={`${t('survey.questions')} · ${survey.name}`}
      onClose={onClose}
      maxWidth="md"
      dividers
      closeLabel={t('survey.back')}
    >
      {!draft && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('survey.frozen')}
        </Alert>
      )}
      {editing && (
        <QuestionForm
          key={editing.id ?? 'new'}
          surveyId={survey.id}
          initial={editing}
          onDone={(saved) => {
            setEditing(null)
            if (saved) {
              void reload()
            }
          }}
        />
      )}
      {draft && !editing && (
        <Button startIcon={<AddIcon />} onClick={() => setEditing(EMPTY(pages.at(-1) ?? 1))} sx={{ mb: 2 }}>
          {t('survey.addQuestion')}
        </Button>
      )}
      {list.length === 0 && !questions.isLoading && (
        <Typography color="text.secondary">{t('survey.noQuestions')}</Typography>
      )}
      {pages.map((p) => (
        <Box key={p} sx={{ mb: 2 }}>
          <Typography variant="subtitle2" color="primary">
            {t('survey.pageN', { n: p })}
          </Typography>
          {list
            .filter((q) => q.page === p)
            .map((q) => (
              <Stack
                key={q.id}
                direction="row"
                spacing={1}
                sx={{ alignItems: 'flex-start', py: 1, borderBottom: 1, borderColor: 'divider' }}
              >
                <Box sx={{ flex: 1 }}>
                  <Typography>
                    {q.no}. {q.questionText} <Chip size="small" label={t(`survey.types.${q.type}`)} />
                  </Typography>
                  {q.options.length > 0 && (
                    <Typography variant="body2" color="text.secondary">
                      {q.options.map((o) => (o.isInput ? `${o.optionText}(___)` : o.optionText)).join(' / ')}
                    </Typography>
                  )}
                </Box>
                {draft && (
                  <>
                    <TipButton title={t('survey.moveUp')} onClick={() => void move(q, -1)}>
                      <ArrowUpwardIcon fontSize="small" />
                    </TipButton>
                    <TipButton title={t('survey.moveDown')} onClick={() => void move(q, 1)}>
                      <ArrowDownwardIcon fontSize="small" />
                    </TipButton>
                    <TipButton
                      title={t('survey.editQuestion')}
                      onClick={() =>
                        setEditing({
                          surveyId: survey.id,
                          id: q.id,
                          questionText: q.questionText,
                          type: q.type,
                          page: q.page,
                          options: q.options.map((o) => ({
                            id: o.id,
                            optionText: o.optionText,
                            isInput: o.isInput,
                          })),
                        })
                      }
                    >
                      <EditIcon fontSize="small" />
                    </TipButton>
                    <IconButton size="small" aria-label={Msg.DELETE_CONFIRM} onClick={() => void remove(q)}>
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </>
                )}
              </Stack>
            ))}
        </Box>
      ))}
    </CloseDialog>
  )
}

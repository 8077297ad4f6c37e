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
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import FormControlLabel from '@mui/material/FormControlLabel'
import IconButton from '@mui/material/IconButton'
import MenuItem from '@mui/material/MenuItem'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Tooltip from '@mui/material/Tooltip'
import Typography from '@mui/material/Typography'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { isChoice, Msg, SURVEY_QUESTION_PAGES, type TQuestion, ZQuestionSubmitSchema } from '@ysjs/shared'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useConfirm } from '@/components/confirm/ConfirmProvider'
import { toast } from '@/lib/notify'
import { questionApi, type TSurveyRow } from '../surveyApi'

type TDraft = {
  id?: string
  questionText: string
  type: number
  page: number
  options: { id?: string; optionText: string; isInput: number }[]
}
const EMPTY: TDraft = {
  questionText: '',
  type: 0,
  page: 1,
  options: [
    { optionText: '', isInput: 0 },
    { optionText: '', isInput: 0 },
  ],
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
  const [draft, setDraft] = useState<TDraft>(initial)
  const [saving, setSaving] = useState(false)
  const set = (patch: Partial<TDraft>) => setDraft((d) => ({ ...d, ...patch }))
  const setOption = (i: number, patch: Partial<TDraft['options'][number]>) =>
    set({ options: draft.options.map((o, j) => (j === i ? { ...o, ...patch } : o)) })

  const save = async () => {
    const body = { ...draft, surveyId, options: isChoice(draft.type) ? draft.options : [] }
    const parsed = ZQuestionSubmitSchema.safeParse(body)
    if (!parsed.success) {
      toast.warning(parsed.error.issues[0]?.message ?? '')
      return
    }
    setSaving(true)
    try {
      await questionApi.submit(body)
      toast.success(Msg.OPERATE_SUCCESS)
      onDone(true)
    } catch {
      // The client showed the server's message.
    } finally {
      setSaving(false)
    }
  }

  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, mb: 2 }}>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {draft.id ? t('survey.editQuestion') : t('survey.addQuestion')}
      </Typography>
      <Stack spacing={2}>
        <TextField
          label={t('survey.questionText')}
          value={draft.questionText}
          onChange={(e) => set({ questionText: e.target.value })}
          size="small"
          fullWidth
          required
        />
        <Stack direction="row" spacing={2}>
          <TextField
            select
            label={t('survey.type')}
            value={draft.type}
            onChange={(e) => set({ type: Number(e.target.value) })}
            size="small"
            sx={{ minWidth: 160 }}
          >
            {[0, 1, 2, 3].map((v) => (
              <MenuItem key={v} value={v}>
                {t(`survey.types.${v}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('survey.page')}
            value={draft.page}
            onChange={(e) => set({ page: Number(e.target.value) })}
            size="small"
            sx={{ minWidth: 120 }}
          >
            {Array.from({ length: SURVEY_QUESTION_PAGES }, (_, i) => i + 1).map((p) => (
              <MenuItem key={p} value={p}>
                {t('survey.pageN', { n: p })}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        {isChoice(draft.type) &&
          draft.options.map((o, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: options are edited in place, in order
            <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <TextField
                label={`${t('survey.optionText')} ${i + 1}`}
                value={o.optionText}
                onChange={(e) => setOption(i, { optionText: e.target.value })}
                size="small"
                sx={{ flex: 1 }}
              />
              <FormControlLabel
                control={
                  <Checkbox
                    checked={o.isInput === 1}
                    onChange={(e) => setOption(i, { isInput: e.target.checked ? 1 : 0 })}
                  />
                }
                label={t('survey.isInput')}
              />
              <IconButton
                aria-label={t('common.delete', { defaultValue: '删除' })}
                onClick={() => set({ options: draft.options.filter((_, j) => j !== i) })}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Stack>
          ))}
        {isChoice(draft.type) && (
          <Box>
            <Button
              size="small"
              startIcon={<AddIcon />}
              onClick={() => set({ options: [...draft.options, { optionText: '', isInput: 0 }] })}
            >
              {t('survey.addOption')}
            </Button>
          </Box>
        )}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={() => onDone(false)}>{t('survey.cancel')}</Button>
          <Button variant="contained" onClick={() => void save()} disabled={saving}>
            {t('survey.confirm')}
          </Button>
        </Stack>
      </Stack>
    </Box>
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
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>
        {t('survey.questions')} · {survey.name}
      </DialogTitle>
      <DialogContent dividers>
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
          <Button
            startIcon={<AddIcon />}
            onClick={() => setEditing({ ...EMPTY, page: pages.at(-1) ?? 1 })}
            sx={{ mb: 2 }}
          >
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
                        {q.options
                          .map((o) => (o.isInput ? `${o.optionText}(___)` : o.optionText))
                          .join(' / ')}
                      </Typography>
                    )}
                  </Box>
                  {draft && (
                    <>
                      <Tooltip title={t('survey.moveUp')}>
                        <IconButton
                          size="small"
                          aria-label={t('survey.moveUp')}
                          onClick={() => void move(q, -1)}
                        >
                          <ArrowUpwardIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title={t('survey.moveDown')}>
                        <IconButton
                          size="small"
                          aria-label={t('survey.moveDown')}
                          onClick={() => void move(q, 1)}
                        >
                          <ArrowDownwardIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title={t('survey.editQuestion')}>
                        <IconButton
                          size="small"
                          aria-label={t('survey.editQuestion')}
                          onClick={() =>
                            setEditing({
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
                        </IconButton>
                      </Tooltip>
                      <IconButton size="small" aria-label={Msg.DELETE_CONFIRM} onClick={() => void remove(q)}>
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </>
                  )}
                </Stack>
              ))}
          </Box>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('survey.back')}</Button>
      </DialogActions>
    </Dialog>
  )
}

import AddIcon from '@mui/icons-material/Add'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardActionArea from '@mui/material/CardActionArea'
import CardContent from '@mui/material/CardContent'
import CardMedia from '@mui/material/CardMedia'
import Chip from '@mui/material/Chip'
import List from '@mui/material/List'
import ListItemButton from '@mui/material/ListItemButton'
import ListItemText from '@mui/material/ListItemText'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { ExampleStatus } from '@ysjs/shared'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router-dom'
import { ListPager } from '@/components/crud/ListPager'
import { SearchButtons } from '@/components/crud/SearchButtons'
import { CloseDialog } from '@/components/dialog/CloseDialog'
import { fileUrl } from '@/lib/fileLink'
import { HttpError } from '@/lib/http'
import { FillingStatusSelect } from '../FillingStatusSelect'
import { fillApi, type TExampleRow } from '../surveyApi'
import { useLoadFailed } from './fillMessages'
import { SurveyFillScreen } from './SurveyFillScreen'

const STATUS_COLOR = { 1: 'warning', 2: 'info', 3: 'success' } as const

const StartDialog = ({
  onClose,
  onStarted,
}: {
  onClose: () => void
  onStarted: (surveyId: string) => void
}) => {
  const { t } = useTranslation()
  const open = useQuery({ queryKey: ['survey-open'], queryFn: fillApi.open, retry: false })
  const [busy, setBusy] = useState(false)
  useLoadFailed(open.error)
  const start = async (surveyId: string) => {
    setBusy(true)
    try {
      await fillApi.start(surveyId)
      onStarted(surveyId)
    } catch {
      setBusy(false)
    }
  }
  return (
    <CloseDialog
      title={t('survey.chooseSurvey')}
      onClose={onClose}
      maxWidth="sm"
      dividers
      closeLabel={t('survey.cancel')}
    >
      {open.data?.length === 0 && <Typography color="text.secondary">{t('survey.noOpen')}</Typography>}
      <List>
        {(open.data ?? []).map((s) => (
          <ListItemButton key={s.id} disabled={busy} onClick={() => void start(s.id)}>
            <ListItemText
              primary={`${s.name} (${s.code})`}
              secondary={`${s.startDate} ~ ${s.endDate}${s.status ? ` · ${t(`survey.statuses.${s.status}`)}` : ''}`}
            />
          </ListItemButton>
        ))}
      </List>
    </CloseDialog>
  )
}

const SurveyCard = ({ row, onOpen }: { row: TExampleRow; onOpen: () => void }) => {
  const { t } = useTranslation()
  return (
    <Card variant="outlined" sx={{ height: '100%' }} data-testid="survey-card">
      <CardActionArea onClick={onOpen} sx={{ height: '100%', alignItems: 'stretch' }}>
        {row.cover ? (
          <CardMedia component="img" height="120" image={fileUrl(row.cover)} alt={row.name} />
        ) : (
          <Box
            sx={{
              height: 120,
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
              p: 2,
              display: 'flex',
              alignItems: 'flex-end',
            }}
          >
            <Typography variant="h6">{row.code}</Typography>
          </Box>
        )}
        <CardContent>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
            <Typography variant="subtitle1" sx={{ fontWeight: 600, flex: 1 }}>
              {row.name}
            </Typography>
            <Chip
              size="small"
              color={STATUS_COLOR[row.status as 1 | 2 | 3] ?? 'default'}
              label={t(`survey.statuses.${row.status}`)}
            />
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {t('survey.code')}: {row.code}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {row.startDate} ~ {row.endDate}
          </Typography>
          {row.backReason && row.status !== ExampleStatus.SUBMITTED && (
            <Alert severity="warning" sx={{ mt: 1, py: 0 }}>
              {t('survey.backReason')}: {row.backReason}
            </Alert>
          )}
        </CardContent>
      </CardActionArea>
    </Card>
  )
}

/** 问卷管理 (member): the caller's fillings as cards; a card opens the filling screen (`?surveyId=`). */
export const QuestionnairePage = () => {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [params, setParams] = useSearchParams()
  const surveyId = params.get('surveyId')
  const [form, setForm] = useState({
    name: params.get('name') ?? '',
    code: params.get('code') ?? '',
    status: params.get('status') ?? '',
  })
  const current = Number(params.get('current') ?? '1') || 1
  const size = Number(params.get('size') ?? '10') || 10
  const search = {
    name: params.get('name') ?? '',
    code: params.get('code') ?? '',
    status: params.get('status') ?? '',
  }
  const cards = useQuery({
    queryKey: ['survey-cards', search, current, size],
    queryFn: () =>
      fillApi.cards({
        current,
        size,
        search: Object.fromEntries(Object.entries(search).filter(([, v]) => v !== '')),
      }),
    enabled: !surveyId,
    retry: false,
  })
  const [starting, setStarting] = useState(false)
  const go = (next: Record<string, string>) =>
    setParams(Object.fromEntries(Object.entries(next).filter(([, v]) => v !== '')))

  // Staff and member accounts without a unit are refused by the server (decision 019): say why.
  const refused = cards.error instanceof HttpError && cards.error.status === 403 ? cards.error.message : null
  useLoadFailed(refused ? null : cards.error)
  if (refused) {
    return (
      <Alert severity="info" data-testid="fill-refused">
        {refused}
      </Alert>
    )
  }
  if (surveyId) {
    return (
      <SurveyFillScreen
        surveyId={surveyId}
        onClose={() => {
          void queryClient.invalidateQueries({ queryKey: ['survey-cards'] })
          go(search)
        }}
      />
    )
  }
  return (
    <Paper sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', gap: 2, mb: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          size="small"
          label={t('survey.surveyName')}
          sx={{ width: 220 }}
          value={form.name}
          onChange={(e) => setForm({ ...form, name: e.target.value })}
        />
        <TextField
          size="small"
          label={t('survey.code')}
          sx={{ width: 180 }}
          value={form.code}
          onChange={(e) => setForm({ ...form, code: e.target.value })}
        />
        <FillingStatusSelect value={form.status} onChange={(s) => setForm({ ...form, status: s })} />
        <SearchButtons
          onSearch={() => go(form)}
          onReset={() => {
            setForm({ name: '', code: '', status: '' })
            go({})
          }}
        />
        <Box sx={{ flex: 1 }} />
        <Button variant="contained" color="success" startIcon={<AddIcon />} onClick={() => setStarting(true)}>
          {t('survey.addFilling')}
        </Button>
      </Box>
      {cards.data?.records.length === 0 && (
        <Typography color="text.secondary" align="center" sx={{ py: 4 }}>
          {t('survey.noCards')}
        </Typography>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))' }}>
        {(cards.data?.records ?? []).map((row) => (
          <SurveyCard key={row.id} row={row} onOpen={() => go({ ...search, surveyId: row.surveyId })} />
        ))}
      </Box>
      <ListPager
        total={cards.data?.total ?? 0}
        current={current}
        size={size}
        onChange={(c, z) => go({ ...search, size: String(z), current: String(c) })}
      />
      {starting && (
        <StartDialog
          onClose={() => setStarting(false)}
          onStarted={(id) => {
            setStarting(false)
            go({ surveyId: id })
          }}
        />
      )}
    </Paper>
  )
}

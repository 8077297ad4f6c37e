import DownloadIcon from '@mui/icons-material/Download'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import MenuItem from '@mui/material/MenuItem'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import TextField from '@mui/material/TextField'
import { DataGrid, type GridColDef } from '@mui/x-data-grid'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { ExampleStatus, Msg, PERMISSIONS, SurveyMsg } from '@ysjs/shared'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router-dom'
import { ListPager } from '@/components/crud/ListPager'
import { SearchButtons } from '@/components/crud/SearchButtons'
import { useGridLocaleText } from '@/lib/gridLocale'
import { toast } from '@/lib/notify'
import { useSession } from '@/lib/session/session'
import { FillingStatusSelect } from '../FillingStatusSelect'
import { resultsApi, surveyApi, type TExampleRow } from '../surveyApi'
import { FillingDialog } from './FillingDialog'
import { SummaryView } from './SummaryView'

/** The server pages (up to 200 rows, spec section 9); the grid shows every row it is given. */
const ALL_ROWS = { page: 0, pageSize: -1 }

const ReturnDialog = ({ row, onClose }: { row: TExampleRow; onClose: (done: boolean) => void }) => {
  const { t } = useTranslation()
  const [reason, setReason] = useState('')
  const [busy, setBusy] = useState(false)
  const send = async () => {
    if (!reason.trim()) {
      toast.warning(SurveyMsg.BACK_REASON)
      return
    }
    setBusy(true)
    try {
      await resultsApi.back(row.surveyId, row.id, reason.trim())
    } catch {
      setBusy(false)
      return
    }
    toast.success(Msg.OPERATE_SUCCESS)
    onClose(true)
  }
  return (
    <Dialog open onClose={() => onClose(false)} maxWidth="sm" fullWidth>
      <DialogTitle>
        {t('survey.returnTitle')} · {row.companyName ?? row.firmName ?? row.userName}
      </DialogTitle>
      <DialogContent>
        <TextField
          label={t('survey.reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          multiline
          minRows={3}
          fullWidth
          sx={{ mt: 1 }}
          required
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>{t('survey.cancel')}</Button>
        <Button variant="contained" onClick={() => void send()} disabled={busy}>
          {t('survey.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}

/** 调查管理: per questionnaire, the fillings (view one, return it with a reason), the summary and the export. */
export const SurveyResultsPage = () => {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const localeText = useGridLocaleText()
  const permissions = useSession((s) => s.permissions)
  const [params, setParams] = useSearchParams()
  const surveys = useQuery({ queryKey: ['survey-design', 'all'], queryFn: surveyApi.all })
  const surveyId = params.get('surveyId') ?? surveys.data?.find((s) => s.state !== 0)?.id ?? ''
  const tab = params.get('tab') === 'summary' ? 'summary' : 'fillings'
  // The list's state lives in the URL (STYLE: list state), so a reload or a shared link shows the same rows.
  const status = params.get('status') ?? ''
  const firmName = params.get('firmName') ?? ''
  const current = Number(params.get('current') ?? '1') || 1
  const size = Number(params.get('size') ?? '10') || 10
  const [unitInput, setUnitInput] = useState(firmName)
  const [returning, setReturning] = useState<TExampleRow | null>(null)
  const [viewing, setViewing] = useState<string | null>(null)
  const fillings = useQuery({
    queryKey: ['survey-fillings', surveyId, current, size, status, firmName],
    queryFn: () =>
      resultsApi.list(surveyId, {
        current,
        size,
        search: { ...(status ? { status } : {}), ...(firmName ? { firmName } : {}) },
      }),
    enabled: !!surveyId && tab === 'fillings',
  })
  const set = (next: Record<string, string>) =>
    setParams(
      Object.fromEntries(
        Object.entries({ ...Object.fromEntries(params), ...next }).filter(([, v]) => v !== ''),
      ),
      { replace: true },
    )

  const columns: GridColDef<TExampleRow>[] = [
    { field: 'firmName', headerName: t('survey.unit'), flex: 1, valueGetter: (_, r) => r.firmName ?? '—' },
    { field: 'companyName', headerName: t('survey.companyName'), flex: 1 },
    { field: 'userName', headerName: t('survey.filler'), width: 120 },
    {
      field: 'status',
      headerName: t('survey.status'),
      width: 100,
      valueGetter: (_, r) => t(`survey.statuses.${r.status}`),
    },
    { field: 'submitTime', headerName: t('survey.submitTime'), width: 170 },
    { field: 'backReason', headerName: t('survey.backReason'), flex: 1 },
    {
      field: 'actions',
      headerName: t('survey.evaluation.actions'),
      width: 170,
      sortable: false,
      renderCell: ({ row }) => (
        <Stack direction="row" sx={{ alignItems: 'center', height: '100%' }}>
          <Button size="small" onClick={() => setViewing(row.id)}>
            {t('survey.view')}
          </Button>
          {row.status === ExampleStatus.SUBMITTED && permissions[PERMISSIONS.surveyExampleBack] && (
            <Button size="small" color="warning" onClick={() => setReturning(row)}>
              {t('survey.returnFilling')}
            </Button>
          )}
        </Stack>
      ),
    },
  ]

  return (
    <Paper sx={{ p: 2 }}>
      <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label={t('survey.survey')}
          value={surveys.data ? surveyId : ''}
          onChange={(e) => set({ surveyId: e.target.value, current: '' })}
          sx={{ minWidth: 360 }}
        >
          {(surveys.data ?? []).map((s) => (
            <MenuItem key={s.id} value={s.id}>
              {s.name} ({s.code})
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ flex: 1 }} />
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
          disabled={!surveyId}
          onClick={() => surveyId && void resultsApi.exportFile(surveyId)}
        >
          {t('survey.export')}
        </Button>
      </Stack>
      <Tabs
        value={tab}
        onChange={(_, v: string) => set({ tab: v })}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="fillings" label={t('survey.fillings')} />
        <Tab value="summary" label={t('survey.summary')} />
      </Tabs>
      {!surveyId && <Alert severity="info">{t('survey.pickSurvey')}</Alert>}
      {surveyId && tab === 'fillings' && (
        <>
          <Stack
            direction="row"
            spacing={2}
            sx={{ mb: 2, alignItems: 'center' }}
            component="form"
            onSubmit={(e) => {
              e.preventDefault()
              set({ firmName: unitInput.trim(), current: '' })
            }}
          >
            <TextField
              size="small"
              label={t('survey.unit')}
              value={unitInput}
              onChange={(e) => setUnitInput(e.target.value)}
              sx={{ width: 220 }}
            />
            <FillingStatusSelect value={status} onChange={(s) => set({ status: s, current: '' })} />
            <SearchButtons
              onReset={() => {
                setUnitInput('')
                set({ firmName: '', status: '', current: '' })
              }}
            />
          </Stack>
          <DataGrid
            rows={fillings.data?.records ?? []}
            columns={columns}
            loading={fillings.isLoading}
            localeText={localeText}
            paginationModel={ALL_ROWS}
            pageSizeOptions={[ALL_ROWS.pageSize]}
            hideFooter
            disableRowSelectionOnClick
            autoHeight
          />
          <ListPager
            total={fillings.data?.total ?? 0}
            current={current}
            size={size}
            onChange={(c, z) => set({ current: String(c), size: String(z) })}
          />
        </>
      )}
      {surveyId && tab === 'summary' && <SummaryView surveyId={surveyId} />}
      {viewing && <FillingDialog id={viewing} onClose={() => setViewing(null)} />}
      {returning && (
        <ReturnDialog
          row={returning}
          onClose={(done) => {
            setReturning(null)
            if (done) {
              void queryClient.invalidateQueries({ queryKey: ['survey-fillings'] })
              void queryClient.invalidateQueries({ queryKey: ['survey-summary'] })
            }
          }}
        />
      )}
    </Paper>
  )
}

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
import { ExampleStatus, Msg, SurveyMsg } from '@ysjs/shared'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router-dom'
import { toast } from '@/lib/notify'
import { useSession } from '@/lib/session/session'
import { resultsApi, surveyApi, type TExampleRow } from '../surveyApi'
import { SummaryView } from './SummaryView'

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

/** 调查管理: per questionnaire, the fillings (return one with a reason), the summary and the export. */
export const SurveyResultsPage = () => {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const permissions = useSession((s) => s.permissions)
  const [params, setParams] = useSearchParams()
  const surveys = useQuery({ queryKey: ['survey-design', 'all'], queryFn: surveyApi.all })
  const surveyId = params.get('surveyId') ?? surveys.data?.find((s) => s.state !== 0)?.id ?? ''
  const tab = params.get('tab') === 'summary' ? 'summary' : 'fillings'
  const [paging, setPaging] = useState({ page: 0, pageSize: 10 })
  const [status, setStatus] = useState('')
  const [returning, setReturning] = useState<TExampleRow | null>(null)
  const fillings = useQuery({
    queryKey: ['survey-fillings', surveyId, paging, status],
    queryFn: () =>
      resultsApi.list(surveyId, {
        current: paging.page + 1,
        size: paging.pageSize,
        search: status ? { status } : {},
      }),
    enabled: !!surveyId && tab === 'fillings',
  })
  const set = (next: Record<string, string>) =>
    setParams({ ...Object.fromEntries(params), ...next }, { replace: true })

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
      headerName: '',
      width: 100,
      sortable: false,
      renderCell: ({ row }) =>
        row.status === ExampleStatus.SUBMITTED && permissions.survey_example_back ? (
          <Button size="small" color="warning" onClick={() => setReturning(row)}>
            {t('survey.returnFilling')}
          </Button>
        ) : null,
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
          onChange={(e) => set({ surveyId: e.target.value })}
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
          href={surveyId ? resultsApi.exportUrl(surveyId) : undefined}
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
          <TextField
            select
            size="small"
            label={t('survey.status')}
            value={status}
            onChange={(e) => setStatus(e.target.value)}
            sx={{ minWidth: 140, mb: 2 }}
          >
            <MenuItem value="">{t('survey.allStatuses')}</MenuItem>
            {[1, 2, 3].map((s) => (
              <MenuItem key={s} value={String(s)}>
                {t(`survey.statuses.${s}`)}
              </MenuItem>
            ))}
          </TextField>
          <DataGrid
            rows={fillings.data?.records ?? []}
            rowCount={fillings.data?.total ?? 0}
            columns={columns}
            loading={fillings.isLoading}
            paginationMode="server"
            paginationModel={paging}
            onPaginationModelChange={setPaging}
            pageSizeOptions={[10, 30, 50, 100]}
            disableRowSelectionOnClick
            autoHeight
          />
        </>
      )}
      {surveyId && tab === 'summary' && <SummaryView surveyId={surveyId} />}
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

import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import LinearProgress from '@mui/material/LinearProgress'
import MenuItem from '@mui/material/MenuItem'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableRow from '@mui/material/TableRow'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Msg, RESULTS_STATUS_LABELS, type TEvaluationRecord, ZEvaluationSubmitSchema } from '@ysjs/shared'
import { type ComponentType, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router-dom'
import { FormDict, FormText } from '@/components/form/Fields'
import { keepFocus } from '@/components/form/requiredLabel'
import { useZodForm } from '@/components/form/useZodForm'
import { ZodFormProvider } from '@/components/form/ZodFormProvider'
import { PagedTable } from '@/components/page/PagedTable'
import { HeadRow } from '@/components/table/HeadRow'
import { HttpError } from '@/lib/http'
import { toast } from '@/lib/notify'
import { saveFailed, useLoadFailed } from '../fill/fillMessages'
import { evaluationApi } from '../surveyApi'
import { StatusChip } from './StatusChip'

/** The prefilled unit and the two fields a report starts with; the rest is the appraisal editor's. */
const ReportForm = ({ onCreated }: { onCreated: (id: string) => void }) => {
  const { t } = useTranslation()
  const unit = useQuery({ queryKey: ['evaluation-unit'], queryFn: evaluationApi.unit, retry: false })
  const form = useZodForm(ZEvaluationSubmitSchema, { defaultValues: { name: '', outcomeType: '' } })
  const busy = form.formState.isSubmitting
  useLoadFailed(unit.error)

  const submit = form.submit(async ({ name, outcomeType }) => {
    try {
      const created = await evaluationApi.submit({ name, ...(outcomeType ? { outcomeType } : {}) })
      toast.success(Msg.OPERATE_SUCCESS)
      form.reset()
      onCreated(created.id)
    } catch (error) {
      saveFailed(error)
    }
  })

  const u = unit.data
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="form" onSubmit={submit} noValidate>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {t('survey.evaluation.newReport')}
      </Typography>
      {u && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="evaluation-unit">
          {t('survey.evaluation.prefill', { unit: u.unitName })}
          <Typography variant="body2" color="text.secondary">
            {[u.address, u.postcode, u.contact, u.phone].filter(Boolean).join(' · ') ||
              t('survey.evaluation.noCompanyForm')}
          </Typography>
        </Alert>
      )}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
        <ZodFormProvider form={form}>
          <Box sx={{ flex: 2, width: '100%' }}>
            <FormText name="name" label={t('survey.evaluation.name')} disabled={busy} />
          </Box>
          <Box sx={{ flex: 1, minWidth: 180, width: '100%' }}>
            <FormDict
              code="achievement_type"
              name="outcomeType"
              label={t('survey.evaluation.outcomeType')}
              allowEmpty
              disabled={busy}
            />
          </Box>
        </ZodFormProvider>
        <Button type="submit" variant="contained" disabled={busy || !u} {...keepFocus}>
          {t('survey.evaluation.save')}
        </Button>
      </Stack>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
        {t('survey.evaluation.hint')}
      </Typography>
    </Paper>
  )
}

/** One application: its status, completing unit and principal, and its history. */
const ReportDetail = ({ id, onEdit }: { id: string; onEdit: () => void }) => {
  const { t } = useTranslation()
  const detail = useQuery({
    queryKey: ['evaluation-detail', id],
    queryFn: () => evaluationApi.detail(id),
    retry: false,
  })
  useLoadFailed(detail.error)
  if (detail.isLoading) {
    return <LinearProgress />
  }
  if (!detail.data) {
    return null
  }
  const { record, history } = detail.data
  const unit = record.unitEntityList[0]
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="evaluation-detail">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, flex: 1 }}>
          {record.name}
        </Typography>
        <StatusChip status={record.status} label={record.statusName} />
        {record.canEdit && (
          <Button variant="contained" size="small" onClick={onEdit}>
            {t('survey.evaluation.continue')}
          </Button>
        )}
      </Stack>
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, mb: 2 }}>
        <Typography variant="body2">
          {t('survey.evaluation.agreementNumber')}: {record.agreementNumber ?? '-'}
        </Typography>
        <Typography variant="body2">
          {t('survey.evaluation.outcomeType')}: {record.outcomeTypeName || '-'}
        </Typography>
        <Typography variant="body2">
          {t('survey.evaluation.firstUnit')}: {unit?.unitName ?? '-'}
        </Typography>
        <Typography variant="body2">
          {t('survey.evaluation.principal')}: {record.principal?.unitName ?? '-'}
        </Typography>
      </Box>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {t('survey.evaluation.history')}
      </Typography>
      <Table size="small">
        <HeadRow
          labels={[
            'survey.evaluation.time',
            'survey.evaluation.operator',
            'survey.evaluation.action',
            'survey.evaluation.status',
          ]}
        />
        <TableBody>
          {history.map((h) => (
            <TableRow key={h.id} data-testid="evaluation-history">
              <TableCell>{h.createTime}</TableCell>
              <TableCell>{h.userName ?? ''}</TableCell>
              <TableCell>{h.content ?? ''}</TableCell>
              <TableCell>{h.toStatus === null ? '' : (RESULTS_STATUS_LABELS[h.toStatus] ?? '')}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  )
}

/**
 * 成果申报 (/evaluation): a member unit reports an achievement for appraisal. The report is a draft
 * application of the appraisal module prefilled with the unit; this screen lists the unit's
 * applications with their status and history and opens the appraisal editor to complete and submit.
 */
/** The application editor a member opens a report in (the appraisal module's; the app composes it in). */
export type TEvaluationEditor = ComponentType<{ id: string; onClose: () => void }>

export const EvaluationPage = ({ Editor }: { Editor: TEvaluationEditor }) => {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [params, setParams] = useSearchParams()
  const selected = params.get('id')
  const current = Number(params.get('current') ?? '1') || 1
  const size = Number(params.get('size') ?? '10') || 10
  const status = params.get('status') ?? ''
  const [editing, setEditing] = useState<string | null>(null)
  const list = useQuery({
    queryKey: ['evaluation-list', current, size, status],
    queryFn: () => evaluationApi.list({ current, size, status }),
    retry: false,
  })
  const go = (next: Record<string, string | null>) => {
    const merged = { id: selected, current: String(current), size: String(size), status, ...next }
    setParams(Object.fromEntries(Object.entries(merged).filter((e): e is [string, string] => !!e[1])))
  }
  const refused = list.error instanceof HttpError && list.error.status === 403 ? list.error.message : null
  useLoadFailed(refused ? null : list.error)
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['evaluation-list'] }),
      queryClient.invalidateQueries({ queryKey: ['evaluation-detail'] }),
    ])

  if (refused) {
    return (
      <Alert severity="info" data-testid="evaluation-refused">
        {refused}
      </Alert>
    )
  }
  const rows: TEvaluationRecord[] = list.data?.records ?? []
  return (
    <Stack spacing={2}>
      <ReportForm
        onCreated={(id) => {
          void refresh()
          go({ id, current: '1' })
        }}
      />
      {selected && <ReportDetail key={selected} id={selected} onEdit={() => setEditing(selected)} />}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, flex: 1 }}>
            {t('survey.evaluation.unitReports')}
          </Typography>
          <TextField
            select
            size="small"
            label={t('survey.evaluation.status')}
            value={status}
            onChange={(e) => go({ status: e.target.value, current: '1' })}
            sx={{ width: 180, flexShrink: 0 }}
          >
            <MenuItem value="">{t('survey.allStatuses')}</MenuItem>
            {Object.entries(RESULTS_STATUS_LABELS).map(([k, v]) => (
              <MenuItem key={k} value={k}>
                {v}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        {list.isLoading && <LinearProgress />}
        <PagedTable
          head={
            <HeadRow
              labels={[
                'survey.evaluation.name',
                'survey.evaluation.agreementNumber',
                'survey.evaluation.outcomeType',
                'survey.evaluation.status',
                'survey.evaluation.reporter',
                'survey.evaluation.updateTime',
              ]}
              trail={<TableCell align="right">{t('survey.evaluation.actions')}</TableCell>}
            />
          }
          empty={rows.length === 0 && !list.isLoading}
          emptyText={t('survey.evaluation.none')}
          total={list.data?.total ?? 0}
          current={current}
          size={size}
          onPage={(c, z) => go({ current: String(c), size: String(z) })}
        >
          {rows.map((row) => (
            <TableRow key={row.id} hover selected={row.id === selected} data-testid="evaluation-row">
              <TableCell>{row.name}</TableCell>
              <TableCell>{row.agreementNumber ?? ''}</TableCell>
              <TableCell>{row.outcomeTypeName}</TableCell>
              <TableCell>
                <StatusChip status={row.status} label={row.statusName} />
              </TableCell>
              <TableCell>{row.createUserName}</TableCell>
              <TableCell>{row.updateTime ?? row.createTime}</TableCell>
              <TableCell align="right">
                {row.mine && (
                  <Button size="small" onClick={() => go({ id: row.id })}>
                    {t('survey.evaluation.progress')}
                  </Button>
                )}
                {row.mine && row.canEdit && (
                  <Button size="small" onClick={() => setEditing(row.id)}>
                    {t('survey.evaluation.continue')}
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </PagedTable>
      </Paper>
      {editing && (
        <Editor
          id={editing}
          onClose={() => {
            setEditing(null)
            void refresh()
          }}
        />
      )}
    </Stack>
  )
}

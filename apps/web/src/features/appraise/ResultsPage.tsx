import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
} from '@mui/material'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { RESULTS_STATUS, RESULTS_STATUS_LABELS, type TResultsRecord } from '@ysjs/shared'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router-dom'
import { useConfirm } from '@/components/confirm/ConfirmProvider'
import { ListPager } from '@/components/crud/ListPager'
import { toast } from '@/lib/notify'
import { useSession } from '@/lib/session/session'
import { appraiseApi, downloadDocument } from './appraiseApi'
import { PushDialog } from './PushDialog'
import { ResultsEditor } from './ResultsEditor'

const S = RESULTS_STATUS

/**
 * 成果管理: the applications (an applicant's own, all of the tenant for the centre's staff). The stage
 * menus (评价协议, 评价通知, 评价报告, 评价会议, 专家推送, 评价指标) are this list opening the application
 * on their tab; `?open=<id>&tab=<tab>` opens one from another screen.
 */
export const ResultsPage = ({ tab }: { tab?: string }) => {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const queryClient = useQueryClient()
  const permissions = useSession((s) => s.permissions)
  const staff = permissions.appraise_results_audit === true
  const canAdd = permissions.appraise_results_add === true
  const canRemove = permissions.appraise_results_delete === true
  const confirm = useConfirm()
  const [query, setQuery] = useState({ current: 1, size: 10, status: '', name: '' })
  const [nameInput, setNameInput] = useState('')
  const [editing, setEditing] = useState<{ id: string | null; tab?: string } | null>(() => {
    const open = params.get('open')
    return open ? { id: open, tab: params.get('tab') ?? tab } : null
  })
  const [auditing, setAuditing] = useState<TResultsRecord | null>(null)
  const [pushing, setPushing] = useState<TResultsRecord | null>(null)
  // Staff's 待审核 is the audit list (auditPage).
  const list = useQuery({
    queryKey: ['appraise-results', query],
    queryFn: () =>
      staff && query.status === String(S.PENDING) ? appraiseApi.auditPage(query) : appraiseApi.list(query),
  })
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['appraise-results'] })

  /** Only drafts can be deleted (the server says so too). */
  const remove = async (row: TResultsRecord) => {
    if (!(await confirm({ message: t('msg.deleteConfirm') }))) {
      return
    }
    try {
      await appraiseApi.remove([row.id])
    } catch {
      return
    }
    toast.success(t('msg.deleteSuccess'))
    await refresh()
  }

  const archive = async (row: TResultsRecord) => {
    try {
      await appraiseApi.status(row.id, S.ARCHIVED)
    } catch {
      return
    }
    toast.success(t('msg.operateSuccess'))
    await refresh()
  }

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} sx={{ mb: 2, alignItems: 'center' }}>
        <TextField
          size="small"
          select
          label={t('appraise.status')}
          value={query.status}
          onChange={(e) => setQuery({ ...query, current: 1, status: e.target.value })}
          sx={{ width: 160 }}
          data-testid="status-filter"
        >
          <MenuItem value="">{t('appraise.allStatus')}</MenuItem>
          {Object.entries(RESULTS_STATUS_LABELS).map(([k, v]) => (
            <MenuItem key={k} value={k}>
              {v}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label={t('appraise.field.name')}
          value={nameInput}
          onChange={(e) => setNameInput(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && setQuery({ ...query, current: 1, name: nameInput })}
        />
        <Button variant="outlined" onClick={() => setQuery({ ...query, current: 1, name: nameInput })}>
          {t('appraise.search')}
        </Button>
        <Box sx={{ flex: 1 }} />
        {canAdd && (
          <Button
            variant="contained"
            sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
            onClick={() => setEditing({ id: null })}
          >
            {t('appraise.add')}
          </Button>
        )}
      </Stack>
      <Table size="small" aria-label={t('appraise.route.results')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('appraise.field.agreementNumber')}</TableCell>
            <TableCell>{t('appraise.field.name')}</TableCell>
            <TableCell>{t('appraise.field.outcomeType')}</TableCell>
            <TableCell>{t('appraise.status')}</TableCell>
            <TableCell>{t('appraise.totalScore')}</TableCell>
            <TableCell>{t('appraise.grade')}</TableCell>
            <TableCell align="right" />
          </TableRow>
        </TableHead>
        <TableBody>
          {(list.data?.records ?? []).map((row) => (
            <TableRow key={row.id} data-testid={`results-row-${row.name}`}>
              <TableCell>{row.agreementNumber ?? '—'}</TableCell>
              <TableCell>{row.name}</TableCell>
              <TableCell>{row.outcomeTypeName}</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  label={row.statusName}
                  color={row.status === S.RETURNED ? 'warning' : 'default'}
                />
              </TableCell>
              <TableCell>{row.totalScore ?? '—'}</TableCell>
              <TableCell>{row.grade ?? '—'}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <Button size="small" onClick={() => setEditing({ id: row.id, tab })}>
                  {row.canEdit ? t('appraise.edit') : t('appraise.view')}
                </Button>
                {canRemove && row.status === S.DRAFT && row.canEdit && (
                  <Button size="small" color="error" onClick={() => void remove(row)}>
                    {t('appraise.remove')}
                  </Button>
                )}
                {staff && row.status === S.PENDING && (
                  <Button size="small" onClick={() => setAuditing(row)}>
                    {t('appraise.audit')}
                  </Button>
                )}
                {staff && (row.status === S.ACCEPTED || row.status === S.EVALUATING) && (
                  <Button size="small" onClick={() => setPushing(row)}>
                    {t('appraise.push')}
                  </Button>
                )}
                {staff && row.status === S.REPORTED && (
                  <Button size="small" onClick={() => archive(row)}>
                    {t('appraise.archive')}
                  </Button>
                )}
                {row.status >= S.ACCEPTED && row.status !== S.RETURNED && (
                  <Button size="small" onClick={() => downloadDocument(row.id, 'all')}>
                    {t('appraise.downloadAll')}
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <ListPager
        total={list.data?.total ?? 0}
        current={query.current}
        size={query.size}
        onChange={(current, size) => setQuery({ ...query, current, size })}
      />
      {editing && (
        <ResultsEditor
          id={editing.id}
          staff={staff}
          initialTab={editing.tab}
          onClose={() => {
            setEditing(null)
            if (params.has('open')) {
              setParams({}, { replace: true })
            }
            void refresh()
          }}
        />
      )}
      {auditing && (
        <AuditDialog
          row={auditing}
          onClose={() => {
            setAuditing(null)
            void refresh()
          }}
        />
      )}
      {pushing && (
        <PushDialog
          resultsId={pushing.id}
          onClose={() => {
            setPushing(null)
            void refresh()
          }}
        />
      )}
    </Paper>
  )
}

const AuditDialog = ({ row, onClose }: { row: TResultsRecord; onClose: () => void }) => {
  const { t } = useTranslation()
  const [opinion, setOpinion] = useState('')
  const [agreementNumber, setAgreementNumber] = useState('')
  const [busy, setBusy] = useState(false)
  const decide = async (pass: boolean) => {
    setBusy(true)
    try {
      await appraiseApi.audit({
        id: row.id,
        pass,
        opinion: opinion || undefined,
        agreementNumber: agreementNumber || undefined,
      })
      toast.success(t('msg.operateSuccess'))
      onClose()
    } finally {
      setBusy(false)
    }
  }
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>
        {t('appraise.audit')}：{row.name}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={t('appraise.field.agreementNumber')}
            value={agreementNumber}
            onChange={(e) => setAgreementNumber(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 12 } }}
            helperText="YS + 年份 + 序号 (留空自动编号)"
          />
          <TextField
            label={t('appraise.opinion')}
            value={opinion}
            onChange={(e) => setOpinion(e.target.value)}
            multiline
            minRows={3}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('appraise.close')}</Button>
        <Button color="warning" disabled={busy} onClick={() => decide(false)}>
          {t('appraise.refuse')}
        </Button>
        <Button variant="contained" disabled={busy} onClick={() => decide(true)}>
          {t('appraise.pass')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}

import { Box, Button, Chip, MenuItem, Paper, Stack, TableCell, TableRow, TextField } from '@mui/material'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { PERMISSIONS, RESULTS_STATUS, RESULTS_STATUS_LABELS, type TResultsRecord } from '@ysjs/shared'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router-dom'
import { useConfirm } from '@/components/confirm/ConfirmProvider'
import { PagedTable } from '@/components/page/PagedTable'
import { HeadRow } from '@/components/table/HeadRow'
import { toast } from '@/lib/notify'
import { useSession } from '@/lib/session/session'
import { appraiseApi, downloadDocument } from './appraiseApi'
import { NameSearch, useListQuery, useRowDialogs } from './ListParts'
import { ResultsEditor } from './results/ResultsEditor'

const S = RESULTS_STATUS

/**
 * 成果管理: the applications (an applicant's own, all of the tenant for the centre's staff);
 * `?open=<id>&tab=<tab>` opens one from another screen. The stage menus are `StagePage`.
 */
export const ResultsPage = () => {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const queryClient = useQueryClient()
  const permissions = useSession((s) => s.permissions)
  const staff = permissions[PERMISSIONS.appraiseResultsAudit] === true
  const canAdd = permissions[PERMISSIONS.appraiseResultsAdd] === true
  const canRemove = permissions[PERMISSIONS.appraiseResultsDelete] === true
  const confirm = useConfirm()
  const { query, filter, nameSearch, pager } = useListQuery({ current: 1, size: 10, status: '', name: '' })
  const [editing, setEditing] = useState<{ id: string | null; tab?: string } | null>(() => {
    const open = params.get('open')
    return open ? { id: open, tab: params.get('tab') ?? undefined } : null
  })
  // Staff's 待审核 is the audit list (auditPage).
  const list = useQuery({
    queryKey: ['appraise-results', query],
    queryFn: () =>
      staff && query.status === String(S.PENDING) ? appraiseApi.auditPage(query) : appraiseApi.list(query),
  })
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['appraise-results'] })
  const rowDialogs = useRowDialogs(() => void refresh())
  const rows = list.data?.records ?? []

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
          onChange={(e) => filter({ status: e.target.value })}
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
        <NameSearch {...nameSearch} onReset={() => filter({ name: '', status: '' })} />
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
      <PagedTable
        label={t('appraise.route.results')}
        head={
          <HeadRow
            labels={[
              'appraise.field.agreementNumber',
              'appraise.field.name',
              'appraise.field.outcomeType',
              'appraise.status',
              'appraise.totalScore',
              'appraise.grade',
            ]}
            trail={<TableCell align="right" />}
          />
        }
        empty={!!list.data && !rows.length}
        total={list.data?.total ?? 0}
        {...pager}
      >
        {rows.map((row) => (
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
              <Button size="small" onClick={() => setEditing({ id: row.id })}>
                {row.canEdit ? t('appraise.edit') : t('appraise.view')}
              </Button>
              {canRemove && row.status === S.DRAFT && row.canEdit && (
                <Button size="small" color="error" onClick={() => void remove(row)}>
                  {t('appraise.remove')}
                </Button>
              )}
              {staff && row.status === S.PENDING && (
                <Button size="small" onClick={() => rowDialogs.audit(row)}>
                  {t('appraise.audit')}
                </Button>
              )}
              {staff && (row.status === S.ACCEPTED || row.status === S.EVALUATING) && (
                <Button size="small" onClick={() => rowDialogs.push(row)}>
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
      </PagedTable>
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
      {rowDialogs.dialogs}
    </Paper>
  )
}

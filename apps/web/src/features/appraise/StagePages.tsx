import {
  Box,
  Button,
  Chip,
  Paper,
  Stack,
  Tab,
  TableCell,
  TableHead,
  TableRow,
  Tabs,
  Typography,
} from '@mui/material'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import {
  PERMISSIONS,
  RESULTS_STATUS as S,
  type TResultsRecord,
  type TResultsStage,
  type TResultsStageState,
} from '@ysjs/shared'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PagedTable } from '@/components/page/PagedTable'
import { useSession } from '@/lib/session/session'
import { appraiseApi } from './appraiseApi'
import { NameSearch, useListQuery, useRowDialogs } from './ListParts'
import { ResultsEditor } from './results/ResultsEditor'

type TAction = 'audit' | 'push' | 'open'
type TColumn = 'meetingTime' | 'score' | 'firstParty'

/** What differs between the stage screens: the editor tab they open, their first action, their columns. */
type TStageConfig = {
  stage: TResultsStage
  /** The application editor's tab the stage's work is done on. */
  tab: string
  /** The first action of a row, by the half it is in (staff only; others open the application). */
  action: (row: TResultsRecord, state: TResultsStageState) => TAction
  columns: readonly TColumn[]
}

const STAGES: Readonly<Record<TResultsStage, TStageConfig>> = {
  agreement: {
    stage: 'agreement',
    tab: 'basic',
    action: (_row, state) => (state === 'todo' ? 'audit' : 'open'),
    columns: ['firstParty'],
  },
  notice: { stage: 'notice', tab: 'notice', action: () => 'open', columns: ['meetingTime'] },
  basic: {
    stage: 'basic',
    tab: 'experts',
    action: (row) => (row.status === S.ACCEPTED || row.status === S.EVALUATING ? 'push' : 'open'),
    columns: ['meetingTime'],
  },
  index: { stage: 'index', tab: 'experts', action: () => 'open', columns: ['score'] },
  meeting: { stage: 'meeting', tab: 'meeting', action: () => 'open', columns: ['meetingTime'] },
  report: { stage: 'report', tab: 'report', action: () => 'open', columns: ['score'] },
}

/**
 * One stage of 成果评价 (decision 029): a heading, what the stage is for, its two halves with their counts
 * (待签协议 N / 已签协议 M …) and the applications of the half chosen, the stage's action first.
 */
const StagePage = ({ config }: { config: TStageConfig }) => {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const staff = useSession((s) => s.permissions[PERMISSIONS.appraiseResultsAudit] === true)
  const [state, setState] = useState<TResultsStageState>('todo')
  const search = useListQuery({ current: 1, size: 10, name: '' })
  const [editing, setEditing] = useState<string | null>(null)
  const key = `appraise.stage.${config.stage}`
  const query = { ...search.query, stage: config.stage, stageState: state }
  const list = useQuery({
    queryKey: ['appraise-results', 'stage', query],
    queryFn: () => appraiseApi.stagePage(query),
  })
  const counts = list.data?.stageCounts
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['appraise-results'] })
  const rowDialogs = useRowDialogs(() => void refresh())
  const rows = list.data?.records ?? []

  const act = (row: TResultsRecord) => {
    const action = staff ? config.action(row, state) : 'open'
    if (action === 'audit') {
      rowDialogs.audit(row)
    } else if (action === 'push') {
      rowDialogs.push(row)
    } else {
      setEditing(row.id)
    }
  }
  const actionLabel = (row: TResultsRecord) => {
    const action = staff ? config.action(row, state) : 'open'
    return action === 'audit'
      ? t('appraise.audit')
      : action === 'push'
        ? t('appraise.push')
        : t(`${key}.${state}Action`)
  }
  const half = (s: TResultsStageState) => `${t(`${key}.${s}`)} ${counts ? counts[s] : '…'}`

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h5" component="h1">
        {t(`appraise.route.${config.stage}`)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 1 }}>
        {t(`${key}.hint`)}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center' }}>
        <Tabs
          value={state}
          onChange={(_e, v: TResultsStageState) => {
            setState(v)
            search.filter({})
          }}
          aria-label={t(`appraise.route.${config.stage}`)}
        >
          <Tab value="todo" label={half('todo')} data-testid="stage-todo" />
          <Tab value="done" label={half('done')} data-testid="stage-done" />
        </Tabs>
        <Box sx={{ flex: 1 }} />
        <NameSearch
          width={240}
          {...search.nameSearch}
          onSearch={() => search.filter({ name: search.nameSearch.value.trim() })}
          onReset={() => search.filter({ name: '' })}
        />
      </Stack>
      <PagedTable
        label={half(state)}
        head={
          <TableHead>
            <TableRow>
              <TableCell>{t('common.actions')}</TableCell>
              <TableCell>{t('appraise.field.agreementNumber')}</TableCell>
              <TableCell>{t('appraise.field.name')}</TableCell>
              <TableCell>{t('appraise.field.outcomeType')}</TableCell>
              {config.columns.includes('firstParty') && (
                <TableCell>{t('appraise.field.firstParty')}</TableCell>
              )}
              {config.columns.includes('meetingTime') && (
                <TableCell>{t('appraise.field.meetingTime')}</TableCell>
              )}
              {config.columns.includes('score') && (
                <TableCell>
                  {t('appraise.totalScore')} / {t('appraise.grade')}
                </TableCell>
              )}
              <TableCell>{t('appraise.status')}</TableCell>
            </TableRow>
          </TableHead>
        }
        empty={!!list.data && !rows.length}
        emptyText={t(`${key}.${state}Empty`)}
        total={list.data?.total ?? 0}
        {...search.pager}
      >
        {rows.map((row) => (
          <TableRow key={row.id} data-testid={`stage-row-${row.name}`}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              <Button size="small" variant="contained" disableElevation onClick={() => act(row)}>
                {actionLabel(row)}
              </Button>
              {staff && config.action(row, state) !== 'open' && (
                <Button size="small" onClick={() => setEditing(row.id)}>
                  {t('appraise.view')}
                </Button>
              )}
            </TableCell>
            <TableCell>{row.agreementNumber ?? '—'}</TableCell>
            <TableCell>{row.name}</TableCell>
            <TableCell>{row.outcomeTypeName || '—'}</TableCell>
            {config.columns.includes('firstParty') && <TableCell>{row.firstParty ?? '—'}</TableCell>}
            {config.columns.includes('meetingTime') && (
              <TableCell>{row.meetingTime?.slice(0, 16) ?? '—'}</TableCell>
            )}
            {config.columns.includes('score') && (
              <TableCell>
                {row.totalScore === null ? '—' : `${row.totalScore} / ${row.grade ?? '—'}`}
              </TableCell>
            )}
            <TableCell>
              <Chip size="small" label={row.statusName} />
            </TableCell>
          </TableRow>
        ))}
      </PagedTable>
      {editing && (
        <ResultsEditor
          id={editing}
          staff={staff}
          initialTab={config.tab}
          onClose={() => {
            setEditing(null)
            void refresh()
          }}
        />
      )}
      {rowDialogs.dialogs}
    </Paper>
  )
}

export const AgreementPage = () => <StagePage config={STAGES.agreement} />
export const NoticePage = () => <StagePage config={STAGES.notice} />
export const ReportPage = () => <StagePage config={STAGES.report} />
export const MeetingPage = () => <StagePage config={STAGES.meeting} />
export const ExpertPushPage = () => <StagePage config={STAGES.basic} />
export const IndexPage = () => <StagePage config={STAGES.index} />

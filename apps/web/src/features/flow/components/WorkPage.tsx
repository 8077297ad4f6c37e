import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Paper from '@mui/material/Paper'
import Tab from '@mui/material/Tab'
import TableCell from '@mui/material/TableCell'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import Tabs from '@mui/material/Tabs'
import ToggleButton from '@mui/material/ToggleButton'
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { TBladeFlow, TFlowProcess, TPage } from '@ysjs/shared'
import { PERMISSIONS } from '@ysjs/shared'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useListState } from '@/components/crud/useListState'
import { PagedTable } from '@/components/page/PagedTable'
import { navigateTo } from '@/lib/navigation'
import { toast } from '@/lib/notify'
import { useSession } from '@/lib/session/session'
import { flowApi, type TWorkKind } from '../flowApi'
import { categoryLabel, segmentOf, useFlowCategories } from '../useFlowCategories'
import { FlowSearch } from './FlowSearch'
import { FlowStartDialog } from './FlowStartDialog'
import { FlowTaskDialog } from './FlowTaskDialog'
import { FlowTrackDialog } from './FlowTrackDialog'

const KINDS: TWorkKind[] = ['start', 'claim', 'todo', 'send', 'done']
/** The filters of each list (contract 10.2): the start list by category, the others by BladeFlow filters. */
const START_SEARCH = ['category', 'mode']
const WORK_SEARCH = ['category', 'processDefinitionName', 'beginDate', 'endDate']
const filled = (search: Record<string, string>) =>
  Object.fromEntries(Object.entries(search).filter(([, v]) => v !== ''))

/** 我的事务: one screen per menu (start, claim, todo, send, done), with tabs between them. */
export const WorkPage = ({ kind }: { kind: TWorkKind }) => {
  const { t } = useTranslation()
  const permissions = useSession((s) => s.permissions)
  const categories = useFlowCategories()
  // List state lives in the URL (page, size, filters; the start list's mode).
  const state = useListState('', kind === 'start' ? START_SEARCH : WORK_SEARCH)
  // Contract 10.1: 1 = common deployments, 2 = the tenant's own (定制流程).
  const mode = state.search.mode === '2' ? 2 : 1
  const [track, setTrack] = useState<{ processInstanceId?: string; processDefinitionId?: string } | null>(
    null,
  )
  // A process without screens of its own (not the leave) starts and is handled in dialogs.
  const [starting, setStarting] = useState<string | null>(null)
  const [handling, setHandling] = useState<TBladeFlow | null>(null)
  const paging = { current: state.current, size: state.size }
  const list = useQuery({
    queryKey: ['flow', 'work', kind, paging, state.search],
    queryFn: (): Promise<TPage<TBladeFlow | TFlowProcess>> =>
      kind === 'start'
        ? flowApi.startList({ ...paging, ...filled(state.search), mode })
        : flowApi.workList(kind, { ...paging, ...filled(state.search) }),
    placeholderData: keepPreviousData,
  })
  const can = (code: string) => !!permissions[code]
  const detail = (r: TBladeFlow) => {
    const seg = segmentOf(categories, r.category)
    if (seg && r.businessId) {
      navigateTo(`/work/process/${seg}/detail/${r.processInstanceId}/${r.businessId}`)
    } else {
      setTrack({ processInstanceId: r.processInstanceId ?? '' })
    }
  }
  const claim = async (r: TBladeFlow) => {
    await flowApi.claim(r.taskId ?? '')
    toast.success(t('msg.operateSuccess'))
    await list.refetch()
  }
  const rows = (list.data?.records ?? []) as (TBladeFlow | TFlowProcess)[]
  return (
    <Paper sx={{ p: 2 }}>
      <Tabs
        value={kind}
        onChange={(_, v: TWorkKind) => navigateTo(`/work/${v}`)}
        sx={{ mb: 1 }}
        aria-label={t('flow.route.work')}
      >
        {KINDS.map((k) => (
          <Tab key={k} value={k} label={t(`flow.tab.${k}`)} />
        ))}
      </Tabs>
      {kind === 'start' && (
        <ToggleButtonGroup
          size="small"
          exclusive
          value={mode}
          onChange={(_, v: 1 | 2 | null) => {
            if (v) {
              state.setSearch({ ...state.search, mode: v === 1 ? '' : '2' })
            }
          }}
          sx={{ mb: 1 }}
        >
          <ToggleButton value={1}>{t('flow.mode.common')}</ToggleButton>
          <ToggleButton value={2}>{t('flow.mode.custom')}</ToggleButton>
        </ToggleButtonGroup>
      )}
      <FlowSearch
        fields={kind === 'start' ? ['category'] : ['category', 'processDefinitionName', 'dates']}
        values={state.search}
        onSearch={(v) => state.setSearch({ ...state.search, ...v })}
      />
      <PagedTable
        testId={`work-${kind}`}
        head={
          <TableHead>
            <TableRow>
              <TableCell>{t('flow.col.category')}</TableCell>
              <TableCell>{t('flow.col.name')}</TableCell>
              {kind === 'start' ? (
                <>
                  <TableCell>{t('flow.col.key')}</TableCell>
                  <TableCell>{t('flow.col.version')}</TableCell>
                  <TableCell>{t('flow.col.deploymentTime')}</TableCell>
                </>
              ) : (
                <>
                  <TableCell>{t('flow.col.taskName')}</TableCell>
                  <TableCell>{t('flow.col.startUser')}</TableCell>
                  <TableCell>{t('flow.col.createTime')}</TableCell>
                  <TableCell>{t('flow.col.finished')}</TableCell>
                </>
              )}
              <TableCell>{t('common.actions')}</TableCell>
            </TableRow>
          </TableHead>
        }
        empty={rows.length === 0}
        total={list.data?.total ?? 0}
        current={state.current}
        size={state.size}
        onPage={state.setPage}
      >
        {kind === 'start'
          ? (rows as TFlowProcess[]).map((d) => (
              <TableRow key={d.id} hover>
                <TableCell>{categoryLabel(categories, d.category, d.categoryName)}</TableCell>
                <TableCell>{d.name}</TableCell>
                <TableCell>{d.key}</TableCell>
                <TableCell>v{d.version}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{d.deploymentTime}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {can(PERMISSIONS.workStartFlow) && (
                    <Button
                      size="small"
                      onClick={() => {
                        const seg = segmentOf(categories, d.category)
                        if (seg) {
                          navigateTo(`/work/process/${seg}/form/${d.id}`)
                        } else {
                          setStarting(d.id)
                        }
                      }}
                    >
                      {t('flow.action.start')}
                    </Button>
                  )}
                  {can(PERMISSIONS.workStartImage) && (
                    <Button size="small" onClick={() => setTrack({ processDefinitionId: d.id })}>
                      {t('flow.action.image')}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))
          : (rows as TBladeFlow[]).map((r) => (
              <TableRow key={`${r.taskId}-${r.processInstanceId}`} hover>
                <TableCell>{categoryLabel(categories, r.category, r.categoryName)}</TableCell>
                <TableCell>{r.processDefinitionName}</TableCell>
                <TableCell>{r.taskName}</TableCell>
                <TableCell>{r.assigneeName}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{r.createTime}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    color={r.processIsFinished === 'finished' ? 'default' : 'primary'}
                    label={t(r.processIsFinished === 'finished' ? 'flow.finished' : 'flow.unfinished')}
                  />
                  {r.problem && (
                    <Chip
                      size="small"
                      color="error"
                      title={r.problem}
                      label={t('flow.problem')}
                      sx={{ ml: 0.5 }}
                    />
                  )}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {kind === 'claim' && can(PERMISSIONS.workClaimSign) && (
                    <Button size="small" onClick={() => void claim(r)}>
                      {t('flow.action.sign')}
                    </Button>
                  )}
                  {kind === 'todo' && can(PERMISSIONS.workTodoHandle) && (
                    <Button
                      size="small"
                      onClick={() => {
                        const seg = segmentOf(categories, r.category)
                        if (seg && r.businessId) {
                          navigateTo(
                            `/work/process/${seg}/handle/${r.taskId}/${r.processInstanceId}/${r.businessId}`,
                          )
                        } else {
                          setHandling(r)
                        }
                      }}
                    >
                      {t('flow.action.handle')}
                    </Button>
                  )}
                  {can(`work_${kind}_detail`) && (
                    <Button size="small" onClick={() => detail(r)}>
                      {t('flow.action.detail')}
                    </Button>
                  )}
                  {can(`work_${kind}_follow`) && (
                    <Button
                      size="small"
                      onClick={() => setTrack({ processInstanceId: r.processInstanceId ?? '' })}
                    >
                      {t('flow.action.follow')}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
      </PagedTable>
      <FlowTrackDialog target={track} onClose={() => setTrack(null)} />
      <FlowStartDialog
        processDefinitionId={starting}
        onClose={() => setStarting(null)}
        onStarted={() => void list.refetch()}
      />
      <FlowTaskDialog task={handling} onClose={() => setHandling(null)} onDone={() => void list.refetch()} />
    </Paper>
  )
}

export const WorkStartPage = () => <WorkPage kind="start" />
export const WorkClaimPage = () => <WorkPage kind="claim" />
export const WorkTodoPage = () => <WorkPage kind="todo" />
export const WorkSendPage = () => <WorkPage kind="send" />
export const WorkDonePage = () => <WorkPage kind="done" />

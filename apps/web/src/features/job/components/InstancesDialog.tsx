import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableRow from '@mui/material/TableRow'
import { useQuery } from '@tanstack/react-query'
import { ExecuteType, PERMISSIONS } from '@ysjs/shared'
import {
  JOB_INSTANCE_STATUS_LABELS,
  JOB_TRIGGER_LABELS,
  type TJobInstance,
  type TJobInstanceStatus,
} from '@ysjs/shared/job'
import { Fragment, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ListPager } from '@/components/crud/ListPager'
import { CloseDialog } from '@/components/dialog/CloseDialog'
import { HeadRow } from '@/components/table/HeadRow'
import { useSession } from '@/lib/session/session'
import { jobInstanceApi, type TJobInfoRow } from '../jobApi'

const STATUS_COLOR: Record<TJobInstanceStatus, 'default' | 'info' | 'success' | 'error' | 'warning'> = {
  waiting: 'default',
  running: 'info',
  succeeded: 'success',
  failed: 'error',
  stopped: 'warning',
  missed: 'warning',
}

/** A run's (or sub-task's) status, coloured. */
const StatusChip = ({ status }: { status: TJobInstanceStatus }) => (
  <Chip size="small" color={STATUS_COLOR[status]} label={JOB_INSTANCE_STATUS_LABELS[status]} />
)

const duration = (ms: number | null) =>
  ms === null ? '' : ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`

/** The sub-tasks of a broadcast or MapReduce run: worker, status, attempt, result. */
const TaskList = ({ instanceId }: { instanceId: string }) => {
  const tasks = useQuery({
    queryKey: ['job-info', 'tasks', instanceId],
    queryFn: () => jobInstanceApi.tasks(instanceId),
    refetchInterval: 2000,
  })
  return (
    <Table size="small" data-testid="job-tasks" sx={{ mb: 1 }}>
      <HeadRow
        labels={[
          'job.instance.task',
          'job.instance.worker',
          'job.instance.status',
          'job.instance.attempt',
          'job.instance.result',
        ]}
      />
      <TableBody>
        {(tasks.data ?? []).map((task) => (
          <TableRow key={task.id}>
            <TableCell>{task.taskKey}</TableCell>
            <TableCell>{task.workerId ?? ''}</TableCell>
            <TableCell>
              <StatusChip status={task.status} />
            </TableCell>
            <TableCell>{task.attempt}</TableCell>
            <TableCell>{task.result ?? ''}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}

/** The runs of one job, newest first, refreshed every 2 s: status, duration, log; stop and catch-up. */
export const InstancesDialog = ({ job, onClose }: { job: TJobInfoRow; onClose: () => void }) => {
  const { t } = useTranslation()
  const permissions = useSession((s) => s.permissions)
  const [[current, size], setPage] = useState([1, 10])
  const [open, setOpen] = useState<string | null>(null)
  const runs = useQuery({
    queryKey: ['job-info', 'instances', job.id, current, size],
    queryFn: () => jobInstanceApi.list(job.id, current, size),
    refetchInterval: 2000,
  })
  const act = (call: Promise<unknown>) => void call.then(() => runs.refetch())
  const rows: TJobInstance[] = runs.data?.records ?? []
  // Broadcast and MapReduce runs have sub-tasks, shown with the log.
  const distributed = job.executeType !== ExecuteType.STANDALONE
  return (
    <CloseDialog title={`${job.jobName} · ${t('job.info.instances')}`} onClose={onClose} maxWidth="lg">
      <Table size="small" data-testid="job-instances">
        <HeadRow
          labels={[
            'job.instance.plannedTime',
            'job.instance.startTime',
            'job.instance.duration',
            'job.instance.status',
            'job.instance.trigger',
            'job.instance.attempt',
            'job.instance.result',
            'common.actions',
          ]}
        />
        <TableBody>
          {rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={8} align="center">
                {t('job.instance.empty')}
              </TableCell>
            </TableRow>
          )}
          {rows.map((r) => (
            <Fragment key={r.id}>
              <TableRow hover>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{r.plannedTime}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{r.startTime ?? ''}</TableCell>
                <TableCell>{duration(r.duration)}</TableCell>
                <TableCell>
                  <StatusChip status={r.status} />
                </TableCell>
                <TableCell>{JOB_TRIGGER_LABELS[r.trigger] ?? r.trigger}</TableCell>
                <TableCell>{r.attempt}</TableCell>
                <TableCell
                  sx={{ maxWidth: 280, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                >
                  {r.result ?? ''}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <Button
                    size="small"
                    disabled={!r.log && !distributed}
                    onClick={() => setOpen(open === r.id ? null : r.id)}
                  >
                    {t('job.instance.log')}
                  </Button>
                  {(r.status === 'running' || r.status === 'waiting') &&
                    permissions[PERMISSIONS.jobInfoChange] && (
                      <Button size="small" color="warning" onClick={() => act(jobInstanceApi.stop(r.id))}>
                        {t('job.instance.stop')}
                      </Button>
                    )}
                  {r.status === 'missed' && permissions[PERMISSIONS.jobInfoRun] && (
                    <Button size="small" onClick={() => act(jobInstanceApi.catchUp(r.id))}>
                      {t('job.instance.catchUp')}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
              {open === r.id && (r.log || distributed) && (
                <TableRow>
                  <TableCell colSpan={8}>
                    {distributed && <TaskList instanceId={r.id} />}
                    <Box
                      component="pre"
                      sx={{
                        m: 0,
                        p: 1,
                        bgcolor: 'grey.100',
                        fontSize: 12,
                        maxHeight: 240,
                        overflow: 'auto',
                      }}
                    >
                      {r.log}
                    </Box>
                  </TableCell>
                </TableRow>
              )}
            </Fragment>
          ))}
        </TableBody>
      </Table>
      <ListPager
        total={runs.data?.total ?? 0}
        current={current}
        size={size}
        sizes={[10, 30, 50]}
        onChange={(c, z) => setPage([c, z])}
      />
    </CloseDialog>
  )
}

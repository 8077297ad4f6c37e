import HistoryIcon from '@mui/icons-material/History'
import PlayArrowIcon from '@mui/icons-material/PlayArrow'
import ScheduleIcon from '@mui/icons-material/Schedule'
import SyncIcon from '@mui/icons-material/Sync'
import Button from '@mui/material/Button'
import Switch from '@mui/material/Switch'
import Tooltip from '@mui/material/Tooltip'
import { PERMISSIONS } from '@ysjs/shared'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CrudScreen } from '@/components/crud/CrudScreen'
import { toast } from '@/lib/notify'
import { useSession } from '@/lib/session/session'
import { jobInfoApi, type TJobInfoRow } from '../jobApi'
import { jobInfoResource } from '../jobResources'
import { FireTimesDialog } from './FireTimesDialog'
import { InstancesDialog } from './InstancesDialog'

/** 任务管理: job definitions with an enable switch, run now, the next 10 fire times and the run history. */
export const JobInfoPage = () => {
  const { t } = useTranslation()
  const permissions = useSession((s) => s.permissions)
  const [fireTimes, setFireTimes] = useState<TJobInfoRow | null>(null)
  const [history, setHistory] = useState<TJobInfoRow | null>(null)
  return (
    <>
      <CrudScreen
        resource={jobInfoResource}
        rowActions={[
          {
            key: 'run',
            label: t('job.info.run'),
            Icon: PlayArrowIcon,
            permission: PERMISSIONS.jobInfoRun,
            onClick: (row) => {
              void jobInfoApi.run(row.id).then(() => {
                toast.success(t('job.info.runStarted'))
                setHistory(row)
              })
            },
          },
          {
            key: 'fire-times',
            label: t('job.info.fireTimes'),
            Icon: ScheduleIcon,
            onClick: setFireTimes,
          },
          {
            key: 'instances',
            primary: true,
            label: t('job.info.instances'),
            Icon: HistoryIcon,
            onClick: setHistory,
          },
        ]}
        rowButtons={(row, ctx) => (
          <Tooltip title={t('job.info.enable')}>
            <Switch
              size="small"
              checked={row.enable === 1}
              disabled={!permissions[PERMISSIONS.jobInfoChange]}
              slotProps={{ input: { 'aria-label': `${t('job.info.enable')} ${row.jobName}` } }}
              onChange={(_e, checked) => {
                void jobInfoApi.change(row.id, checked ? 1 : 0).then(() => ctx.refresh())
              }}
            />
          </Tooltip>
        )}
        rowButtonsWidth={52}
        toolbar={
          permissions[PERMISSIONS.jobInfoSync] && (
            <Button variant="outlined" startIcon={<SyncIcon />} onClick={() => void jobInfoApi.sync()}>
              {t('job.info.sync')}
            </Button>
          )
        }
      />
      {fireTimes && <FireTimesDialog job={fireTimes} onClose={() => setFireTimes(null)} />}
      {history && <InstancesDialog key={history.id} job={history} onClose={() => setHistory(null)} />}
    </>
  )
}

import SyncIcon from '@mui/icons-material/Sync'
import { PERMISSIONS } from '@ysjs/shared'
import { useTranslation } from 'react-i18next'
import { CrudScreen } from '@/components/crud/CrudScreen'
import { toast } from '@/lib/notify'
import { jobServerApi } from '../jobApi'
import { jobServerResource } from '../jobResources'

/** 服务配置: job servers; 同步 reschedules every job of one server from the database. */
export const JobServerPage = () => {
  const { t } = useTranslation()
  return (
    <CrudScreen
      resource={jobServerResource}
      rowActions={[
        {
          key: 'sync',
          label: t('job.server.sync'),
          Icon: SyncIcon,
          permission: PERMISSIONS.jobServerSync,
          onClick: (row) => {
            void jobServerApi.sync(row.id).then((count) => toast.success(t('job.server.synced', { count })))
          },
        },
      ]}
    />
  )
}

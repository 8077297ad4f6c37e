import ArchiveIcon from '@mui/icons-material/Archive'
import SkipNextIcon from '@mui/icons-material/SkipNext'
import UnarchiveIcon from '@mui/icons-material/Unarchive'
import { useQueryClient } from '@tanstack/react-query'
import { MEETING_STATUS_NAMES, PERMISSIONS } from '@ysjs/shared'
import { useTranslation } from 'react-i18next'
import { CrudScreen } from '@/components/crud/CrudScreen'
import { toast } from '@/lib/notify'
import { useSession } from '@/lib/session/session'
import { meetingApi } from './meetingApi'
import { meetingResource, type TMeetingRow } from './resources'

/** 会议信息: the generic screen plus the forward-only status step and the shelf switch. */
export const MeetingPage = () => {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const canStatus = useSession((s) => s.permissions[PERMISSIONS.meetingInfoStatus] === true)
  const canShelve = useSession((s) => s.permissions[PERMISSIONS.meetingInfoShelves] === true)
  const refresh = async () => {
    toast.success('操作成功!')
    await queryClient.invalidateQueries({ queryKey: [meetingResource.key] })
    await queryClient.invalidateQueries({ queryKey: ['meeting-choices'] })
  }
  const next = async (row: TMeetingRow) => {
    await meetingApi.status(row.id, row.status + 1)
    await refresh()
  }
  const shelve = async (row: TMeetingRow) => {
    await meetingApi.shelves(row.id, row.shelves === 1 ? 0 : 1)
    await refresh()
  }
  return (
    <CrudScreen
      resource={meetingResource}
      rowItemsMax={2}
      rowItems={(row) => [
        ...(canStatus && row.status < 5
          ? [
              {
                key: 'status',
                label: `${t('meeting.meeting.statusTo')} ${MEETING_STATUS_NAMES[row.status + 1]}`,
                Icon: SkipNextIcon,
                onClick: () => void next(row),
              },
            ]
          : []),
        ...(canShelve
          ? [
              {
                key: 'shelve',
                label: row.shelves === 1 ? t('meeting.meeting.offShelf') : t('meeting.meeting.onShelf'),
                Icon: row.shelves === 1 ? ArchiveIcon : UnarchiveIcon,
                onClick: () => void shelve(row),
              },
            ]
          : []),
      ]}
    />
  )
}

import DownloadIcon from '@mui/icons-material/Download'
import { PERMISSIONS } from '@ysjs/shared'
import { useTranslation } from 'react-i18next'
import { CrudScreen } from '@/components/crud/CrudScreen'
import { downloadFile } from '@/lib/download'
import { useSession } from '@/lib/session/session'
import { attachResource, type TAttachRow } from './attachResource'

/** Saves a stored file under its original name. */
const download = (row: TAttachRow) =>
  downloadFile({ url: row.link, saveAs: row.originalName || row.name }).catch(() => undefined)

/** 附件管理: the generic screen; a new attachment uploads its file in the dialog, rows download it. */
export const AttachPage = () => {
  const { t } = useTranslation()
  const canDownload = useSession((s) => !!s.permissions[PERMISSIONS.attachDownload])
  return (
    <CrudScreen
      resource={attachResource}
      rowActions={[
        {
          key: 'download',
          primary: true,
          label: t('resource.attach.download'),
          Icon: DownloadIcon,
          allowed: canDownload,
          onClick: download,
        },
      ]}
    />
  )
}

import DownloadIcon from '@mui/icons-material/Download'
import { useTranslation } from 'react-i18next'
import { CrudScreen } from '@/components/crud/CrudScreen'
import { useSession } from '@/lib/session/session'
import { fileUrl } from '../fileLink'
import { attachResource, type TAttachRow } from './attachResource'

/** Saves a stored file under its original name (the link checks the token, carried in the query). */
const download = (row: TAttachRow) => {
  const a = document.createElement('a')
  a.href = fileUrl(row.link)
  a.download = row.originalName || row.name
  document.body.appendChild(a)
  a.click()
  a.remove()
}

/** 附件管理: the generic screen; a new attachment uploads its file in the dialog, rows download it. */
export const AttachPage = () => {
  const { t } = useTranslation()
  const canDownload = useSession((s) => !!s.permissions.attach_download)
  return (
    <CrudScreen
      resource={attachResource}
      rowActions={[
        {
          key: 'download',
          label: t('resource.attach.download'),
          Icon: DownloadIcon,
          allowed: canDownload,
          onClick: download,
        },
      ]}
    />
  )
}

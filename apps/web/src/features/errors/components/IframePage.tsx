import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router-dom'

/** Only web addresses may be embedded (no javascript: or data: sources). */
const safeSource = (src: string | null): string | null => {
  if (!src) {
    return null
  }
  try {
    const url = new URL(src, window.location.origin)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null
  } catch {
    return null
  }
}

/** `/myiframe/{routerPath}?src=&name=`: an external page inside the layout. */
export const IframePage = () => {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const src = safeSource(params.get('src'))
  if (!src) {
    return <Alert severity="warning">{t('errors.iframeMissing')}</Alert>
  }
  return (
    <Box
      component="iframe"
      title={params.get('name') ?? src}
      src={src}
      sx={{
        width: '100%',
        height: 'calc(100vh - 180px)',
        border: 0,
        bgcolor: 'background.paper',
        borderRadius: 1,
      }}
    />
  )
}

import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import { AccessPreview } from '../authority/components/AccessPreview'
import { splitCsv } from './menuTreeSelection'

/** Under the package's menu tree: what the edited menus do to the users of every tenant on the package. */
export const PackagePreview = ({ packageId, menuId }: { packageId: string; menuId: unknown }) => {
  const { t } = useTranslation()
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {t('authority.preview.title')}
      </Typography>
      <AccessPreview request={{ kind: 'package', packageId, menuIds: splitCsv(menuId) }} />
    </Box>
  )
}

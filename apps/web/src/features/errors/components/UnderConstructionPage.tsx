import ConstructionIcon from '@mui/icons-material/Construction'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'

/** A menu route whose screen comes with a later issue. */
export const UnderConstructionPage = () => {
  const { t } = useTranslation()
  return (
    <Paper sx={{ p: 6, textAlign: 'center' }} data-testid="under-construction">
      <ConstructionIcon color="warning" sx={{ fontSize: 64 }} />
      <Typography variant="h5" component="h1" sx={{ mt: 2 }}>
        {t('errors.underConstruction')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {t('errors.underConstructionTip')}
      </Typography>
    </Paper>
  )
}

import Box from '@mui/material/Box'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Footer } from '@/components/layout/Footer'
import { LanguageSwitch } from '@/components/layout/LanguageSwitch'
import { useWebConfig } from '@/lib/config/webConfig'

/** The frame of the login and lock pages: brand panel, a card, the shared footer. */
export const AuthShell = ({
  children,
  backgroundUrl,
}: {
  children: ReactNode
  backgroundUrl?: string | null
}) => {
  const { t } = useTranslation()
  const { title } = useWebConfig()
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        background: backgroundUrl
          ? `center / cover no-repeat url(${JSON.stringify(backgroundUrl)})`
          : 'linear-gradient(135deg, #0d3c78 0%, #1565c0 55%, #4f83cc 100%)',
      }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', p: 1, color: '#fff' }}>
        <LanguageSwitch />
      </Box>
      <Box sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', px: 2, gap: 8 }}>
        <Box sx={{ color: '#fff', maxWidth: 460, display: { xs: 'none', md: 'block' } }}>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 600, mb: 2 }}>
            {title}
          </Typography>
          <Typography variant="subtitle1" sx={{ opacity: 0.85 }}>
            {t('auth.subtitle')}
          </Typography>
        </Box>
        <Paper elevation={6} sx={{ width: '100%', maxWidth: 400, p: 4 }}>
          {children}
        </Paper>
      </Box>
      <Box sx={{ '& footer': { color: 'rgba(255,255,255,0.8)' } }}>
        <Footer />
      </Box>
    </Box>
  )
}

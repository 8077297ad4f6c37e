import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { WELCOME_PATH } from '@/lib/session/tabs'

const ErrorPage = ({ code, messageKey }: { code: string; messageKey: string }) => {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
      }}
      data-testid={`error-${code}`}
    >
      <Typography variant="h1" component="p" color="primary" sx={{ fontWeight: 700, letterSpacing: 4 }}>
        {code}
      </Typography>
      <Typography variant="h6" component="h1" color="text.secondary">
        {t(messageKey)}
      </Typography>
      <Button variant="contained" onClick={() => navigate(WELCOME_PATH)}>
        {t('common.backHome')}
      </Button>
    </Box>
  )
}

export const NotFoundPage = () => <ErrorPage code="404" messageKey="errors.notFound" />
export const ForbiddenPage = () => <ErrorPage code="403" messageKey="errors.forbidden" />
export const ServerErrorPage = () => <ErrorPage code="500" messageKey="errors.serverError" />

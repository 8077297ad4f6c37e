import Alert from '@mui/material/Alert'
import CircularProgress from '@mui/material/CircularProgress'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { useWebConfig } from '@/lib/config/webConfig'
import { leaveTo } from '@/lib/navigation'
import { useSession } from '@/lib/session/session'
import { WELCOME_PATH } from '@/lib/session/tabs'
import { loginBySocial } from '../api/authApi'
import { completeLogin } from '../api/session'
import { useTenantInfo } from '../hooks/useTenantInfo'
import { AuthShell } from './AuthShell'
import { LoginForm } from './LoginForm'

/** The provider sends the browser back with `code` and `state`; `source` names the provider. */
const DEFAULT_SOCIAL_SOURCE = 'oidc'

const useSocialCallback = (tenantId: string) => {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const started = useRef(false)
  const [failed, setFailed] = useState(false)
  const code = params.get('code')
  const state = params.get('state')
  const source = params.get('source') ?? DEFAULT_SOCIAL_SOURCE
  const active = !!code && !!state

  useEffect(() => {
    if (!active || started.current || !code || !state) {
      return
    }
    started.current = true
    loginBySocial({ tenantId, source, code, state })
      .then(completeLogin)
      .then(() => navigate(WELCOME_PATH, { replace: true }))
      .catch(() => setFailed(true))
  }, [active, code, state, source, tenantId, navigate])

  return { active, failed }
}

export const LoginPage = () => {
  const { t } = useTranslation()
  const config = useWebConfig()
  const hasToken = useSession((s) => s.accessToken !== null)
  const tenant = useTenantInfo()
  const tenantId = tenant.data?.tenantId ?? config.defaultTenantId
  const social = useSocialCallback(tenantId)
  const ssoRedirect = !!config.ssoAuthorizeUrl && !hasToken && !social.active

  useEffect(() => {
    if (ssoRedirect && config.ssoAuthorizeUrl) {
      leaveTo(config.ssoAuthorizeUrl)
    }
  }, [ssoRedirect, config.ssoAuthorizeUrl])

  if (ssoRedirect || (social.active && !social.failed)) {
    return (
      <AuthShell>
        <Stack spacing={2} sx={{ alignItems: 'center', py: 4 }}>
          <CircularProgress />
          <Typography>{ssoRedirect ? t('auth.ssoRedirect') : t('auth.socialLogin')}</Typography>
        </Stack>
      </AuthShell>
    )
  }

  return (
    <AuthShell backgroundUrl={tenant.data?.backgroundUrl}>
      <Typography variant="h5" component="h2" sx={{ mb: 3, textAlign: 'center', fontWeight: 600 }}>
        {t('auth.welcome')}
      </Typography>
      {social.failed && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('auth.errors.SOCIAL_FAILED')}
        </Alert>
      )}
      <LoginForm tenantId={tenantId} showTenant={config.tenantMode && !tenant.data && !tenant.isLoading} />
    </AuthShell>
  )
}

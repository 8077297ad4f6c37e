import { TOKEN_CHECK_INTERVAL_MS } from '@ysjs/shared'
import i18next from 'i18next'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { BrowserRouter } from 'react-router-dom'
import { ErrorBoundary, ErrorFallback } from '@/components/layout/ErrorBoundary'
import { getWebConfig } from '@/lib/config/webConfig'
import { tokenRefresher } from '@/lib/http'
import { notify } from '@/lib/notify'
import { endSession } from '@/lib/session/endSession'
import { hasToken, tokenAgeSeconds } from '@/lib/session/session'
import { startTokenRefreshTimer } from '@/lib/session/tokenRefresh'
import { AppProviders } from './AppProviders'
import { AppRoutes } from './router/AppRoutes'

/** Refreshes the token when it reaches the configured age (checked every 10 s, one refresh at a time). */
const useTokenRefreshTimer = () =>
  useEffect(
    () =>
      startTokenRefreshTimer({
        intervalMs: TOKEN_CHECK_INTERVAL_MS,
        tokenTimeS: () => getWebConfig().tokenTime,
        hasToken,
        tokenAgeS: () => tokenAgeSeconds(),
        refresher: tokenRefresher,
        onFailed: () => {
          notify('error', i18next.t('msg.tokenExpired'))
          endSession()
        },
      }),
    [],
  )

const Fallback = () => {
  const { t } = useTranslation()
  return <ErrorFallback message={t('msg.chunkFailed')} actionText={t('common.reload')} />
}

export const App = () => {
  useTokenRefreshTimer()
  return (
    <AppProviders>
      <ErrorBoundary fallback={() => <Fallback />}>
        {/* No transitions: a navigation commits at once (its lazy screen shows the fallback), so the
            guard's tab and title effects run even when the user moves on before the chunk arrives. */}
        <BrowserRouter useTransitions={false}>
          <AppRoutes />
        </BrowserRouter>
      </ErrorBoundary>
    </AppProviders>
  )
}

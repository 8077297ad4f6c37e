import CssBaseline from '@mui/material/CssBaseline'
import { ThemeProvider } from '@mui/material/styles'
import { QueryClientProvider } from '@tanstack/react-query'
import { SnackbarProvider } from 'notistack'
import { type ReactNode, useEffect, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmProvider } from '@/components/confirm/ConfirmProvider'
import { DownloadProgress } from '@/components/download/DownloadProgress'
import { forgetToasts } from '@/lib/notify'
import { currentLanguage } from './i18n'
import { queryClient } from './queryClient'
import { buildTheme } from './theme'

export const AppProviders = ({ children }: { children: ReactNode }) => {
  const { i18n } = useTranslation()
  // biome-ignore lint/correctness/useExhaustiveDependencies: the theme follows the language
  const theme = useMemo(() => buildTheme(currentLanguage()), [i18n.language])
  // The toasts live in the provider: once it unmounts, none of them is showing.
  useEffect(() => forgetToasts, [])
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <SnackbarProvider
        maxSnack={4}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
        autoHideDuration={3000}
      >
        <QueryClientProvider client={queryClient}>
          <ConfirmProvider>{children}</ConfirmProvider>
          <DownloadProgress />
        </QueryClientProvider>
      </SnackbarProvider>
    </ThemeProvider>
  )
}

import Box from '@mui/material/Box'
import '@/app/i18n/screens'
import { Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { Outlet } from 'react-router-dom'
import { useMenuVisible } from '@/app/router/navigationState'
import { usePathname } from '@/app/router/routerState'
import { ErrorBoundary, ErrorFallback } from '@/components/layout/ErrorBoundary'
import { Footer } from '@/components/layout/Footer'
import { PageLoading } from '@/components/layout/PageLoading'
import { useScreenLevel } from '@/components/layout/useScreenLevel'
import { GuestRegisterDialog } from '@/features/auth/components/GuestRegisterDialog'
import { LockDialog } from './LockDialog'
import { MenuSearch } from './MenuSearch'
import { Sidebar } from './Sidebar'
import { TagsBar } from './TagsBar'
import { TopBar } from './TopBar'

export const MainLayout = () => {
  const { t } = useTranslation()
  const level = useScreenLevel()
  const menuVisible = useMenuVisible()
  const wide = level >= 2
  const pathname = usePathname()

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      {menuVisible && <Sidebar wide={wide} />}
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <TopBar wide={wide} level={level} />
        <TagsBar />
        <Box component="main" sx={{ flex: 1, p: level >= 1 ? 2 : 1, minWidth: 0 }}>
          <ErrorBoundary
            key={pathname}
            fallback={() => <ErrorFallback message={t('errors.boundary')} actionText={t('common.reload')} />}
          >
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        </Box>
        <Footer dense />
      </Box>
      <MenuSearch />
      <LockDialog />
      <GuestRegisterDialog />
    </Box>
  )
}

import Box from '@mui/material/Box'
import { useQuery } from '@tanstack/react-query'
import { Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { Outlet } from 'react-router-dom'
import { useMenuVisible } from '@/app/router/navigationState'
import { usePathname } from '@/app/router/routerState'
import { ErrorBoundary, ErrorFallback } from '@/components/layout/ErrorBoundary'
import { Footer } from '@/components/layout/Footer'
import { PageLoading } from '@/components/layout/PageLoading'
import { useScreenLevel } from '@/components/layout/useScreenLevel'
import { menuButtonsQuery, menuRoutesQuery } from '@/features/auth/api/session'
import { GuestRegisterDialog } from '@/features/auth/components/GuestRegisterDialog'
import { isGuestUser, useSession } from '@/lib/session/session'
import { LockDialog } from './LockDialog'
import { MenuSearch } from './MenuSearch'
import { Sidebar } from './Sidebar'
import { TagsBar } from './TagsBar'
import { TopBar } from './TopBar'

/**
 * The menu and the button permissions, once per session: after a login these join the queries the
 * login started; after a reload they refresh the stored copy, which renders first.
 */
const useMenusAndPermissions = () => {
  const guest = useSession((s) => isGuestUser(s.user))
  useQuery({ ...menuRoutesQuery, enabled: !guest })
  useQuery({ ...menuButtonsQuery, enabled: !guest })
}

export const MainLayout = () => {
  const { t } = useTranslation()
  const level = useScreenLevel()
  const menuVisible = useMenuVisible()
  const wide = level >= 2
  const pathname = usePathname()
  useMenusAndPermissions()

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

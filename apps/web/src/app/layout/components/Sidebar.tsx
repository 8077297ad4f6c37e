import Box from '@mui/material/Box'
import Drawer from '@mui/material/Drawer'
import Typography from '@mui/material/Typography'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH } from '@/app/theme'
import { userRoles, useSession } from '@/lib/session/session'
import { setLayout, useLayout } from '../layoutStore'
import { visibleMenus } from '../menuVisibility'
import { Logo } from './Logo'
import { SidebarMenu } from './SidebarMenu'

const SIDEBAR_BG = '#001529'

const SidebarContent = ({ collapsed, onNavigate }: { collapsed: boolean; onNavigate: () => void }) => {
  const { t } = useTranslation()
  const menus = useSession((s) => s.menus)
  const user = useSession((s) => s.user)
  const visible = useMemo(() => visibleMenus(menus, userRoles(user)), [menus, user])
  return (
    <Box
      sx={{ bgcolor: SIDEBAR_BG, height: '100%', color: '#fff', overflowY: 'auto', overflowX: 'hidden' }}
      data-testid="sidebar"
    >
      <Logo collapsed={collapsed} />
      {visible.length === 0 ? (
        <Typography variant="body2" sx={{ p: 3, color: 'rgba(255,255,255,0.65)', textAlign: 'center' }}>
          {t('layout.menuEmpty')}
        </Typography>
      ) : (
        <SidebarMenu
          menus={visible}
          collapsed={collapsed}
          onNavigate={onNavigate}
          onExpandRequest={() => setLayout({ collapsed: false })}
        />
      )}
    </Box>
  )
}

/** A permanent sidebar at 992 and above (collapsible to icons); an overlay below. */
export const Sidebar = ({ wide }: { wide: boolean }) => {
  const { collapsed, mobileOpen } = useLayout()
  if (!wide) {
    return (
      <Drawer
        variant="temporary"
        open={mobileOpen}
        onClose={() => setLayout({ mobileOpen: false })}
        slotProps={{ paper: { sx: { width: SIDEBAR_WIDTH, border: 0 } } }}
      >
        <SidebarContent collapsed={false} onNavigate={() => setLayout({ mobileOpen: false })} />
      </Drawer>
    )
  }
  const width = collapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_WIDTH
  return (
    <Drawer
      variant="permanent"
      sx={{ width, flexShrink: 0, transition: 'width 0.2s' }}
      slotProps={{ paper: { sx: { width, border: 0, transition: 'width 0.2s', overflowX: 'hidden' } } }}
    >
      <SidebarContent collapsed={collapsed} onNavigate={() => undefined} />
    </Drawer>
  )
}

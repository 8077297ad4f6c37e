import FullscreenIcon from '@mui/icons-material/Fullscreen'
import LockIcon from '@mui/icons-material/Lock'
import MenuIcon from '@mui/icons-material/Menu'
import MenuOpenIcon from '@mui/icons-material/MenuOpen'
import SearchIcon from '@mui/icons-material/Search'
import AppBar from '@mui/material/AppBar'
import Box from '@mui/material/Box'
import IconButton from '@mui/material/IconButton'
import Toolbar from '@mui/material/Toolbar'
import Tooltip from '@mui/material/Tooltip'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import { LanguageSwitch } from '@/components/layout/LanguageSwitch'
import { useWebConfig } from '@/lib/config/webConfig'
import { setLayout, useLayout } from '../layoutStore'
import { UserMenu } from './UserMenu'

const toggleFullscreen = () => {
  if (document.fullscreenElement) {
    void document.exitFullscreen()
  } else {
    void document.documentElement.requestFullscreen?.()
  }
}

export const TopBar = ({ wide, level }: { wide: boolean; level: number }) => {
  const { t } = useTranslation()
  const { collapsed, mobileOpen } = useLayout()
  const { title } = useWebConfig()
  const toggleSidebar = () =>
    wide ? setLayout({ collapsed: !collapsed }) : setLayout({ mobileOpen: !mobileOpen })
  const sidebarHidden = wide ? collapsed : !mobileOpen

  return (
    <AppBar position="static" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar variant="dense" sx={{ gap: 0.5 }}>
        <Tooltip title={sidebarHidden ? t('layout.expand') : t('layout.collapse')}>
          <IconButton
            onClick={toggleSidebar}
            edge="start"
            aria-label={sidebarHidden ? t('layout.expand') : t('layout.collapse')}
          >
            {sidebarHidden ? <MenuIcon /> : <MenuOpenIcon />}
          </IconButton>
        </Tooltip>
        {!wide && (
          <Typography variant="subtitle1" noWrap sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
        )}
        <Box sx={{ flex: 1 }} />
        <Tooltip title={t('layout.search')}>
          <IconButton onClick={() => setLayout({ searchOpen: true })} aria-label={t('layout.search')}>
            <SearchIcon />
          </IconButton>
        </Tooltip>
        <Tooltip title={t('layout.lock')}>
          <IconButton onClick={() => setLayout({ lockOpen: true })} aria-label={t('layout.lock')}>
            <LockIcon />
          </IconButton>
        </Tooltip>
        {level >= 3 && (
          <Tooltip title={t('layout.fullscreen')}>
            <IconButton onClick={toggleFullscreen} aria-label={t('layout.fullscreen')}>
              <FullscreenIcon />
            </IconButton>
          </Tooltip>
        )}
        <LanguageSwitch color="primary" />
        <UserMenu compact={level < 1} />
      </Toolbar>
    </AppBar>
  )
}

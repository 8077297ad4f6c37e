import SearchIcon from '@mui/icons-material/Search'
import Dialog from '@mui/material/Dialog'
import InputAdornment from '@mui/material/InputAdornment'
import List from '@mui/material/List'
import ListItemButton from '@mui/material/ListItemButton'
import ListItemIcon from '@mui/material/ListItemIcon'
import ListItemText from '@mui/material/ListItemText'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { type KeyboardEvent, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { menuTarget } from '@/app/router/menuRoutes'
import { useStableNavigate } from '@/app/router/routerState'
import { userRoles, useSession } from '@/lib/session/session'
import { setLayout, useLayout } from '../layoutStore'
import { searchMenus, type TMenuHit } from '../menuSearch'
import { visibleMenus } from '../menuVisibility'
import { MenuIconFor } from './menuIcons'

/** The overlay: type a prefix, pick a leaf menu (Enter or click), Esc closes. */
export const MenuSearch = () => {
  const { t } = useTranslation()
  const navigate = useStableNavigate()
  const { searchOpen } = useLayout()
  const menus = useSession((s) => s.menus)
  const user = useSession((s) => s.user)
  const [query, setQuery] = useState('')
  const [cursor, setCursor] = useState(0)
  const hits = useMemo(() => searchMenus(visibleMenus(menus, userRoles(user)), query), [menus, user, query])

  const close = () => {
    setLayout({ searchOpen: false })
    setQuery('')
    setCursor(0)
  }

  const pick = ({ menu }: TMenuHit) => {
    close()
    const target = menuTarget(menu)
    if (target.kind === 'window') {
      window.open(target.url, '_blank', 'noopener')
    } else {
      navigate(target.to)
    }
  }

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault()
      setCursor((c) => Math.min(c + 1, hits.length - 1))
    } else if (e.key === 'ArrowUp') {
      e.preventDefault()
      setCursor((c) => Math.max(c - 1, 0))
    } else if (e.key === 'Enter') {
      e.preventDefault()
      const hit = hits[cursor]
      if (hit) {
        pick(hit)
      }
    }
  }

  return (
    <Dialog
      open={searchOpen}
      onClose={close}
      maxWidth="sm"
      slotProps={{ paper: { sx: { alignSelf: 'flex-start', mt: 10 } } }}
      aria-label={t('layout.search')}
    >
      <TextField
        autoFocus
        placeholder={t('layout.searchPlaceholder')}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value)
          setCursor(0)
        }}
        onKeyDown={onKeyDown}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon />
              </InputAdornment>
            ),
          },
          htmlInput: { 'aria-label': t('layout.search'), 'data-testid': 'menu-search-input' },
        }}
        sx={{ p: 2 }}
      />
      <List dense sx={{ maxHeight: '50vh', overflowY: 'auto', pt: 0 }} data-testid="menu-search-results">
        {hits.map((hit, i) => (
          <ListItemButton key={hit.menu.id} selected={i === cursor} onClick={() => pick(hit)}>
            <ListItemIcon sx={{ minWidth: 36 }}>
              <MenuIconFor source={hit.menu.source} />
            </ListItemIcon>
            <ListItemText primary={hit.menu.name} secondary={hit.menu.path} />
          </ListItemButton>
        ))}
        {hits.length === 0 && (
          <Typography color="text.secondary" sx={{ p: 2, textAlign: 'center' }}>
            {t('layout.searchEmpty')}
          </Typography>
        )}
      </List>
    </Dialog>
  )
}

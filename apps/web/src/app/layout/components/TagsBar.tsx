import CloseIcon from '@mui/icons-material/Close'
import MoreVertIcon from '@mui/icons-material/MoreVert'
import Box from '@mui/material/Box'
import IconButton from '@mui/material/IconButton'
import ListItemText from '@mui/material/ListItemText'
import Menu from '@mui/material/Menu'
import MenuItem from '@mui/material/MenuItem'
import { useQueryClient } from '@tanstack/react-query'
import { type MouseEvent, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useStableNavigate } from '@/app/router/routerState'
import { useConfirm } from '@/components/confirm/ConfirmProvider'
import { toast } from '@/lib/notify'
import { sessionStore } from '@/lib/session/session'
import {
  activeTab,
  canCloseTab,
  closeAllTabs,
  closeOtherTabs,
  closeTab,
  type TTabShown,
  type TTabsState,
  tabPath,
  tabsStore,
  updateTabs,
  useTabsShown,
} from '@/lib/session/tabs'
import { clearCaches } from '../clearCache'
import { setLayout } from '../layoutStore'

type TAnchor = { el: HTMLElement } | { x: number; y: number }

const tabLabel = (tab: TTabShown, t: (k: string) => string) => (tab.labelKey ? t(tab.labelKey) : tab.label)

/** The open pages: pick, close, and the right-click (or ⋮) menu. */
export const TagsBar = () => {
  const { t } = useTranslation()
  const navigate = useStableNavigate()
  const confirm = useConfirm()
  const queryClient = useQueryClient()
  const state = useTabsShown()
  const [anchor, setAnchor] = useState<TAnchor | null>(null)
  const strip = useRef<HTMLDivElement>(null)

  // Once the tags overflow, the active one is scrolled into view (opened from the menu, or picked).
  useEffect(() => {
    const tags = strip.current?.querySelectorAll<HTMLElement>('[data-tab-key]') ?? []
    const el = Array.from(tags).find((tag) => tag.dataset.tabKey === state.active)
    el?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' })
  }, [state.active])

  /** Applies a transition and follows the active tab when it changed. */
  const apply = (transition: (s: TTabsState) => TTabsState) => {
    const before = tabsStore.get().active
    const next = updateTabs(transition)
    if (next.active !== before) {
      navigate(activeTab(next).fullPath)
    }
  }

  const onClose = (e: MouseEvent, key: string) => {
    e.stopPropagation()
    apply((s) => closeTab(s, key))
  }

  const act = (action: () => void | Promise<void>) => () => {
    setAnchor(null)
    void action()
  }

  const clearCache = async () => {
    if (!(await confirm({ message: t('layout.tabs.clearCacheConfirm') }))) {
      return
    }
    if (await clearCaches(queryClient, sessionStore.get().user)) {
      toast.success(t('layout.tabs.cacheCleared'))
    }
  }

  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
        minHeight: 40,
      }}
      onContextMenu={(e) => {
        e.preventDefault()
        setAnchor({ x: e.clientX, y: e.clientY })
      }}
      data-testid="tags-bar"
    >
      <Box
        ref={strip}
        role="tablist"
        sx={{ flex: 1, display: 'flex', gap: 0.5, overflowX: 'auto', px: 1, py: 0.5 }}
      >
        {state.tabs.map((tab) => {
          const selected = tab.key === state.active
          return (
            <Box
              key={tab.key}
              role="tab"
              aria-selected={selected}
              tabIndex={0}
              data-tab-key={tab.key}
              onClick={() => navigate(tabPath(tab.key))}
              onKeyDown={(e) => e.key === 'Enter' && navigate(tabPath(tab.key))}
              sx={{
                display: 'inline-flex',
                alignItems: 'center',
                gap: 0.5,
                px: 1.5,
                height: 28,
                flexShrink: 0,
                cursor: 'pointer',
                borderRadius: 1,
                fontSize: 13,
                border: 1,
                borderColor: selected ? 'primary.main' : 'divider',
                bgcolor: selected ? 'primary.main' : 'transparent',
                color: selected ? 'primary.contrastText' : 'text.primary',
                whiteSpace: 'nowrap',
              }}
            >
              {tabLabel(tab, t)}
              {canCloseTab(state, tab.key) && (
                <IconButton
                  size="small"
                  aria-label={t('layout.tabs.close')}
                  onClick={(e) => onClose(e, tab.key)}
                  sx={{ p: 0.1, color: 'inherit' }}
                >
                  <CloseIcon sx={{ fontSize: 14 }} />
                </IconButton>
              )}
            </Box>
          )
        })}
      </Box>
      <IconButton
        aria-label={t('layout.tabs.menu')}
        onClick={(e) => setAnchor({ el: e.currentTarget })}
        sx={{ mx: 0.5 }}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorReference={anchor && 'x' in anchor ? 'anchorPosition' : 'anchorEl'}
        anchorPosition={anchor && 'x' in anchor ? { top: anchor.y, left: anchor.x } : undefined}
        anchorEl={anchor && 'el' in anchor ? anchor.el : null}
        data-testid="tags-menu"
      >
        <MenuItem onClick={act(clearCache)}>
          <ListItemText>{t('layout.tabs.clearCache')}</ListItemText>
        </MenuItem>
        <MenuItem onClick={act(() => apply(closeOtherTabs))}>
          <ListItemText>{t('layout.tabs.closeOthers')}</ListItemText>
        </MenuItem>
        <MenuItem onClick={act(() => apply(closeAllTabs))}>
          <ListItemText>{t('layout.tabs.closeAll')}</ListItemText>
        </MenuItem>
        <MenuItem onClick={act(() => setLayout({ searchOpen: true }))}>
          <ListItemText>{t('layout.tabs.search')}</ListItemText>
        </MenuItem>
      </Menu>
    </Box>
  )
}

import type { SvgIconComponent } from '@mui/icons-material'
import DeleteIcon from '@mui/icons-material/Delete'
import EditIcon from '@mui/icons-material/Edit'
import MoreHorizIcon from '@mui/icons-material/MoreHoriz'
import VisibilityIcon from '@mui/icons-material/Visibility'
import Box from '@mui/material/Box'
import ListItemIcon from '@mui/material/ListItemIcon'
import ListItemText from '@mui/material/ListItemText'
import Menu from '@mui/material/Menu'
import MenuItem from '@mui/material/MenuItem'
import { alpha, type Theme } from '@mui/material/styles'
import { type MouseEvent, type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'

export const ROW_ACTIONS = [
  { action: 'edit', Icon: EditIcon, color: 'primary' },
  { action: 'view', Icon: VisibilityIcon, color: 'primary' },
  { action: 'delete', Icon: DeleteIcon, color: 'error' },
] as const

/** How many of a row's actions show as labelled buttons; the others are in its ⋯ menu. */
export const ROW_SHOWN = 2
/** Width of the 操作 column: the labelled buttons, the ⋯ button, the cell's padding. */
export const rowActionsWidth = (count: number, extra = 0) =>
  Math.min(count, ROW_SHOWN) * 52 + (count > ROW_SHOWN ? 34 : 0) + 20 + extra

/** The look of MUI's small text button, set once on the grid for every row's buttons. */
export const rowActionsSx = (theme: Theme) => {
  const tone = (color: string) => ({
    color,
    '&:hover': { backgroundColor: alpha(color, theme.palette.action.hoverOpacity) },
    '&:focus-visible': { outline: `2px solid ${color}`, outlineOffset: -2 },
  })
  return {
    '& .crud-row-actions': { display: 'flex', alignItems: 'center', gap: '2px', height: '100%' },
    '& .crud-row-action': {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      minWidth: 32,
      padding: '3px 6px',
      border: 0,
      borderRadius: theme.shape.borderRadius,
      background: 'transparent',
      cursor: 'pointer',
      whiteSpace: 'nowrap',
      font: 'inherit',
      fontSize: theme.typography.pxToRem(13),
      fontWeight: 500,
      transition: theme.transitions.create('background-color', {
        duration: theme.transitions.duration.shortest,
      }),
      ...tone(theme.palette.primary.main),
      '&[data-color="error"]': tone(theme.palette.error.main),
      '&[data-more]': { fontSize: theme.typography.pxToRem(18), padding: '3px 4px' },
    },
  }
}

/** One action of a row: the standard edit/view/delete, or a screen's own (e.g. 权限设置). */
export type TRowButton = {
  key: string
  label: string
  Icon?: SvgIconComponent
  color: 'primary' | 'error'
  onClick: () => void
}

/** The row's own click (open, select) is not its buttons'. */
const stopRowClick = (e: MouseEvent) => e.stopPropagation()

/** The ⋯ menu of a row, mounted only while open (a page renders up to 200 rows). */
const MoreMenu = ({ buttons }: { buttons: TRowButton[] }) => {
  const { t } = useTranslation()
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  return (
    <>
      <button
        type="button"
        className="crud-row-action"
        data-more
        aria-label={t('common.more')}
        title={t('common.more')}
        aria-haspopup="menu"
        onClick={(e) => {
          stopRowClick(e)
          setAnchor(e.currentTarget)
        }}
      >
        <MoreHorizIcon fontSize="inherit" />
      </button>
      {anchor ? (
        <Menu open anchorEl={anchor} onClose={() => setAnchor(null)} onClick={stopRowClick}>
          {buttons.map(({ key, label, Icon, color, onClick }) => (
            <MenuItem
              key={key}
              onClick={() => {
                setAnchor(null)
                onClick()
              }}
              sx={color === 'error' ? { color: 'error.main' } : undefined}
            >
              {Icon ? (
                <ListItemIcon sx={{ color: 'inherit' }}>
                  <Icon fontSize="small" />
                </ListItemIcon>
              ) : null}
              <ListItemText>{label}</ListItemText>
            </MenuItem>
          ))}
        </Menu>
      ) : null}
    </>
  )
}

/**
 * The 操作 cell of a row, the same on every list: the first two actions (the most used, the caller's
 * order) as labelled buttons, the rest in a ⋯ menu, so the column stays narrow and the key columns keep
 * their width. Plain buttons with the browser's tooltip: an MUI Button with a Tooltip per row was most
 * of a long page's render work. A screen's free-form content (a switch) follows.
 */
export const RowActions = ({ buttons, children }: { buttons: TRowButton[]; children?: ReactNode }) => {
  const shown = buttons.slice(0, ROW_SHOWN)
  const more = buttons.slice(ROW_SHOWN)
  return (
    <span className="crud-row-actions">
      {shown.map(({ key, label, color, onClick }) => (
        <button
          key={key}
          type="button"
          className="crud-row-action"
          data-color={color}
          data-action={key}
          onClick={(e) => {
            stopRowClick(e)
            onClick()
          }}
        >
          {label}
        </button>
      ))}
      {more.length > 0 ? <MoreMenu buttons={more} /> : null}
      {children ? (
        // Free-form content may open menus in a portal: their clicks bubble here through React's tree.
        <Box component="span" onClick={stopRowClick} sx={{ display: 'inline-flex', alignItems: 'center' }}>
          {children}
        </Box>
      ) : null}
    </span>
  )
}

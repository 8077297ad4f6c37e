import type { SvgIconComponent } from '@mui/icons-material'
import DeleteIcon from '@mui/icons-material/Delete'
import EditIcon from '@mui/icons-material/Edit'
import VisibilityIcon from '@mui/icons-material/Visibility'
import Box from '@mui/material/Box'
import { alpha, type Theme } from '@mui/material/styles'
import type { MouseEvent, ReactNode } from 'react'

export const ROW_ACTIONS = [
  { action: 'view', Icon: VisibilityIcon, color: 'primary' },
  { action: 'edit', Icon: EditIcon, color: 'primary' },
  { action: 'delete', Icon: DeleteIcon, color: 'error' },
] as const

/** The look of MUI's small IconButton, set once on the grid for every row's buttons. */
export const rowActionsSx = (theme: Theme) => {
  const tone = (color: string) => ({
    color,
    '&:hover': { backgroundColor: alpha(color, theme.palette.action.hoverOpacity) },
    '&:focus-visible': { outline: `2px solid ${color}`, outlineOffset: -2 },
  })
  return {
    '& .crud-row-actions': { display: 'flex', alignItems: 'center', height: '100%' },
    '& .crud-row-action': {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      padding: '5px',
      border: 0,
      borderRadius: '50%',
      background: 'transparent',
      cursor: 'pointer',
      fontSize: theme.typography.pxToRem(20),
      transition: theme.transitions.create('background-color', {
        duration: theme.transitions.duration.shortest,
      }),
      ...tone(theme.palette.primary.main),
      '&[data-color="error"]': tone(theme.palette.error.main),
    },
  }
}

/** One button of a row: the standard view/edit/delete, or a screen's own (e.g. 权限设置). */
export type TRowButton = {
  key: string
  label: string
  Icon: SvgIconComponent
  color: 'primary' | 'error'
  onClick: () => void
}

/** The row's own click (open, select) is not its buttons'. */
const stopRowClick = (e: MouseEvent) => e.stopPropagation()

/**
 * A row's buttons, then a screen's free-form row content. A page renders up to 200 rows: these are
 * plain buttons with the browser's tooltip, because an MUI IconButton with its Tooltip is a dozen
 * components and a Popper per button, which made most of a long page's render work.
 */
export const RowActions = ({ buttons, children }: { buttons: TRowButton[]; children?: ReactNode }) => (
  <span className="crud-row-actions">
    {buttons.map(({ key, label, Icon, color, onClick }) => (
      <button
        key={key}
        type="button"
        className="crud-row-action"
        data-color={color}
        aria-label={label}
        title={label}
        onClick={(e) => {
          stopRowClick(e)
          onClick()
        }}
      >
        <Icon fontSize="inherit" />
      </button>
    ))}
    {children ? (
      // Free-form content may open menus in a portal: their clicks bubble here through React's tree.
      <Box component="span" onClick={stopRowClick} sx={{ display: 'inline-flex', alignItems: 'center' }}>
        {children}
      </Box>
    ) : null}
  </span>
)

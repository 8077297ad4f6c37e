import DeleteIcon from '@mui/icons-material/Delete'
import EditIcon from '@mui/icons-material/Edit'
import VisibilityIcon from '@mui/icons-material/Visibility'
import { alpha, type Theme } from '@mui/material/styles'
import type { MouseEvent } from 'react'

export type TRowAction = 'view' | 'edit' | 'delete'

export const ROW_ACTIONS = [
  { action: 'view', Icon: VisibilityIcon, color: 'primary' },
  { action: 'edit', Icon: EditIcon, color: 'primary' },
  { action: 'delete', Icon: DeleteIcon, color: 'error' },
] as const

export type TRowActionDef = (typeof ROW_ACTIONS)[number]

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

type TProps = {
  actions: readonly TRowActionDef[]
  labels: Record<TRowAction, string>
  onAction: (action: TRowAction) => void
}

/**
 * A row's view/edit/delete buttons. A page renders up to 200 rows: these are plain buttons with the
 * browser's tooltip, because an MUI IconButton with its Tooltip is a dozen components and a Popper
 * per button, which made most of a long page's render work.
 */
export const RowActions = ({ actions, labels, onAction }: TProps) => (
  <span className="crud-row-actions">
    {actions.map(({ action, Icon, color }) => (
      <button
        key={action}
        type="button"
        className="crud-row-action"
        data-color={color}
        aria-label={labels[action]}
        title={labels[action]}
        onClick={(e: MouseEvent) => {
          // The row's own click (open, select) is not this button's.
          e.stopPropagation()
          onAction(action)
        }}
      >
        <Icon fontSize="inherit" />
      </button>
    ))}
  </span>
)

import { alpha, type Theme } from '@mui/material/styles'
import type { ReactNode } from 'react'
import { cellText, DictCell, OptionCell, TreeCell } from './cells'
import { rowActionsSx } from './RowActions'
import type { TTreeRowState } from './treeRows'
import type { TField, TRow } from './types'

// The grid re-processes its rows when a function or object prop changes identity: these stay put.
const gridSx = (clickable: boolean) => (theme: Theme) => ({
  ...rowActionsSx(theme),
  // The 操作 column stays at the right edge of a grid wider than the screen (the old platform's fixed
  // column): its cells and heading stick there while the other columns scroll under them.
  '& .MuiDataGrid-cell[data-field="__actions"], & .MuiDataGrid-columnHeader[data-field="__actions"]': {
    position: 'sticky',
    right: 0,
    zIndex: 2,
    bgcolor: 'background.paper',
    boxShadow: `-1px 0 0 ${theme.palette.divider}`,
  },
  '& .MuiDataGrid-row:hover .MuiDataGrid-cell[data-field="__actions"]': {
    bgcolor: alpha(theme.palette.background.paper, 1),
    backgroundImage: `linear-gradient(${theme.palette.action.hover}, ${theme.palette.action.hover})`,
  },
  '& .row-highlight': { bgcolor: 'action.selected' },
  '& .MuiDataGrid-row': { cursor: clickable ? 'pointer' : 'default' },
})
export const GRID_SX = { clickable: gridSx(true), plain: gridSx(false) }

let scrollbarSize: number | undefined
/**
 * The platform's scrollbar width, measured once. Without it the grid measures its own scrollbar on
 * every resize of its content, forcing a layout of the page in the middle of rendering a new page.
 */
export const platformScrollbarSize = (): number => {
  if (scrollbarSize === undefined) {
    const probe = document.createElement('div')
    probe.style.cssText = 'position:absolute;top:-9999px;width:99px;height:99px;overflow:scroll'
    document.body.appendChild(probe)
    scrollbarSize = probe.offsetWidth - probe.clientWidth
    probe.remove()
  }
  return scrollbarSize
}

/** A cell's content: the column's own render, a dictionary or option label, or the text; a tree's
 * first column carries the expander. */
export const renderValue = (
  field: TField,
  row: TRow,
  value: unknown,
  isFirst: boolean,
  toggle: (id: string) => void,
): ReactNode => {
  const render = field.column ? field.column.render : undefined
  if (render) {
    return render(row)
  }
  const content =
    field.kind === 'dict' && field.dictCode ? (
      <DictCell code={field.dictCode} value={value} />
    ) : field.kind === 'select' ? (
      <OptionCell field={field} value={value} />
    ) : (
      cellText(field, value)
    )
  const tree = row.__tree as TTreeRowState | undefined
  return isFirst && tree ? (
    <TreeCell depth={tree.depth} state={tree} onToggle={() => toggle(row.id)}>
      {content}
    </TreeCell>
  ) : (
    content
  )
}

import type { SxProps, Theme } from '@mui/material/styles'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import type { ReactNode } from 'react'
import { EmptyRow } from '@/components/crud/EmptyRow'
import { ListPager } from '@/components/crud/ListPager'

/**
 * A page of a hand-made list: the table (its heading and rows given), the empty state once the screen says
 * there is nothing to show, and the pager under it.
 */
export const PagedTable = ({
  head,
  children,
  empty,
  emptyText,
  label,
  testId,
  total,
  current,
  size,
  onPage,
  pagerSx,
}: {
  head: ReactNode
  /** The rows. */
  children: ReactNode
  /** Whether to show the empty state (no rows, once they are known). */
  empty: boolean
  emptyText?: string
  /** The table's accessible name. */
  label?: string
  testId?: string
  total: number
  current: number
  size: number
  onPage: (current: number, size: number) => void
  pagerSx?: SxProps<Theme>
}) => (
  <>
    <Table size="small" aria-label={label} data-testid={testId}>
      {head}
      <TableBody>
        {empty && <EmptyRow text={emptyText} />}
        {children}
      </TableBody>
    </Table>
    <ListPager total={total} current={current} size={size} onChange={onPage} sx={pagerSx} />
  </>
)

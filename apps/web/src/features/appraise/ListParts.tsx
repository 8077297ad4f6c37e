import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TextField from '@mui/material/TextField'
import type { TResultsRecord } from '@ysjs/shared'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { EmptyRow } from '@/components/crud/EmptyRow'
import { ListPager } from '@/components/crud/ListPager'
import { SearchButtons } from '@/components/crud/SearchButtons'
import { AuditDialog } from './AuditDialog'
import { PushDialog } from './PushDialog'

/** The name filter of an appraisal list: applied by 搜索 or Enter; 清空 empties it. */
export const NameSearch = ({
  value,
  onChange,
  onSearch,
  onReset,
  width,
}: {
  /** A fixed width (a toolbar with tabs); the row's room otherwise. */
  width?: number
  value: string
  onChange: (value: string) => void
  onSearch: () => void
  onReset: () => void
}) => {
  const { t } = useTranslation()
  return (
    <>
      <TextField
        size="small"
        sx={width ? { width } : undefined}
        label={t('appraise.field.name')}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => e.key === 'Enter' && onSearch()}
      />
      <SearchButtons
        onSearch={onSearch}
        onReset={() => {
          onChange('')
          onReset()
        }}
      />
    </>
  )
}

/** A page of an appraisal list: the table (its heading given), its rows, the empty state and the pager. */
export const PagedTable = <Row,>({
  label,
  head,
  rows,
  row,
  loaded,
  emptyText,
  total,
  current,
  size,
  onPage,
}: {
  label: string
  head: ReactNode
  rows: Row[]
  row: (row: Row) => ReactNode
  loaded: boolean
  emptyText?: string
  total: number
  current: number
  size: number
  onPage: (current: number, size: number) => void
}) => (
  <>
    <Table size="small" aria-label={label}>
      {head}
      <TableBody>
        {rows.map(row)}
        {loaded && !rows.length && <EmptyRow text={emptyText} />}
      </TableBody>
    </Table>
    <ListPager total={total} current={current} size={size} onChange={onPage} />
  </>
)

/** The audit and push dialogs of an application's row; the list refreshes when one closes. */
export const RowDialogs = ({
  auditing,
  pushing,
  onClosed,
}: {
  auditing: TResultsRecord | null
  pushing: TResultsRecord | null
  onClosed: () => void
}) => (
  <>
    {auditing && <AuditDialog row={auditing} onClose={onClosed} />}
    {pushing && <PushDialog resultsId={pushing.id} onClose={onClosed} />}
  </>
)

import TablePagination from '@mui/material/TablePagination'
import { PAGE_SIZES } from '@ysjs/shared'
import { useGridLocaleText } from '@/lib/gridLocale'

/** The spec's pager (10/30/50/100/200, `current` from 1) in the interface language, for hand-made lists. */
export const ListPager = ({
  total,
  current,
  size,
  onChange,
}: {
  total: number
  current: number
  size: number
  onChange: (current: number, size: number) => void
}) => {
  const localeText = useGridLocaleText()
  return (
    <TablePagination
      component="div"
      count={total}
      page={Math.min(current - 1, Math.max(0, Math.ceil(total / size) - 1))}
      rowsPerPage={size}
      rowsPerPageOptions={[...PAGE_SIZES]}
      onPageChange={(_e, page) => onChange(page + 1, size)}
      onRowsPerPageChange={(e) => onChange(1, Number(e.target.value))}
      labelRowsPerPage={localeText.paginationRowsPerPage}
      labelDisplayedRows={({ from, to, count }) =>
        localeText.paginationDisplayedRows?.({ from, to, count, estimated: undefined }) ??
        `${from}–${to} / ${count}`
      }
    />
  )
}

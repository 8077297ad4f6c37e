import { TablePagination } from '@mui/material'
import { PAGE_SIZES } from '@ysjs/shared'
import { useGridLocaleText } from '@/lib/gridLocale'

/** Paging of the appraisal tables (sizes 10 to 200), in the interface language. */
export const Pager = ({
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
      page={current - 1}
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

import type { SxProps, Theme } from '@mui/material/styles'
import TablePagination from '@mui/material/TablePagination'
import { PAGE_SIZES } from '@ysjs/shared'
import { useGridLocaleText } from '@/lib/gridLocale'

/**
 * The one pager of hand-made lists: the spec's page sizes (10/30/50/100/200) unless a list offers
 * fewer, `current` from 1, in the interface language.
 */
export const ListPager = ({
  total,
  current,
  size,
  onChange,
  sizes = PAGE_SIZES,
  sx,
}: {
  total: number
  current: number
  size: number
  onChange: (current: number, size: number) => void
  sizes?: readonly number[]
  sx?: SxProps<Theme>
}) => {
  const localeText = useGridLocaleText()
  return (
    <TablePagination
      component="div"
      count={total}
      page={Math.min(current - 1, Math.max(0, Math.ceil(total / size) - 1))}
      rowsPerPage={size}
      rowsPerPageOptions={[...sizes]}
      onPageChange={(_e, page) => onChange(page + 1, size)}
      onRowsPerPageChange={(e) => onChange(1, Number(e.target.value))}
      labelRowsPerPage={localeText.paginationRowsPerPage}
      labelDisplayedRows={({ from, to, count }) =>
        localeText.paginationDisplayedRows?.({ from, to, count, estimated: undefined }) ??
        `${from}–${to} / ${count}`
      }
      sx={sx}
    />
  )
}

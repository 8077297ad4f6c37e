import TableCell from '@mui/material/TableCell'
import TableRow from '@mui/material/TableRow'
import { useTranslation } from 'react-i18next'

/**
 * The one empty state of a hand-made table (the grids say the same): 暂无数据, or what the screen says is
 * empty (e.g. a stage's 暂无待签协议). Spans every column.
 */
export const EmptyRow = ({ text, colSpan = 100 }: { text?: string; colSpan?: number }) => {
  const { t } = useTranslation()
  return (
    <TableRow>
      <TableCell colSpan={colSpan} align="center" sx={{ color: 'text.secondary', py: 4 }}>
        {text ?? t('common.empty')}
      </TableCell>
    </TableRow>
  )
}

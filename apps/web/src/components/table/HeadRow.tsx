import TableCell from '@mui/material/TableCell'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * A table's heading: its columns' labels (i18n keys), with cells of its own before them (a checkbox
 * column) or after them (the buttons' column).
 */
export const HeadRow = ({
  labels,
  lead,
  trail,
}: {
  labels: string[]
  lead?: ReactNode
  trail?: ReactNode
}) => {
  const { t } = useTranslation()
  return (
    <TableHead>
      <TableRow>
        {lead}
        {labels.map((label) => (
          <TableCell key={label}>{t(label)}</TableCell>
        ))}
        {trail}
      </TableRow>
    </TableHead>
  )
}

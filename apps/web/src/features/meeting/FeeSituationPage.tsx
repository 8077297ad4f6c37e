import {
  Box,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from '@mui/material'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useGridLocaleText } from '@/lib/gridLocale'
import { meetingApi } from './meetingApi'
import { RegisteredPage } from './RegisteredPage'

const COLUMNS = ['registered', 'due', 'paid', 'unpaid', 'invoiced', 'invoicedCount', 'returnedCount'] as const

/** 缴费情况: totals per meeting, then the chosen meeting's registrations with the fee actions. */
export const FeeSituationPage = () => {
  const { t } = useTranslation()
  const localeText = useGridLocaleText()
  const [page, setPage] = useState(0)
  const [size, setSize] = useState(10)
  const fees = useQuery({
    queryKey: ['meeting-fees', page, size],
    queryFn: () => meetingApi.fees(page + 1, size),
  })
  return (
    <Box>
      <Table size="small" aria-label={t('meeting.route.feeSituation')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('meeting.meeting.title')}</TableCell>
            <TableCell>{t('meeting.meeting.status')}</TableCell>
            {COLUMNS.map((c) => (
              <TableCell key={c} align="right">
                {t(`meeting.fee.${c}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {(fees.data?.records ?? []).map((m) => (
            <TableRow key={m.id}>
              <TableCell>{m.name}</TableCell>
              <TableCell>{m.statusName}</TableCell>
              {COLUMNS.map((c) => (
                <TableCell key={c} align="right">
                  {m[c]}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <TablePagination
        component="div"
        count={fees.data?.total ?? 0}
        page={page}
        rowsPerPage={size}
        rowsPerPageOptions={[10, 30, 50, 100, 200]}
        onPageChange={(_, next) => setPage(next)}
        onRowsPerPageChange={(e) => {
          setSize(Number(e.target.value))
          setPage(0)
        }}
        labelRowsPerPage={localeText.paginationRowsPerPage}
        labelDisplayedRows={({ from, to, count }) =>
          localeText.paginationDisplayedRows?.({ from, to, count, estimated: undefined }) ??
          `${from}–${to} / ${count}`
        }
        sx={{ mb: 2 }}
      />
      <Typography variant="subtitle1" sx={{ mb: 1 }}>
        {t('meeting.meeting.registrations')}
      </Typography>
      <RegisteredPage mode="fee" />
    </Box>
  )
}

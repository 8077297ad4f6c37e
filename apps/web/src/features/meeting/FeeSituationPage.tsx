import { Box, TableCell, TableHead, TableRow, Typography } from '@mui/material'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PagedTable } from '@/components/page/PagedTable'
import { meetingApi } from './meetingApi'
import { RegisteredPage } from './RegisteredPage'

const COLUMNS = ['registered', 'due', 'paid', 'unpaid', 'invoiced', 'invoicedCount', 'returnedCount'] as const

/** 缴费情况: totals per meeting, then the chosen meeting's registrations with the fee actions. */
export const FeeSituationPage = () => {
  const { t } = useTranslation()
  const [[current, size], setPage] = useState([1, 10])
  const fees = useQuery({
    queryKey: ['meeting-fees', current, size],
    queryFn: () => meetingApi.fees(current, size),
  })
  return (
    <Box>
      <PagedTable
        label={t('meeting.route.feeSituation')}
        head={
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
        }
        empty={!!fees.data && !fees.data.records.length}
        total={fees.data?.total ?? 0}
        current={current}
        size={size}
        onPage={(c, z) => setPage([c, z])}
        pagerSx={{ mb: 2 }}
      >
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
      </PagedTable>
      <Typography variant="subtitle1" sx={{ mb: 1 }}>
        {t('meeting.meeting.registrations')}
      </Typography>
      <RegisteredPage mode="fee" />
    </Box>
  )
}

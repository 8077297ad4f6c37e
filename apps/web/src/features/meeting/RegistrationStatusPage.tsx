import { Box, Paper, Typography } from '@mui/material'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { MeetingPicker } from './MeetingPicker'
import { meetingApi } from './meetingApi'
import { RegisteredPage } from './RegisteredPage'

/** One horizontal bar per row: the numbers and a chart in one, without a chart library. */
const Bars = ({ title, rows }: { title: string; rows: { label: string; count: number }[] }) => {
  const max = Math.max(1, ...rows.map((r) => r.count))
  return (
    <Paper variant="outlined" sx={{ p: 2, flex: 1, minWidth: 280 }}>
      <Typography variant="subtitle1" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {rows.map((r) => (
        <Box key={r.label} sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
          <Typography variant="body2" sx={{ width: 140, flexShrink: 0 }} noWrap title={r.label}>
            {r.label}
          </Typography>
          <Box sx={{ flex: 1, bgcolor: 'action.hover', height: 16, borderRadius: 1 }}>
            <Box
              sx={{
                width: `${(r.count / max) * 100}%`,
                bgcolor: 'primary.main',
                height: 16,
                borderRadius: 1,
              }}
            />
          </Box>
          <Typography variant="body2" sx={{ width: 40, textAlign: 'right' }}>
            {r.count}
          </Typography>
        </Box>
      ))}
    </Paper>
  )
}

/** 报名情况: registered, by unit, by day of arrival and by sex for one meeting, then its registrations. */
export const RegistrationStatusPage = () => {
  const { t } = useTranslation()
  const [meetingId, setMeetingId] = useState('')
  const stats = useQuery({
    queryKey: ['meeting-stats', meetingId],
    queryFn: () => meetingApi.stats(meetingId),
    enabled: !!meetingId,
  })
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 3, mb: 2, alignItems: 'center' }}>
        <MeetingPicker value={meetingId} onChange={setMeetingId} />
        <Typography variant="h6" data-testid="registered-count">
          {t('meeting.stats.registered')}: {stats.data?.registered ?? 0}
        </Typography>
      </Box>
      {stats.data ? (
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <Bars
            title={t('meeting.stats.byUnit')}
            rows={stats.data.byUnit.map((u) => ({ label: u.unitName, count: u.count }))}
          />
          <Bars
            title={t('meeting.stats.byDay')}
            rows={stats.data.byArrivalDay.map((d) => ({ label: d.day, count: d.count }))}
          />
          <Bars
            title={t('meeting.stats.bySex')}
            rows={stats.data.bySex.map((s) => ({ label: s.sexName, count: s.count }))}
          />
        </Box>
      ) : null}
      {meetingId ? (
        <Box sx={{ mt: 2 }}>
          <Typography variant="subtitle1" sx={{ mb: 1 }}>
            {t('meeting.meeting.registrations')}
          </Typography>
          <RegisteredPage mode="status" meetingId={meetingId} />
        </Box>
      ) : null}
    </Box>
  )
}

import { Box, Button, Chip, Paper, TextField, Typography } from '@mui/material'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from '@/lib/notify'
import { useSession } from '@/lib/session/session'
import { MeetingPicker } from './MeetingPicker'
import { meetingApi, type TCarAllocation } from './meetingApi'

/** 接送分配: arrival groups with their vehicle, driver and escort; run the allocation or pick a vehicle. */
export const ArrangeListPage = () => {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const canRun = useSession((s) => s.permissions.meeting_arrange_list_auto === true)
  const canChange = useSession((s) => s.permissions.meeting_arrange_list_car === true)
  const [meetingId, setMeetingId] = useState('')
  const [windowMinutes, setWindowMinutes] = useState('60')
  const key = ['meeting-trips', meetingId]
  const trips = useQuery({ queryKey: key, queryFn: () => meetingApi.trips(meetingId), enabled: !!meetingId })
  const run = async () => {
    queryClient.setQueryData<TCarAllocation>(
      key,
      await meetingApi.allocateCars(meetingId, Number(windowMinutes)),
    )
    toast.success(t('meeting.alloc.done'))
  }
  const change = async (id: string, current: string) => {
    const carNo = window.prompt(t('meeting.alloc.changeCar'), current)
    if (carNo === null) {
      return
    }
    await meetingApi.updateCar(id, carNo)
    toast.success('操作成功!')
    await queryClient.invalidateQueries({ queryKey: key })
  }
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 2, mb: 2, alignItems: 'center' }}>
        <MeetingPicker value={meetingId} onChange={setMeetingId} />
        <TextField
          fullWidth={false}
          size="small"
          type="number"
          label={t('meeting.alloc.windowMinutes')}
          value={windowMinutes}
          onChange={(e) => setWindowMinutes(e.target.value)}
          sx={{ width: 160 }}
        />
        {canRun ? (
          <Button variant="contained" disabled={!meetingId} onClick={() => void run()}>
            {t('meeting.alloc.run')}
          </Button>
        ) : null}
      </Box>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))',
          gap: 1.5,
          mb: 3,
        }}
      >
        {(trips.data?.trips ?? []).map((trip) => (
          <Paper
            key={`${trip.id}-${trip.plateNo}-${trip.station}`}
            variant="outlined"
            sx={{ p: 1.5 }}
            data-testid="trip"
          >
            <Typography variant="subtitle2">
              {trip.pickupTime} · {trip.station}
            </Typography>
            <Typography variant="body2" sx={{ mb: 1 }}>
              {trip.plateNo} ({trip.passengers.length}/{trip.seats}) · {t('meeting.alloc.driver')}{' '}
              {trip.driverName ?? '-'} · {t('meeting.alloc.escort')}{' '}
              {trip.escortName ?? t('meeting.alloc.noEscort')}
              {trip.manual ? ` · ${t('meeting.alloc.manual')}` : ''}
            </Typography>
            <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
              {trip.passengers.map((p) => (
                <Chip
                  key={p.id}
                  size="small"
                  label={`${p.name} ${p.arrivalTime.slice(11, 16)}`}
                  onClick={canChange ? () => void change(p.id, trip.plateNo) : undefined}
                />
              ))}
            </Box>
          </Paper>
        ))}
      </Box>
      <Typography variant="subtitle1" sx={{ mb: 1 }}>
        {t('meeting.alloc.unallocated')} ({trips.data?.unallocated.length ?? 0})
      </Typography>
      <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
        {(trips.data?.unallocated ?? []).map((u) => (
          <Chip
            key={u.id}
            size="small"
            variant="outlined"
            label={`${u.name}: ${u.reason}`}
            onClick={canChange ? () => void change(u.id, '') : undefined}
          />
        ))}
      </Box>
    </Box>
  )
}

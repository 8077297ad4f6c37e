import { Box, Button, Chip, Paper, TextField, Typography } from '@mui/material'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from '@/lib/notify'
import { useSession } from '@/lib/session/session'
import { MeetingPicker } from './MeetingPicker'
import { meetingApi, type TRoomAllocation } from './meetingApi'

/** 食宿分配: run the room allocation for a date window and bed count, then pick rooms by hand. */
export const AllocationListPage = () => {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const canRun = useSession((s) => s.permissions.meeting_allocation_list_auto === true)
  const canMove = useSession((s) => s.permissions.meeting_allocation_list_house === true)
  const [meetingId, setMeetingId] = useState('')
  const [betweenOne, setBetweenOne] = useState('')
  const [betweenTwo, setBetweenTwo] = useState('')
  const [bedCount, setBedCount] = useState('2')
  const key = ['meeting-rooms', meetingId]
  const rooms = useQuery({ queryKey: key, queryFn: () => meetingApi.rooms(meetingId), enabled: !!meetingId })
  const meetings = useQuery({ queryKey: ['meeting-choices'], queryFn: meetingApi.choices })
  const meeting = meetings.data?.find((m) => m.id === meetingId)
  const from = betweenOne || meeting?.startTime.slice(0, 10) || ''
  const to = betweenTwo || meeting?.endTime.slice(0, 10) || ''

  const run = async () => {
    const result = await meetingApi.allocateRooms({
      meetingId,
      betweenOne: from,
      betweenTwo: to,
      bedCount: Number(bedCount),
    })
    queryClient.setQueryData<TRoomAllocation>(key, result)
    toast.success(t('meeting.alloc.done'))
  }
  const move = async (id: string, current: string) => {
    const houseNo = window.prompt(t('meeting.alloc.moveTo'), current)
    if (houseNo === null) {
      return
    }
    await meetingApi.updateHouse(id, houseNo)
    toast.success('操作成功!')
    await queryClient.invalidateQueries({ queryKey: key })
  }
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 2, mb: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <MeetingPicker value={meetingId} onChange={setMeetingId} />
        <TextField
          fullWidth={false}
          size="small"
          type="date"
          label={t('meeting.alloc.betweenOne')}
          value={from}
          onChange={(e) => setBetweenOne(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          fullWidth={false}
          size="small"
          type="date"
          label={t('meeting.alloc.betweenTwo')}
          value={to}
          onChange={(e) => setBetweenTwo(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          fullWidth={false}
          size="small"
          type="number"
          label={t('meeting.alloc.bedCount')}
          value={bedCount}
          onChange={(e) => setBedCount(e.target.value)}
          sx={{ width: 110 }}
        />
        {canRun ? (
          <Button variant="contained" disabled={!meetingId || !from || !to} onClick={() => void run()}>
            {t('meeting.alloc.run')}
          </Button>
        ) : null}
      </Box>
      <Typography variant="subtitle1" sx={{ mb: 1 }}>
        {t('meeting.alloc.rooms')} ({rooms.data?.rooms.length ?? 0})
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
          gap: 1.5,
          mb: 3,
        }}
      >
        {(rooms.data?.rooms ?? []).map((room) => (
          <Paper key={room.houseNo} variant="outlined" sx={{ p: 1.5 }} data-testid="room">
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1 }}>
              <Typography variant="subtitle2">{room.houseNo}</Typography>
              {room.manual ? <Chip size="small" label={t('meeting.alloc.manual')} /> : null}
              {room.single ? (
                <Chip size="small" variant="outlined" label={t('meeting.alloc.single')} />
              ) : null}
            </Box>
            <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
              {room.occupants.map((o) => (
                <Chip
                  key={o.id}
                  size="small"
                  color={room.sex === 2 ? 'secondary' : 'primary'}
                  label={`${o.name} · ${o.unitName}`}
                  onClick={canMove ? () => void move(o.id, room.houseNo) : undefined}
                />
              ))}
            </Box>
          </Paper>
        ))}
      </Box>
      <Typography variant="subtitle1" sx={{ mb: 1 }}>
        {t('meeting.alloc.unallocated')} ({rooms.data?.unallocated.length ?? 0})
      </Typography>
      <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
        {(rooms.data?.unallocated ?? []).map((u) => (
          <Chip
            key={u.id}
            size="small"
            variant="outlined"
            label={`${u.name}: ${u.reason}`}
            onClick={canMove ? () => void move(u.id, '') : undefined}
          />
        ))}
      </Box>
    </Box>
  )
}

import {
  Box,
  Button,
  Chip,
  List,
  ListItemButton,
  ListItemText,
  Paper,
  TextField,
  Typography,
} from '@mui/material'
import { useQuery } from '@tanstack/react-query'
import { PERMISSIONS, roomMoveProblem, SEX_NAMES } from '@ysjs/shared'
import { type DragEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DateField } from '@/components/date/DateField'
import { toast } from '@/lib/notify'
import { useSession } from '@/lib/session/session'
import {
  AllocationBar,
  AllocationDialog,
  CardGrid,
  ChipRow,
  RunNumber,
  SectionTitle,
  useAllocation,
} from './AllocationParts'
import { meetingApi, type TRoomAllocation } from './meetingApi'

type TRoom = TRoomAllocation['rooms'][number]
type TGuest = TRoom['occupants'][number] | TRoomAllocation['unallocated'][number]

const DRAG_TYPE = 'application/x-ysjs-registration'

/** The first `R###` number no room uses (the allocation numbers its rooms the same way). */
const freeRoomNo = (rooms: TRoom[]) => {
  const taken = new Set(rooms.map((r) => r.houseNo))
  for (let n = 1; ; n += 1) {
    const no = `R${String(n).padStart(3, '0')}`
    if (!taken.has(no)) {
      return no
    }
  }
}

/** Why `guest` cannot go into `room` (the server's own rule), or null. */
const problemOf = (guest: TGuest, room: TRoom, bedCount: number) =>
  roomMoveProblem(
    guest,
    room.occupants.filter((o) => o.id !== guest.id),
    bedCount,
  )

/** Picks a room for one registrant: the rooms with their free beds, those that refuse them greyed out. */
const RoomPicker = ({
  guest,
  data,
  onClose,
  onMove,
}: {
  guest: TGuest
  data: TRoomAllocation
  onClose: () => void
  onMove: (houseNo: string) => void
}) => {
  const { t } = useTranslation()
  const [houseNo, setHouseNo] = useState(freeRoomNo(data.rooms))
  const current = data.rooms.find((r) => r.occupants.some((o) => o.id === guest.id))
  const manual = 'manual' in guest && guest.manual
  return (
    <AllocationDialog
      title={`${t('meeting.alloc.moveTo')} · ${guest.name}`}
      onClose={onClose}
      actions={
        manual ? (
          <Button color="warning" onClick={() => onMove('')}>
            {t('meeting.alloc.clear')}
          </Button>
        ) : null
      }
    >
      <List dense aria-label={t('meeting.alloc.rooms')} sx={{ maxHeight: 360, overflow: 'auto' }}>
        {data.rooms
          .filter((r) => r !== current)
          .map((room) => {
            const problem = problemOf(guest, room, data.bedCount)
            return (
              <ListItemButton key={room.houseNo} disabled={!!problem} onClick={() => onMove(room.houseNo)}>
                <ListItemText
                  primary={`${room.houseNo} · ${room.occupants.length}/${data.bedCount} · ${
                    room.single ? t('meeting.alloc.single') : (SEX_NAMES[room.sex ?? 0] ?? '')
                  }`}
                  secondary={problem ?? room.occupants.map((o) => o.name).join('、')}
                />
              </ListItemButton>
            )
          })}
      </List>
      <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
        <TextField
          size="small"
          label={t('meeting.alloc.newRoom')}
          value={houseNo}
          onChange={(e) => setHouseNo(e.target.value)}
        />
        <Button variant="outlined" disabled={!houseNo.trim()} onClick={() => onMove(houseNo.trim())}>
          {t('meeting.alloc.move')}
        </Button>
      </Box>
    </AllocationDialog>
  )
}

/**
 * 食宿分配: run the room allocation for a date window and bed count, then move people by hand: drag a
 * person onto a room (or onto 新房间), or click them and pick a room. Rooms that would break the rules
 * (another sex, a 单住, no free bed) refuse the drop with the reason, as the server would.
 */
export const AllocationListPage = () => {
  const { t } = useTranslation()
  const canMove = useSession((s) => s.permissions[PERMISSIONS.meetingAllocationListHouse] === true)
  const { meetingId, setMeetingId, data, replace, reload } = useAllocation('meeting-rooms', meetingApi.rooms)
  const [betweenOne, setBetweenOne] = useState('')
  const [betweenTwo, setBetweenTwo] = useState('')
  const [bedCount, setBedCount] = useState('2')
  const [picking, setPicking] = useState<TGuest | null>(null)
  const [over, setOver] = useState<string | null>(null)
  const meetings = useQuery({ queryKey: ['meeting-choices'], queryFn: meetingApi.choices })
  const meeting = meetings.data?.find((m) => m.id === meetingId)
  const from = betweenOne || meeting?.startTime.slice(0, 10) || ''
  const to = betweenTwo || meeting?.endTime.slice(0, 10) || ''
  const guests: TGuest[] = [...(data?.rooms.flatMap((r) => r.occupants) ?? []), ...(data?.unallocated ?? [])]

  const run = () =>
    replace(() =>
      meetingApi.allocateRooms({ meetingId, betweenOne: from, betweenTwo: to, bedCount: Number(bedCount) }),
    )
  const move = async (id: string, houseNo: string) => {
    setPicking(null)
    try {
      await meetingApi.updateHouse(id, houseNo)
      toast.success('操作成功!')
    } catch {
      // The client has shown the server's reason.
    }
    await reload()
  }
  const drop = (room: TRoom | null) => (e: DragEvent) => {
    e.preventDefault()
    setOver(null)
    const guest = guests.find((g) => g.id === e.dataTransfer.getData(DRAG_TYPE))
    if (!guest || !data) {
      return
    }
    const problem = room ? problemOf(guest, room, data.bedCount) : null
    if (problem) {
      toast.warning(problem)
      return
    }
    void move(guest.id, room ? room.houseNo : freeRoomNo(data.rooms))
  }
  const dropTarget = (id: string, room: TRoom | null) =>
    canMove
      ? {
          onDragOver: (e: DragEvent) => {
            e.preventDefault()
            setOver(id)
          },
          onDragLeave: () => setOver(null),
          onDrop: drop(room),
        }
      : {}
  const person = (g: TGuest, label: string, color: 'primary' | 'secondary' | 'default') => (
    <Chip
      key={g.id}
      size="small"
      color={color}
      variant={color === 'default' ? 'outlined' : 'filled'}
      label={label}
      data-testid="guest"
      draggable={canMove}
      onDragStart={(e) => {
        e.dataTransfer.setData(DRAG_TYPE, g.id)
        e.dataTransfer.effectAllowed = 'move'
      }}
      onClick={canMove ? () => setPicking(g) : undefined}
      sx={canMove ? { cursor: 'grab' } : undefined}
    />
  )
  const outline = (id: string) => (over === id ? { outline: '2px dashed', outlineColor: 'primary.main' } : {})
  return (
    <Box>
      <AllocationBar
        meetingId={meetingId}
        onMeeting={setMeetingId}
        runPermission={PERMISSIONS.meetingAllocationListAuto}
        runDisabled={!meetingId || !from || !to}
        onRun={() => void run()}
      >
        <DateField
          fullWidth={false}
          label={t('meeting.alloc.betweenOne')}
          value={from}
          onChange={setBetweenOne}
        />
        <DateField
          fullWidth={false}
          label={t('meeting.alloc.betweenTwo')}
          value={to}
          onChange={setBetweenTwo}
        />
        <RunNumber label={t('meeting.alloc.bedCount')} value={bedCount} onChange={setBedCount} width={110} />
      </AllocationBar>
      <Typography variant="subtitle1" sx={{ mb: 1 }}>
        {t('meeting.alloc.rooms')} ({data?.rooms.length ?? 0}) · {t('meeting.alloc.bedCount')}{' '}
        {data?.bedCount ?? '-'}
        {canMove ? (
          <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 2 }}>
            {t('meeting.alloc.dragHint')}
          </Typography>
        ) : null}
      </Typography>
      <CardGrid min={220}>
        {(data?.rooms ?? []).map((room) => (
          <Paper
            key={room.houseNo}
            variant="outlined"
            sx={{ p: 1.5, ...outline(room.houseNo) }}
            data-testid="room"
            data-room={room.houseNo}
            {...dropTarget(room.houseNo, room)}
          >
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1 }}>
              <Typography variant="subtitle2">{room.houseNo}</Typography>
              <Typography variant="caption" color="text.secondary">
                {room.occupants.length}/{data?.bedCount}
              </Typography>
              {room.manual ? <Chip size="small" label={t('meeting.alloc.manual')} /> : null}
              {room.single ? (
                <Chip size="small" variant="outlined" label={t('meeting.alloc.single')} />
              ) : null}
            </Box>
            <ChipRow>
              {room.occupants.map((o) =>
                person(o, `${o.name} · ${o.unitName}`, o.sex === 2 ? 'secondary' : 'primary'),
              )}
            </ChipRow>
          </Paper>
        ))}
        {canMove && data ? (
          <Paper
            variant="outlined"
            sx={{ p: 1.5, borderStyle: 'dashed', color: 'text.secondary', ...outline('new') }}
            data-testid="new-room"
            {...dropTarget('new', null)}
          >
            <Typography variant="subtitle2">{t('meeting.alloc.newRoom')}</Typography>
            <Typography variant="caption">{freeRoomNo(data.rooms)}</Typography>
          </Paper>
        ) : null}
      </CardGrid>
      <SectionTitle count={data?.unallocated.length ?? 0}>{t('meeting.alloc.unallocated')}</SectionTitle>
      <ChipRow>
        {(data?.unallocated ?? []).map((u) => person(u, `${u.name}: ${u.reason}`, 'default'))}
      </ChipRow>
      {picking && data ? (
        <RoomPicker
          guest={picking}
          data={data}
          onClose={() => setPicking(null)}
          onMove={(houseNo) => void move(picking.id, houseNo)}
        />
      ) : null}
    </Box>
  )
}

import EditIcon from '@mui/icons-material/Edit'
import { Alert, Box, Button, Chip, IconButton, MenuItem, Paper, TextField, Typography } from '@mui/material'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { PERMISSIONS } from '@ysjs/shared'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSession } from '@/lib/session/session'
import {
  AllocationBar,
  AllocationDialog,
  CardGrid,
  ChipRow,
  RunNumber,
  SectionTitle,
  useAllocation,
  useHandChange,
} from './AllocationParts'
import { meetingApi, type TTrip } from './meetingApi'

const hhmm = (at: string) => at.slice(5, 16)

/** Where the free drivers and escorts of a time come from; a trip may go without an escort (无). */
const FREE: Record<
  'driver' | 'escort',
  { queryKey: string; load: (time: string) => Promise<{ id: string; name: string }[]>; none: boolean }
> = {
  driver: { queryKey: 'meeting-free-drivers', load: meetingApi.freeDrivers, none: false },
  escort: { queryKey: 'meeting-free-escorts', load: meetingApi.freeEscorts, none: true },
}

/** The drivers (or escorts) free at a trip's time to pick from, the trip's current one first. */
const FreeSelect = ({
  kind,
  trip,
  value,
  onChange,
}: {
  kind: keyof typeof FREE
  trip: TTrip
  value: string
  onChange: (id: string) => void
}) => {
  const { t } = useTranslation()
  const { queryKey, load, none } = FREE[kind]
  const free = useQuery({ queryKey: [queryKey, trip.pickupTime], queryFn: () => load(trip.pickupTime) })
  const currentId = trip[`${kind}Id`]
  const choices = [
    ...(currentId ? [{ id: currentId, name: trip[`${kind}Name`] ?? '' }] : []),
    ...(free.data ?? []).filter((d) => d.id !== currentId),
  ]
  return (
    <TextField
      select
      size="small"
      label={t(`meeting.alloc.${kind}`)}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    >
      {none ? <MenuItem value="">{t('meeting.alloc.noneEscort')}</MenuItem> : null}
      {choices.map((d) => (
        <MenuItem key={d.id} value={d.id}>
          {d.name}
        </MenuItem>
      ))}
    </TextField>
  )
}

/** A trip's driver and escort, chosen among those free at its time (and the current ones). */
const TripDialog = ({ trip, onClose, onDone }: { trip: TTrip; onClose: () => void; onDone: () => void }) => {
  const { t } = useTranslation()
  const [driverId, setDriverId] = useState(trip.driverId ?? '')
  const [escortId, setEscortId] = useState(trip.escortId ?? '')
  const { saving, save } = useHandChange(onDone)
  return (
    <AllocationDialog
      title={`${t('meeting.alloc.editTrip')} · ${hhmm(trip.pickupTime)} ${trip.station} ${trip.plateNo}`}
      onClose={onClose}
      contentSx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}
      confirm={{
        disabled: saving || !driverId,
        onClick: () => void save(() => meetingApi.updatePickup(trip.id, driverId, escortId)),
      }}
    >
      <FreeSelect kind="driver" trip={trip} value={driverId} onChange={setDriverId} />
      <FreeSelect kind="escort" trip={trip} value={escortId} onChange={setEscortId} />
      <Typography variant="body2" color="text.secondary">
        {t('meeting.alloc.freeHint')}
      </Typography>
    </AllocationDialog>
  )
}

/** Puts one registrant on a vehicle (or drops the manual assignment). */
const CarDialog = ({
  person,
  onClose,
  onDone,
}: {
  person: { id: string; name: string; plateNo: string }
  onClose: () => void
  onDone: () => void
}) => {
  const { t } = useTranslation()
  const vehicles = useQuery({ queryKey: ['meeting-vehicles'], queryFn: meetingApi.vehicles })
  const [plateNo, setPlateNo] = useState(person.plateNo)
  const { saving, save } = useHandChange(onDone)
  const setCar = (value: string) => void save(() => meetingApi.updateCar(person.id, value))
  return (
    <AllocationDialog
      title={`${t('meeting.alloc.changeCar')} · ${person.name}`}
      onClose={onClose}
      contentSx={{ pt: '8px !important' }}
      actions={
        person.plateNo ? (
          <Button color="warning" disabled={saving} onClick={() => setCar('')}>
            {t('meeting.alloc.clear')}
          </Button>
        ) : null
      }
      confirm={{ disabled: saving || !plateNo, onClick: () => setCar(plateNo) }}
    >
      <TextField
        select
        fullWidth
        size="small"
        label={t('meeting.reg.carNo')}
        value={plateNo}
        onChange={(e) => setPlateNo(e.target.value)}
      >
        {(vehicles.data ?? []).map((v) => (
          <MenuItem key={v.id} value={v.plateNo}>
            {v.plateNo} · {v.seats} {t('meeting.alloc.seatsUnit')} · {v.driverName}
          </MenuItem>
        ))}
      </TextField>
    </AllocationDialog>
  )
}

/**
 * 接送分配: arrival groups with their vehicle, driver and escort; what is not covered and why; run the
 * allocation, put someone on a vehicle, or change a trip's driver and escort.
 */
export const ArrangeListPage = () => {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const canChange = useSession((s) => s.permissions[PERMISSIONS.meetingArrangeListCar] === true)
  const { meetingId, setMeetingId, data, replace, reload } = useAllocation('meeting-trips', meetingApi.trips)
  const [windowMinutes, setWindowMinutes] = useState('60')
  const [editing, setEditing] = useState<TTrip | null>(null)
  const [moving, setMoving] = useState<{ id: string; name: string; plateNo: string } | null>(null)
  const run = () => replace(() => meetingApi.allocateCars(meetingId, Number(windowMinutes)))
  const changed = async () => {
    setEditing(null)
    setMoving(null)
    await reload()
    await queryClient.invalidateQueries({ queryKey: ['meeting-free-drivers'] })
    await queryClient.invalidateQueries({ queryKey: ['meeting-free-escorts'] })
  }
  return (
    <Box>
      <AllocationBar
        meetingId={meetingId}
        onMeeting={setMeetingId}
        runPermission={PERMISSIONS.meetingArrangeListAuto}
        runDisabled={!meetingId}
        onRun={() => void run()}
      >
        <RunNumber
          label={t('meeting.alloc.windowMinutes')}
          value={windowMinutes}
          onChange={setWindowMinutes}
          width={160}
        />
      </AllocationBar>
      <SectionTitle count={data?.trips.length ?? 0}>{t('meeting.alloc.trips')}</SectionTitle>
      <CardGrid min={300}>
        {(data?.trips ?? []).map((trip) => (
          <Paper key={trip.id} variant="outlined" sx={{ p: 1.5 }} data-testid="trip">
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Typography variant="subtitle2" sx={{ flex: 1 }}>
                {hhmm(trip.pickupTime)} · {trip.station}
              </Typography>
              {trip.manual ? <Chip size="small" label={t('meeting.alloc.manual')} /> : null}
              {canChange ? (
                <IconButton
                  size="small"
                  aria-label={`${t('meeting.alloc.editTrip')} ${trip.plateNo} ${hhmm(trip.pickupTime)}`}
                  onClick={() => setEditing(trip)}
                >
                  <EditIcon fontSize="inherit" />
                </IconButton>
              ) : null}
            </Box>
            <Typography variant="body2">
              {trip.plateNo} ({trip.passengers.length}/{trip.capacity}) · {t('meeting.alloc.driver')}{' '}
              {trip.driverName ?? '-'}
            </Typography>
            <Typography variant="body2" color={trip.escortName ? undefined : 'warning.main'} sx={{ mb: 1 }}>
              {t('meeting.alloc.escort')}{' '}
              {trip.escortName ?? (trip.manual ? t('meeting.alloc.escortNone') : t('meeting.alloc.noEscort'))}
            </Typography>
            <ChipRow>
              {trip.passengers.map((p) => (
                <Chip
                  key={p.id}
                  size="small"
                  label={`${p.name} ${p.arrivalTime.slice(11, 16)}`}
                  onClick={
                    canChange ? () => setMoving({ id: p.id, name: p.name, plateNo: trip.plateNo }) : undefined
                  }
                />
              ))}
            </ChipRow>
          </Paper>
        ))}
      </CardGrid>
      <SectionTitle count={data?.uncovered.length ?? 0}>{t('meeting.alloc.uncovered')}</SectionTitle>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, mb: 3 }}>
        {(data?.uncovered ?? []).map((u) => (
          <Alert
            key={`${u.tripId ?? ''}-${u.station}-${u.pickupTime}-${u.reason}`}
            severity="warning"
            data-testid="uncovered"
          >
            {hhmm(u.pickupTime)} · {u.station} · {u.reason}: {u.passengers.map((p) => p.name).join('、')}
          </Alert>
        ))}
      </Box>
      <SectionTitle count={data?.unallocated.length ?? 0}>{t('meeting.alloc.unallocated')}</SectionTitle>
      <ChipRow>
        {(data?.unallocated ?? []).map((u) => (
          <Chip
            key={u.id}
            size="small"
            variant="outlined"
            label={`${u.name}: ${u.reason}`}
            onClick={canChange ? () => setMoving({ id: u.id, name: u.name, plateNo: '' }) : undefined}
          />
        ))}
      </ChipRow>
      {editing ? (
        <TripDialog trip={editing} onClose={() => setEditing(null)} onDone={() => void changed()} />
      ) : null}
      {moving ? (
        <CarDialog person={moving} onClose={() => setMoving(null)} onDone={() => void changed()} />
      ) : null}
    </Box>
  )
}

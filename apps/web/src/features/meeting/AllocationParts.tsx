import { Box, Button, TextField, Typography } from '@mui/material'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from '@/lib/notify'
import { MeetingPicker } from './MeetingPicker'

/** An allocation screen's bar: the meeting, the run's own settings, and 自动分配 for those allowed. */
export const AllocationBar = ({
  meetingId,
  onMeeting,
  canRun,
  runDisabled,
  onRun,
  children,
}: {
  meetingId: string
  onMeeting: (id: string) => void
  canRun: boolean
  runDisabled: boolean
  onRun: () => void
  children: ReactNode
}) => {
  const { t } = useTranslation()
  return (
    <Box sx={{ display: 'flex', gap: 2, mb: 2, alignItems: 'center', flexWrap: 'wrap' }}>
      <MeetingPicker value={meetingId} onChange={onMeeting} />
      {children}
      {canRun ? (
        <Button variant="contained" disabled={runDisabled} onClick={onRun}>
          {t('meeting.alloc.run')}
        </Button>
      ) : null}
    </Box>
  )
}

/** A number setting of the run (bed count, time window). */
export const RunNumber = ({
  label,
  value,
  onChange,
  width,
}: {
  label: string
  value: string
  onChange: (value: string) => void
  width: number
}) => (
  <TextField
    fullWidth={false}
    size="small"
    type="number"
    label={label}
    value={value}
    onChange={(e) => onChange(e.target.value)}
    sx={{ width }}
  />
)

/** A section's heading with its count. */
export const SectionTitle = ({ children, count }: { children: ReactNode; count: number }) => (
  <Typography variant="subtitle1" sx={{ mb: 1 }}>
    {children} ({count})
  </Typography>
)

/** Cards (rooms, trips) in as many columns as fit. */
export const CardGrid = ({ min, children }: { min: number; children: ReactNode }) => (
  <Box
    sx={{
      display: 'grid',
      gridTemplateColumns: `repeat(auto-fill, minmax(${min}px, 1fr))`,
      gap: 1.5,
      mb: 3,
    }}
  >
    {children}
  </Box>
)

/** People as chips, wrapped. */
export const ChipRow = ({ children }: { children: ReactNode }) => (
  <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>{children}</Box>
)

/**
 * An allocation screen's state: the chosen meeting, its allocation as saved, a run that replaces it
 * (自动分配, with its toast) and a reload after a change by hand.
 */
export const useAllocation = <T,>(name: string, load: (meetingId: string) => Promise<T>) => {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [meetingId, setMeetingId] = useState('')
  const key = [name, meetingId]
  const saved = useQuery({ queryKey: key, queryFn: () => load(meetingId), enabled: !!meetingId })
  const run = async (allocate: () => Promise<T>) => {
    try {
      queryClient.setQueryData<T>(key, await allocate())
      toast.success(t('meeting.alloc.done'))
    } catch {
      // The client has shown the reason.
    }
  }
  const reload = () => queryClient.invalidateQueries({ queryKey: key })
  return { meetingId, setMeetingId, data: saved.data, run, reload }
}

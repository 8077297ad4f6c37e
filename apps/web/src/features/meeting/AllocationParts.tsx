import { Box, Button, TextField, Typography } from '@mui/material'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
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

import { MenuItem, TextField } from '@mui/material'
import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { meetingApi } from './meetingApi'

/** Chooses one of the tenant's meetings (the newest 200); picks the first when none is chosen. */
export const MeetingPicker = ({ value, onChange }: { value: string; onChange: (id: string) => void }) => {
  const { t } = useTranslation()
  const meetings = useQuery({ queryKey: ['meeting-choices'], queryFn: meetingApi.choices })
  const first = meetings.data?.[0]?.id
  useEffect(() => {
    if (!value && first) {
      onChange(first)
    }
  }, [value, first, onChange])
  return (
    <TextField
      fullWidth={false}
      select
      size="small"
      label={t('meeting.meeting.choose')}
      value={meetings.data?.some((m) => m.id === value) ? value : ''}
      onChange={(e) => onChange(e.target.value)}
      sx={{ minWidth: 280 }}
      slotProps={{ htmlInput: { 'aria-label': t('meeting.meeting.choose') } }}
    >
      {(meetings.data ?? []).map((m) => (
        <MenuItem key={m.id} value={m.id}>
          {m.name}（{m.statusName}）
        </MenuItem>
      ))}
    </TextField>
  )
}

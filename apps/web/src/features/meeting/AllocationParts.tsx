import { Box, Button, TextField, Typography } from '@mui/material'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import type { SxProps, Theme } from '@mui/material/styles'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from '@/lib/notify'
import { useSession } from '@/lib/session/session'
import { MeetingPicker } from './MeetingPicker'

/** An allocation screen's bar: the meeting, the run's own settings, and 自动分配 for those allowed. */
export const AllocationBar = ({
  meetingId,
  onMeeting,
  runPermission,
  runDisabled,
  onRun,
  children,
}: {
  meetingId: string
  onMeeting: (id: string) => void
  /** The permission code of 自动分配. */
  runPermission: string
  runDisabled: boolean
  onRun: () => void
  children: ReactNode
}) => {
  const { t } = useTranslation()
  const canRun = useSession((s) => s.permissions[runPermission] === true)
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
  const replace = async (allocate: () => Promise<T>) => {
    try {
      queryClient.setQueryData<T>(key, await allocate())
      toast.success(t('meeting.alloc.done'))
    } catch {
      // The client has shown the reason.
    }
  }
  const reload = () => queryClient.invalidateQueries({ queryKey: key })
  return { meetingId, setMeetingId, data: saved.data, replace, reload }
}

/**
 * A change by hand from an allocation dialog: busy while it saves, 操作成功! and `onDone` once saved (a
 * refusal's reason the client has shown, e.g. the escort is busy then, the vehicle full).
 */
export const useHandChange = (onDone: () => void) => {
  const [saving, setSaving] = useState(false)
  const save = async (change: () => Promise<unknown>) => {
    setSaving(true)
    try {
      await change()
      toast.success('操作成功!')
      onDone()
    } catch {
      // The client has shown the server's reason.
    } finally {
      setSaving(false)
    }
  }
  return { saving, save }
}

/** A small dialog of an allocation screen: its own buttons (if any) before 取消, and 确定 when it confirms. */
export const AllocationDialog = ({
  title,
  onClose,
  contentSx,
  actions,
  confirm,
  children,
}: {
  title: ReactNode
  onClose: () => void
  contentSx?: SxProps<Theme>
  actions?: ReactNode
  confirm?: { disabled: boolean; onClick: () => void }
  children: ReactNode
}) => (
  <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
    <DialogTitle>{title}</DialogTitle>
    <DialogContent sx={contentSx}>{children}</DialogContent>
    <DialogActions>
      {actions}
      <Button onClick={onClose}>取消</Button>
      {confirm ? (
        <Button variant="contained" disabled={confirm.disabled} onClick={confirm.onClick}>
          确定
        </Button>
      ) : null}
    </DialogActions>
  </Dialog>
)

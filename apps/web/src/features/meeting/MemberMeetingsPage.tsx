import { zodResolver } from '@hookform/resolvers/zod'
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Grid,
  List,
  ListItem,
  ListItemText,
  Paper,
  Typography,
} from '@mui/material'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { type TMeeting, ZRegisteredSubmitSchema } from '@ysjs/shared'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useConfirm } from '@/components/confirm/ConfirmProvider'
import { ResourceField } from '@/components/crud/ResourceField'
import type { TValues } from '@/components/crud/types'
import { toast } from '@/lib/notify'
import { meetingApi } from './meetingApi'
import { memberRegistrationFields } from './resources'

const RegisterDialog = ({ meeting, onClose }: { meeting: TMeeting; onClose: () => void }) => {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const form = useForm<TValues>({
    resolver: zodResolver(ZRegisteredSubmitSchema as never),
    // Most attendees come for the whole meeting: arrival and departure start as its start and end.
    defaultValues: {
      meetingId: meeting.id,
      sex: '1',
      roomWish: '2',
      name: '',
      unitName: '',
      phone: '',
      arrivalTime: meeting.startTime,
      departureTime: meeting.endTime,
    },
    mode: 'onBlur',
  })
  const submit = form.handleSubmit(
    async (values) => {
      await meetingApi.register(values)
      toast.success('新增成功')
      await queryClient.invalidateQueries({ queryKey: ['meeting-mine'] })
      onClose()
    },
    (errors) => {
      const first = Object.values(errors)[0]
      if (first?.message) {
        toast.warning(String(first.message))
      }
    },
  )
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>
        {t('meeting.member.register')} · {meeting.name}
      </DialogTitle>
      <DialogContent>
        <Grid container spacing={2} sx={{ pt: 1 }}>
          {memberRegistrationFields.map((field) => (
            <Grid key={field.name} size={field.span ?? 12}>
              <ResourceField field={field} control={form.control} disabled={form.formState.isSubmitting} />
            </Grid>
          ))}
        </Grid>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>取消</Button>
        <Button variant="contained" disabled={form.formState.isSubmitting} onClick={() => void submit()}>
          确定
        </Button>
      </DialogActions>
    </Dialog>
  )
}

/** 会员中心 › meetings: the meetings open for registration, registering attendees, and one's own registrations. */
export const MemberMeetingsPage = () => {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const open = useQuery({ queryKey: ['meeting-open'], queryFn: meetingApi.listOpen })
  const mine = useQuery({ queryKey: ['meeting-mine'], queryFn: meetingApi.mine })
  const [registering, setRegistering] = useState<TMeeting | null>(null)
  const confirm = useConfirm()
  const cancel = async (id: string) => {
    if (!(await confirm({ message: t('msg.deleteConfirm') }))) {
      return
    }
    try {
      await meetingApi.cancel(id)
      toast.success('删除成功')
    } catch {
      // The client has shown the reason (e.g. registration has closed).
    }
    await queryClient.invalidateQueries({ queryKey: ['meeting-mine'] })
  }
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
      <Paper variant="outlined" sx={{ p: 2, flex: 1, minWidth: 320 }}>
        <Typography variant="h6">{t('meeting.member.open')}</Typography>
        {open.data?.length === 0 ? (
          <Typography color="text.secondary">{t('meeting.member.empty')}</Typography>
        ) : null}
        <List>
          {(open.data ?? []).map((m) => (
            <ListItem
              key={m.id}
              secondaryAction={
                <Button variant="contained" size="small" onClick={() => setRegistering(m)}>
                  {t('meeting.member.register')}
                </Button>
              }
            >
              <ListItemText primary={m.name} secondary={`${m.startTime} ~ ${m.endTime} · ${m.address}`} />
            </ListItem>
          ))}
        </List>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2, flex: 1, minWidth: 320 }}>
        <Typography variant="h6">{t('meeting.member.mine')}</Typography>
        <List>
          {(mine.data ?? []).map((r) => (
            <ListItem
              key={r.id}
              data-testid="my-registration"
              secondaryAction={
                <Button size="small" onClick={() => void cancel(r.id)}>
                  {t('meeting.member.cancel')}
                </Button>
              }
            >
              <ListItemText
                primary={`${r.name} · ${r.meetingName}`}
                secondary={`${r.unitName} · ${r.phone} · ${t('meeting.reg.price')} ${r.price}`}
              />
            </ListItem>
          ))}
        </List>
      </Paper>
      {registering ? <RegisterDialog meeting={registering} onClose={() => setRegistering(null)} /> : null}
    </Box>
  )
}

import {
  Box,
  Button,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Grid,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import {
  INVOICE_TYPE_NAMES,
  type TMeeting,
  ZInvoicingSubmitSchema,
  ZRegisteredSubmitSchema,
} from '@ysjs/shared'
import { type ReactNode, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { useConfirm } from '@/components/confirm/ConfirmProvider'
import { ListPager } from '@/components/crud/ListPager'
import { ResourceField } from '@/components/crud/ResourceField'
import type { TValues } from '@/components/crud/types'
import { keepFocus } from '@/components/form/requiredLabel'
import { useZodForm } from '@/components/form/useZodForm'
import { Panel } from '@/components/layout/Panel'
import { toast } from '@/lib/notify'
import { useResourceMutation } from '@/lib/resource/hooks'
import { meetingApi } from './meetingApi'
import { memberRegistrationFields } from './resources'

const REGISTRATION: z.ZodType<TValues, TValues> = ZRegisteredSubmitSchema
const WITH_INVOICE: z.ZodType<TValues, TValues> = ZRegisteredSubmitSchema.and(
  ZInvoicingSubmitSchema.pick({ invoiceTitle: true, taxNumber: true, invoiceType: true }),
)
/** What a panel says when it has nothing to list. */
const EmptyNote = ({ children }: { children: ReactNode }) => (
  <Typography variant="body2" color="text.secondary">
    {children}
  </Typography>
)

const SAVED_REGISTRANTS = ['meeting-saved-registrants']
const SAVED_INVOICINGS = ['meeting-saved-invoicings']
const text = (v: unknown) => (v === undefined || v === null ? '' : String(v)).trim()

/** A picker over the member's saved rows; choosing one fills the form. Hidden while there are none. */
const SavedPicker = <T extends { id: string }>({
  label,
  rows,
  labelOf,
  onPick,
}: {
  label: string
  rows: T[] | undefined
  labelOf: (row: T) => string
  onPick: (row: T) => void
}) =>
  rows?.length ? (
    <TextField
      select
      size="small"
      label={label}
      value=""
      onChange={(e) => {
        const row = rows.find((r) => r.id === e.target.value)
        if (row) {
          onPick(row)
        }
      }}
      sx={{ minWidth: 260 }}
    >
      {rows.map((r) => (
        <MenuItem key={r.id} value={r.id}>
          {labelOf(r)}
        </MenuItem>
      ))}
    </TextField>
  ) : null

const RegisterDialog = ({ meeting, onClose }: { meeting: TMeeting; onClose: () => void }) => {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const registrants = useQuery({ queryKey: SAVED_REGISTRANTS, queryFn: meetingApi.savedRegistrants })
  const invoicings = useQuery({ queryKey: SAVED_INVOICINGS, queryFn: meetingApi.savedInvoicings })
  const [keepRegistrant, setKeepRegistrant] = useState(false)
  const [keepInvoicing, setKeepInvoicing] = useState(false)
  const form = useZodForm(REGISTRATION, {
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
  })
  const required = useMemo(
    () => new Set(memberRegistrationFields.filter((f) => form.isRequired(f.name)).map((f) => f.name)),
    [form],
  )
  const register = useResourceMutation((values: TValues) => meetingApi.register(values), {
    success: '新增成功',
    invalidates: [['meeting-mine']],
  })
  const save = async (values: TValues) => {
    await register.runOrThrow(values)
    // Saved once: an attendee by phone, an invoice title by title and tax number.
    const attendee = {
      name: text(values.name),
      sex: Number(values.sex),
      unitName: text(values.unitName),
      phone: text(values.phone),
      position: text(values.position) || null,
    }
    if (keepRegistrant && !registrants.data?.some((r) => r.phone === attendee.phone)) {
      await meetingApi.saveRegistrant(attendee).catch(() => undefined)
    }
    const invoice = ZInvoicingSubmitSchema.safeParse(values)
    if (
      keepInvoicing &&
      invoice.success &&
      !invoicings.data?.some(
        (i) => i.invoiceTitle === invoice.data.invoiceTitle && i.taxNumber === invoice.data.taxNumber,
      )
    ) {
      await meetingApi.saveInvoicing(invoice.data).catch(() => undefined)
    }
    await queryClient.invalidateQueries({ queryKey: SAVED_REGISTRANTS })
    await queryClient.invalidateQueries({ queryKey: SAVED_INVOICINGS })
    onClose()
  }
  // The invoice title is kept only whole: with 保存开票信息 its fields are checked before anything is sent.
  const submit = form.submit(save, keepInvoicing ? WITH_INVOICE : REGISTRATION)
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>
        {t('meeting.member.register')} · {meeting.name}
      </DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', pt: 1 }}>
          <SavedPicker
            label={t('meeting.member.fromRegistrant')}
            rows={registrants.data}
            labelOf={(r) => `${r.name} · ${r.unitName} · ${r.phone}`}
            onPick={(r) => {
              const fill = { name: r.name, sex: String(r.sex), unitName: r.unitName, phone: r.phone }
              for (const [k, v] of Object.entries({ ...fill, position: r.position ?? '' })) {
                form.setValue(k, v, { shouldValidate: true })
              }
            }}
          />
          <SavedPicker
            label={t('meeting.member.fromInvoicing')}
            rows={invoicings.data}
            labelOf={(i) => `${i.invoiceTitle} · ${i.taxNumber}`}
            onPick={(i) => {
              const fill = {
                invoiceTitle: i.invoiceTitle,
                taxNumber: i.taxNumber,
                invoiceType: String(i.invoiceType),
              }
              for (const [k, v] of Object.entries(fill)) {
                form.setValue(k, v, { shouldValidate: true })
              }
            }}
          />
        </Box>
        <Grid container spacing={2} sx={{ pt: 1 }}>
          {memberRegistrationFields.map((field) => (
            <Grid key={field.name} size={field.span ?? 12}>
              <ResourceField
                field={field}
                control={form.control}
                disabled={form.formState.isSubmitting}
                required={required.has(field.name)}
              />
            </Grid>
          ))}
        </Grid>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', pt: 1 }}>
          <FormControlLabel
            control={
              <Checkbox checked={keepRegistrant} onChange={(e) => setKeepRegistrant(e.target.checked)} />
            }
            label={t('meeting.member.saveRegistrant')}
          />
          <FormControlLabel
            control={
              <Checkbox checked={keepInvoicing} onChange={(e) => setKeepInvoicing(e.target.checked)} />
            }
            label={t('meeting.member.saveInvoicing')}
          />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>取消</Button>
        <Button variant="contained" disabled={register.busy} onClick={() => void submit()} {...keepFocus}>
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
  // One's registrations grow with every meeting (30+ for a busy account): shown a page at a time.
  const [minePage, setMinePage] = useState({ current: 1, size: 10 })
  const mineRows = mine.data ?? []
  const mineCurrent = Math.min(minePage.current, Math.max(1, Math.ceil(mineRows.length / minePage.size)))
  const mineShown = mineRows.slice((mineCurrent - 1) * minePage.size, mineCurrent * minePage.size)
  const registrants = useQuery({ queryKey: SAVED_REGISTRANTS, queryFn: meetingApi.savedRegistrants })
  const invoicings = useQuery({ queryKey: SAVED_INVOICINGS, queryFn: meetingApi.savedInvoicings })
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
  const removeSaved = async (remove: () => Promise<unknown>, key: string[]) => {
    if (!(await confirm({ message: t('msg.deleteConfirm') }))) {
      return
    }
    try {
      await remove()
      toast.success('删除成功')
    } catch {
      // The client has shown the reason.
    }
    await queryClient.invalidateQueries({ queryKey: key })
  }
  const saved = [
    ...(registrants.data ?? []).map((r) => ({
      key: `r${r.id}`,
      label: `${r.name} · ${r.unitName} · ${r.phone}`,
      remove: () => removeSaved(() => meetingApi.removeRegistrant(r.id), SAVED_REGISTRANTS),
    })),
    ...(invoicings.data ?? []).map((i) => ({
      key: `i${i.id}`,
      label: `${i.invoiceTitle} · ${i.taxNumber} · ${INVOICE_TYPE_NAMES[i.invoiceType] ?? ''}`,
      remove: () => removeSaved(() => meetingApi.removeInvoicing(i.id), SAVED_INVOICINGS),
    })),
  ]
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      <Panel title={t('meeting.member.open')}>
        {open.data?.length === 0 ? <EmptyNote>{t('meeting.member.empty')}</EmptyNote> : null}
        <List dense disablePadding>
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
      </Panel>
      <Panel title={t('meeting.member.mine')}>
        {mine.data?.length === 0 ? <EmptyNote>{t('meeting.member.noRegistration')}</EmptyNote> : null}
        <List dense disablePadding>
          {mineShown.map((r) => (
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
        {mineRows.length > 10 ? (
          <ListPager
            total={mineRows.length}
            current={mineCurrent}
            size={minePage.size}
            onChange={(current, size) => setMinePage({ current, size })}
          />
        ) : null}
      </Panel>
      <Panel title={t('meeting.member.saved')} testId="saved-attendees" sx={{ gridColumn: '1 / -1' }}>
        {saved.length === 0 ? (
          <EmptyNote>{t('meeting.member.savedEmpty')}</EmptyNote>
        ) : (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {saved.map((c) => (
              <Chip key={c.key} label={c.label} onDelete={() => void c.remove()} />
            ))}
          </Box>
        )}
      </Panel>
      {registering ? <RegisterDialog meeting={registering} onClose={() => setRegistering(null)} /> : null}
    </Box>
  )
}

import DownloadIcon from '@mui/icons-material/Download'
import PaymentsIcon from '@mui/icons-material/Payments'
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong'
import UndoIcon from '@mui/icons-material/Undo'
import { Box, Button } from '@mui/material'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CrudScreen } from '@/components/crud/CrudScreen'
import { toast } from '@/lib/notify'
import { useSession } from '@/lib/session/session'
import { MeetingPicker } from './MeetingPicker'
import { exportInvoicing, meetingApi } from './meetingApi'
import { registeredResource, type TRegisteredRow } from './resources'

/** Asks for values one after another (small staff actions; a full dialog is not worth it here). */
const ask = (label: string, initial = ''): string | null => window.prompt(label, initial)

/** 参会报名 (and 缴费情况's per-registration actions): the registrations of the chosen meeting. */
export const RegisteredPage = ({ mode = 'registered' }: { mode?: 'registered' | 'fee' }) => {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [meetingId, setMeetingId] = useState('')
  const perms = useSession((s) => s.permissions)
  const canInvoice = perms.meeting_registered_invoicing === true
  const canPrice = perms.meeting_fee_situation_price === true
  const canExport = perms.meeting_registered_export === true || perms.meeting_fee_situation_export === true
  const filter = useMemo(() => (meetingId ? { meetingId } : undefined), [meetingId])
  const pick = useCallback((id: string) => setMeetingId(id), [])
  const resource = useMemo(
    () => ({ ...registeredResource, defaults: () => ({ meetingId, sex: '1', roomWish: '2' }) }),
    [meetingId],
  )
  const done = async () => {
    toast.success('操作成功!')
    await queryClient.invalidateQueries({ queryKey: [registeredResource.key] })
  }
  const invoice = async (row: TRegisteredRow) => {
    const invoiceNo = ask(t('meeting.reg.invoiceNo'), row.invoiceNo ?? '')
    if (invoiceNo === null) {
      return
    }
    await meetingApi.updateInvoicing({
      id: row.id,
      invoiceTitle: row.invoiceTitle ?? '',
      taxNumber: row.taxNumber ?? '',
      invoiceType: row.invoiceType ?? 1,
      invoiceNo,
    })
    await done()
  }
  const returnOrReissue = async (row: TRegisteredRow) => {
    const returning = row.invoiceStatus === 1 || row.invoiceStatus === 3
    const reason = ask(t('meeting.reg.reason'))
    if (!reason) {
      return
    }
    const invoiceNo = returning ? undefined : (ask(t('meeting.reg.invoiceNo')) ?? undefined)
    await meetingApi.invoicingReturn({ id: row.id, action: returning ? 2 : 3, reason, invoiceNo })
    await done()
  }
  const price = async (row: TRegisteredRow) => {
    const value = ask(t('meeting.reg.price'), row.price)
    if (value === null) {
      return
    }
    const paid = window.confirm(t('meeting.reg.paid'))
    await meetingApi.updatePrice(row.id, value, paid ? 1 : 0)
    await done()
  }
  const rowActions = [
    ...(mode === 'registered'
      ? [
          {
            key: 'invoice',
            label: t('meeting.reg.invoice'),
            Icon: ReceiptLongIcon,
            allowed: canInvoice,
            onClick: (row: TRegisteredRow) => void invoice(row),
          },
          {
            key: 'return',
            label: `${t('meeting.reg.returnInvoice')}/${t('meeting.reg.reissue')}`,
            Icon: UndoIcon,
            allowed: canInvoice,
            onClick: (row: TRegisteredRow) => void returnOrReissue(row),
          },
        ]
      : [
          {
            key: 'price',
            label: t('meeting.reg.editPrice'),
            Icon: PaymentsIcon,
            allowed: canPrice,
            onClick: (row: TRegisteredRow) => void price(row),
          },
        ]),
  ]
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 2, mb: 2, alignItems: 'center' }}>
        <MeetingPicker value={meetingId} onChange={pick} />
        {canExport && meetingId ? (
          <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => exportInvoicing(meetingId)}>
            {t('meeting.reg.export')}
          </Button>
        ) : null}
      </Box>
      <CrudScreen resource={resource} filter={filter} rowActions={rowActions} />
    </Box>
  )
}

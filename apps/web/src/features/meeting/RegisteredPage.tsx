import DownloadIcon from '@mui/icons-material/Download'
import PaymentsIcon from '@mui/icons-material/Payments'
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong'
import UndoIcon from '@mui/icons-material/Undo'
import { Box, Button } from '@mui/material'
import { useQueryClient } from '@tanstack/react-query'
import { PERMISSIONS } from '@ysjs/shared'
import { useCallback, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CrudScreen } from '@/components/crud/CrudScreen'
import { ResourceDialog } from '@/components/crud/ResourceDialog'
import type { TResource } from '@/components/crud/types'
import { useSession } from '@/lib/session/session'
import { MeetingPicker } from './MeetingPicker'
import { exportInvoicing } from './meetingApi'
import {
  invoiceResource,
  invoiceReturnResource,
  priceResource,
  registeredResource,
  type TRegisteredRow,
} from './resources'

/**
 * 报名情况's list: its own buttons (edit, delete, view; no add), and a change redraws the figures.
 * The server accepts these codes on update, remove and the registration reads.
 */
const statusResource: TResource<TRegisteredRow> = {
  ...registeredResource,
  permissions: {
    codes: {
      add: 'meeting_registration_status_add',
      edit: PERMISSIONS.meetingRegistrationStatusEdit,
      delete: PERMISSIONS.meetingRegistrationStatusDelete,
      view: PERMISSIONS.meetingRegistrationStatusView,
    },
  },
  invalidates: ['meeting-stats'],
}

/**
 * 参会报名, and the registrations of 缴费情况 (the fee actions) and 报名情况 (edit and delete, under a
 * meeting picked above them: `meetingId` given).
 */
export const RegisteredPage = ({
  mode = 'registered',
  meetingId: pickedAbove,
}: {
  mode?: 'registered' | 'fee' | 'status'
  meetingId?: string
}) => {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [picked, setMeetingId] = useState('')
  const meetingId = pickedAbove ?? picked
  const perms = useSession((s) => s.permissions)
  const canInvoice = perms.meeting_registered_invoicing === true
  const canPrice = perms.meeting_fee_situation_price === true
  const canExport = perms.meeting_registered_export === true || perms.meeting_fee_situation_export === true
  const filter = useMemo(() => (meetingId ? { meetingId } : undefined), [meetingId])
  const pick = useCallback((id: string) => setMeetingId(id), [])
  const resource = useMemo(
    () => ({
      ...(mode === 'status' ? statusResource : registeredResource),
      defaults: () => ({ meetingId, sex: '1', roomWish: '2' }),
    }),
    [meetingId, mode],
  )
  /** The staff action open on one registration: invoice, return or reissue, fee. */
  const [action, setAction] = useState<{ resource: TResource<TRegisteredRow>; row: TRegisteredRow } | null>(
    null,
  )
  const invoice = (row: TRegisteredRow) => setAction({ resource: invoiceResource, row })
  const returnOrReissue = (row: TRegisteredRow) => setAction({ resource: invoiceReturnResource, row })
  const price = (row: TRegisteredRow) => setAction({ resource: priceResource, row })
  const saved = async () => {
    setAction(null)
    await queryClient.invalidateQueries({ queryKey: [registeredResource.key] })
  }
  const rowActions = [
    ...(mode === 'registered'
      ? [
          {
            key: 'invoice',
            label: t('meeting.reg.invoice'),
            Icon: ReceiptLongIcon,
            allowed: canInvoice,
            onClick: invoice,
          },
          {
            key: 'return',
            label: `${t('meeting.reg.returnInvoice')}/${t('meeting.reg.reissue')}`,
            Icon: UndoIcon,
            allowed: canInvoice,
            onClick: returnOrReissue,
          },
        ]
      : mode === 'fee'
        ? [
            {
              key: 'price',
              label: t('meeting.reg.editPrice'),
              Icon: PaymentsIcon,
              allowed: canPrice,
              onClick: price,
            },
          ]
        : []),
  ]
  return (
    <Box>
      {pickedAbove === undefined ? (
        <Box sx={{ display: 'flex', gap: 2, mb: 2, alignItems: 'center' }}>
          <MeetingPicker value={meetingId} onChange={pick} />
          {canExport && meetingId ? (
            <Button
              variant="outlined"
              startIcon={<DownloadIcon />}
              onClick={() => exportInvoicing(meetingId)}
            >
              {t('meeting.reg.export')}
            </Button>
          ) : null}
        </Box>
      ) : null}
      <CrudScreen resource={resource} filter={filter} rowActions={rowActions} />
      {action ? (
        <ResourceDialog
          resource={action.resource}
          mode="edit"
          row={action.row}
          onClose={() => setAction(null)}
          onSaved={() => void saved()}
        />
      ) : null}
    </Box>
  )
}

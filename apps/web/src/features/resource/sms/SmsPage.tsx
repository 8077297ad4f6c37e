import SendIcon from '@mui/icons-material/Send'
import Switch from '@mui/material/Switch'
import Tooltip from '@mui/material/Tooltip'
import { useQueryClient } from '@tanstack/react-query'
import { PERMISSIONS, SmsStatus } from '@ysjs/shared'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useConfirm } from '@/components/confirm/ConfirmProvider'
import { CrudScreen } from '@/components/crud/CrudScreen'
import { toast } from '@/lib/notify'
import { useSession } from '@/lib/session/session'
import { SmsSendDialog } from './SmsSendDialog'
import { enableSms, type TSmsRow } from './smsApi'
import { smsResource } from './smsResource'

/**
 * 短信配置: the generic screen plus, per row, the enable switch (one config per tenant: turning one on
 * turns the others off, so an enabled switch cannot be turned off by hand) and a test send.
 */
export const SmsPage = () => {
  const { t } = useTranslation()
  const confirm = useConfirm()
  const queryClient = useQueryClient()
  const permissions = useSession((s) => s.permissions)
  const [sending, setSending] = useState<string | null>(null)
  const canEnable = !!permissions[PERMISSIONS.smsEnable]
  const canSend = !!permissions[PERMISSIONS.smsEdit]

  const enable = async (row: TSmsRow) => {
    if (!(await confirm({ message: t('sms.enableConfirm', { code: row.smsCode }) }))) {
      return
    }
    try {
      await enableSms(row.id)
    } catch {
      return
    }
    toast.success(t('msg.operateSuccess'))
    await queryClient.invalidateQueries({ queryKey: ['sms'] })
  }

  return (
    <>
      <CrudScreen
        resource={smsResource}
        rowButtonsWidth={60}
        rowItems={(row) => [
          {
            key: 'send',
            label: t('sms.sendTest'),
            Icon: SendIcon,
            allowed: canSend,
            onClick: () => setSending(row.smsCode),
          },
        ]}
        rowButtons={(row) => {
          const on = row.status === SmsStatus.ENABLED
          return (
            <Tooltip title={on ? t('sms.enabled') : t('sms.enable')}>
              <span>
                <Switch
                  size="small"
                  checked={on}
                  disabled={on || !canEnable}
                  onChange={() => void enable(row)}
                  slotProps={{ input: { 'aria-label': `${t('sms.enable')} ${row.smsCode}` } }}
                />
              </span>
            </Tooltip>
          )
        }}
      />
      {sending && <SmsSendDialog code={sending} onClose={() => setSending(null)} />}
    </>
  )
}

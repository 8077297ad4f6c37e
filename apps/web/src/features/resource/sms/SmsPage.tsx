import SendIcon from '@mui/icons-material/Send'
import IconButton from '@mui/material/IconButton'
import Switch from '@mui/material/Switch'
import Tooltip from '@mui/material/Tooltip'
import { useQueryClient } from '@tanstack/react-query'
import { SmsStatus } from '@ysjs/shared'
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
  const canEnable = !!permissions.sms_enable
  const canSend = !!permissions.sms_edit

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
        rowButtonsWidth={100}
        rowButtons={(row) => {
          const on = row.status === SmsStatus.ENABLED
          return (
            <>
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
              {canSend && (
                <Tooltip title={t('sms.sendTest')}>
                  <IconButton
                    size="small"
                    color="primary"
                    aria-label={`${t('sms.sendTest')} ${row.smsCode}`}
                    onClick={() => setSending(row.smsCode)}
                  >
                    <SendIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              )}
            </>
          )
        }}
      />
      {sending && <SmsSendDialog code={sending} onClose={() => setSending(null)} />}
    </>
  )
}

import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import { ZSmsSendSchema } from '@ysjs/shared'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { translateMessage } from '@/lib/i18n/messages'
import { toast } from '@/lib/notify'
import { sendTestSms } from './smsApi'

/** 发送测试: one message through this config, to the phones given, with the template's parameters. */
export const SmsSendDialog = ({ code, onClose }: { code: string; onClose: () => void }) => {
  const { t } = useTranslation()
  const [phones, setPhones] = useState('')
  const [params, setParams] = useState('{"code":"123456"}')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<{ field: 'phones' | 'params'; message: string } | null>(null)

  const send = async (e: FormEvent) => {
    e.preventDefault()
    const parsed = ZSmsSendSchema.safeParse({ code, phones, params })
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!
      const message = translateMessage(issue.message)
      setError({ field: issue.path[0] === 'params' ? 'params' : 'phones', message })
      toast.warning(message)
      return
    }
    setError(null)
    setBusy(true)
    try {
      await sendTestSms(code, phones, params)
      toast.success(t('sms.errors.SEND_SUCCESS'))
      onClose()
    } catch {
      // The HTTP client has shown the server's message.
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="sms-send-title"
    >
      <form noValidate onSubmit={send}>
        <DialogTitle id="sms-send-title">{t('sms.sendTitle', { code })}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              name="phones"
              label={t('sms.phones')}
              value={phones}
              onChange={(e) => {
                setPhones(e.target.value)
                setError(null)
              }}
              error={error?.field === 'phones'}
              helperText={error?.field === 'phones' ? error.message : t('sms.phonesHint')}
              disabled={busy}
              required
              autoFocus
            />
            <TextField
              name="params"
              label={t('sms.params')}
              value={params}
              onChange={(e) => {
                setParams(e.target.value)
                setError(null)
              }}
              error={error?.field === 'params'}
              helperText={error?.field === 'params' ? error.message : undefined}
              disabled={busy}
              multiline
              minRows={2}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {t('sms.send')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  )
}

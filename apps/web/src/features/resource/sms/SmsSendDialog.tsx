import Dialog from '@mui/material/Dialog'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import { type TSmsSend, ZSmsSendSchema } from '@ysjs/shared'
import { useTranslation } from 'react-i18next'
import { FormText } from '@/components/form/Fields'
import { FormActions } from '@/components/form/FormActions'
import { useZodForm } from '@/components/form/useZodForm'
import { ZodFormProvider } from '@/components/form/ZodFormProvider'
import { useResourceMutation } from '@/lib/resource/hooks'
import { sendTestSms } from './smsApi'

/** 发送测试: one message through this config, to the phones given, with the template's parameters. */
export const SmsSendDialog = ({ code, onClose }: { code: string; onClose: () => void }) => {
  const { t } = useTranslation()
  const form = useZodForm(ZSmsSendSchema, {
    defaultValues: { code, phones: '', params: '{"code":"123456"}' },
  })
  const send = useResourceMutation((v: TSmsSend) => sendTestSms(code, v.phones, v.params ?? ''), {
    success: 'sms.errors.SEND_SUCCESS',
    onSuccess: onClose,
  })
  const busy = send.busy
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="sms-send-title"
    >
      <ZodFormProvider form={form}>
        <form noValidate onSubmit={form.submit((v) => send.runOrThrow(v))}>
          <DialogTitle id="sms-send-title">{t('sms.sendTitle', { code })}</DialogTitle>
          <DialogContent dividers>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <FormText
                name="phones"
                label={t('sms.phones')}
                helperText={t('sms.phonesHint')}
                disabled={busy}
              />
              <FormText name="params" label={t('sms.params')} disabled={busy} multiline rows={2} />
            </Stack>
          </DialogContent>
          <FormActions onCancel={onClose} busy={busy} label={t('sms.send')} />
        </form>
      </ZodFormProvider>
    </Dialog>
  )
}

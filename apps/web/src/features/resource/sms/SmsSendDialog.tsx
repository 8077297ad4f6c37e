import Stack from '@mui/material/Stack'
import { type TSmsSend, ZSmsSendSchema } from '@ysjs/shared'
import { useTranslation } from 'react-i18next'
import { FormText } from '@/components/form/Fields'
import { FormDialog } from '@/components/form/FormDialog'
import { useZodForm } from '@/components/form/useZodForm'
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
    <FormDialog
      form={form}
      id="sms-send-title"
      title={t('sms.sendTitle', { code })}
      onSubmit={form.submit((v) => send.runOrThrow(v))}
      onClose={onClose}
      busy={busy}
      submitLabel={t('sms.send')}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormText name="phones" label={t('sms.phones')} helperText={t('sms.phonesHint')} disabled={busy} />
        <FormText name="params" label={t('sms.params')} disabled={busy} multiline rows={2} />
      </Stack>
    </FormDialog>
  )
}

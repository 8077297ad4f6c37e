import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import { ZPasswordChangeFormSchema } from '@ysjs/shared'
import { useTranslation } from 'react-i18next'
import { FormText } from '@/components/form/Fields'
import { keepFocus } from '@/components/form/requiredLabel'
import { useZodForm } from '@/components/form/useZodForm'
import { ZodFormProvider } from '@/components/form/ZodFormProvider'
import { toast } from '@/lib/notify'
import { endSession } from '@/lib/session/endSession'
import { updatePassword } from '../api/userApi'

const PASSWORDS = [
  ['oldPassword', 'current-password'],
  ['newPassword', 'new-password'],
  ['newPassword1', 'new-password'],
] as const

/** Old, new and confirm. The server revokes the tokens on success, so the session ends here too. */
export const PasswordForm = () => {
  const { t } = useTranslation()
  const form = useZodForm(ZPasswordChangeFormSchema, {
    defaultValues: { oldPassword: '', newPassword: '', newPassword1: '' },
  })
  const busy = form.formState.isSubmitting

  const save = form.submit(async (values) => {
    await updatePassword(values)
    toast.success(t('msg.operateSuccess'))
    endSession()
  })

  return (
    <ZodFormProvider form={form}>
      <form onSubmit={save} noValidate aria-label={t('user.password')}>
        <Stack spacing={2} sx={{ maxWidth: 420 }}>
          {PASSWORDS.map(([name, autoComplete]) => (
            <FormText
              key={name}
              name={name}
              type="password"
              label={t(`user.${name}`)}
              disabled={busy}
              autoComplete={autoComplete}
            />
          ))}
          <Button
            type="submit"
            variant="contained"
            disabled={busy}
            sx={{ alignSelf: 'flex-start' }}
            {...keepFocus}
          >
            {t('common.submit')}
          </Button>
        </Stack>
      </form>
    </ZodFormProvider>
  )
}

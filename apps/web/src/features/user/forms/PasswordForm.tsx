import { zodResolver } from '@hookform/resolvers/zod'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import { type TPasswordChangeForm, ZPasswordChangeFormSchema } from '@ysjs/shared'
import { type FieldErrors, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { FormTextField } from '@/components/form/FormTextField'
import { firstErrorMessage } from '@/components/form/formErrors'
import { toast } from '@/lib/notify'
import { endSession } from '@/lib/session/endSession'
import { updatePassword } from '../api/userApi'

const ORDER = ['oldPassword', 'newPassword', 'newPassword1']

/** Old, new and confirm. The server revokes the tokens on success, so the session ends here too. */
export const PasswordForm = () => {
  const { t } = useTranslation()
  const { control, handleSubmit, formState } = useForm<TPasswordChangeForm>({
    resolver: zodResolver(ZPasswordChangeFormSchema),
    mode: 'onBlur',
    defaultValues: { oldPassword: '', newPassword: '', newPassword1: '' },
  })
  const busy = formState.isSubmitting

  const onValid = async (values: TPasswordChangeForm) => {
    try {
      await updatePassword(values)
    } catch {
      return
    }
    toast.success(t('msg.operateSuccess'))
    endSession()
  }
  const onInvalid = (errors: FieldErrors<TPasswordChangeForm>) => {
    const message = firstErrorMessage(errors, ORDER)
    if (message) {
      toast.warning(message)
    }
  }

  return (
    <form onSubmit={handleSubmit(onValid, onInvalid)} noValidate aria-label={t('user.password')}>
      <Stack spacing={2} sx={{ maxWidth: 420 }}>
        <FormTextField
          control={control}
          name="oldPassword"
          type="password"
          label={t('user.oldPassword')}
          disabled={busy}
          autoComplete="current-password"
        />
        <FormTextField
          control={control}
          name="newPassword"
          type="password"
          label={t('user.newPassword')}
          disabled={busy}
          autoComplete="new-password"
        />
        <FormTextField
          control={control}
          name="newPassword1"
          type="password"
          label={t('user.newPassword1')}
          disabled={busy}
          autoComplete="new-password"
        />
        <Button type="submit" variant="contained" disabled={busy} sx={{ alignSelf: 'flex-start' }}>
          {t('common.submit')}
        </Button>
      </Stack>
    </form>
  )
}

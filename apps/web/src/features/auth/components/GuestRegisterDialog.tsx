import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import { ZGuestRegisterFormSchema } from '@ysjs/shared'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { FormText } from '@/components/form/Fields'
import { keepFocus } from '@/components/form/requiredLabel'
import { useZodForm } from '@/components/form/useZodForm'
import { ZodFormProvider } from '@/components/form/ZodFormProvider'
import { HttpError } from '@/lib/http'
import { toast } from '@/lib/notify'
import { isGuestUser, useSession } from '@/lib/session/session'
import { registerGuest } from '../api/authApi'
import { logout } from '../hooks/useLogout'
import { useTenantInfo } from '../hooks/useTenantInfo'

/** The fields in the spec's order (section 5): the toast names the first that fails. */
const FIELDS = ['tenantId', 'name', 'account', 'password', 'password2'] as const

/** 账号注册: a third-party user without a real account applies for one. */
export const GuestRegisterDialog = () => {
  const { t } = useTranslation()
  const user = useSession((s) => s.user)
  const tenant = useTenantInfo()
  const resolvedTenant = tenant.data?.tenantId ?? ''
  const form = useZodForm(ZGuestRegisterFormSchema, {
    fieldOrder: [...FIELDS],
    defaultValues: {
      tenantId: '',
      name: user?.nick_name || user?.real_name || '',
      account: user?.account || user?.user_name || '',
      password: '',
      password2: '',
    },
  })
  const { setValue } = form
  // A tenant known from the domain is the one applied to; its field is not shown.
  useEffect(() => {
    if (resolvedTenant) {
      setValue('tenantId', resolvedTenant)
    }
  }, [resolvedTenant, setValue])
  const busy = form.formState.isSubmitting

  if (!isGuestUser(user)) {
    return null
  }

  const onSubmit = form.submit(async (values) => {
    try {
      await registerGuest({
        tenantId: values.tenantId,
        name: values.name ?? '',
        account: values.account,
        password: values.password,
        oauthId: user?.oauth_id ?? '',
      })
      toast.success(t('auth.register.submitted'))
      await logout()
    } catch (err) {
      toast.error(err instanceof HttpError && err.message ? err.message : t('msg.submitFailed'))
    }
  })

  const field = (name: (typeof FIELDS)[number], type?: string) => (
    <FormText name={name} type={type} label={t(`auth.register.${name}`)} disabled={busy} />
  )
  return (
    <Dialog open maxWidth="xs" aria-labelledby="guest-register-title">
      <ZodFormProvider form={form}>
        <form onSubmit={onSubmit} noValidate>
          <DialogTitle id="guest-register-title">{t('auth.register.title')}</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              {!resolvedTenant && field('tenantId')}
              {field('name')}
              {field('account')}
              {field('password', 'password')}
              {field('password2', 'password')}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => void logout()} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" variant="contained" disabled={busy} {...keepFocus}>
              {t('common.submit')}
            </Button>
          </DialogActions>
        </form>
      </ZodFormProvider>
    </Dialog>
  )
}

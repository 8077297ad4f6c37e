import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { HttpError } from '@/lib/http'
import { translateMessage } from '@/lib/i18n/messages'
import { toast } from '@/lib/notify'
import { isGuestUser, useSession } from '@/lib/session/session'
import { registerGuest } from '../api/authApi'
import { logout } from '../hooks/useLogout'
import { useTenantInfo } from '../hooks/useTenantInfo'
import { type TGuestForm, validateGuestForm } from './guestForm'

/** 账号注册: a third-party user without a real account applies for one. */
export const GuestRegisterDialog = () => {
  const { t } = useTranslation()
  const user = useSession((s) => s.user)
  const tenant = useTenantInfo()
  const resolvedTenant = tenant.data?.tenantId ?? ''
  const [form, setForm] = useState<TGuestForm>(() => ({
    tenantId: '',
    name: user?.nick_name || user?.real_name || '',
    account: user?.account || user?.user_name || '',
    password: '',
    password2: '',
  }))
  const [busy, setBusy] = useState(false)

  if (!isGuestUser(user)) {
    return null
  }

  const set = (key: keyof TGuestForm) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }))

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault()
    const values = { ...form, tenantId: resolvedTenant || form.tenantId }
    const warning = validateGuestForm(values)
    if (warning) {
      toast.warning(translateMessage(warning))
      return
    }
    setBusy(true)
    try {
      await registerGuest({
        tenantId: values.tenantId,
        name: values.name,
        account: values.account,
        password: values.password,
        oauthId: user?.oauth_id ?? '',
      })
      toast.success(t('auth.register.submitted'))
      await logout()
    } catch (err) {
      toast.error(err instanceof HttpError && err.message ? err.message : t('msg.submitFailed'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog open maxWidth="xs" aria-labelledby="guest-register-title">
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id="guest-register-title">{t('auth.register.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {!resolvedTenant && (
              <TextField
                label={t('auth.register.tenantId')}
                value={form.tenantId}
                onChange={set('tenantId')}
                disabled={busy}
              />
            )}
            <TextField
              label={t('auth.register.name')}
              value={form.name}
              onChange={set('name')}
              disabled={busy}
            />
            <TextField
              label={t('auth.register.account')}
              value={form.account}
              onChange={set('account')}
              disabled={busy}
            />
            <TextField
              type="password"
              label={t('auth.register.password')}
              value={form.password}
              onChange={set('password')}
              disabled={busy}
            />
            <TextField
              type="password"
              label={t('auth.register.password2')}
              value={form.password2}
              onChange={set('password2')}
              disabled={busy}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => void logout()} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {t('common.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  )
}

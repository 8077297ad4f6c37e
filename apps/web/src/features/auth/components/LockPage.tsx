import LockOpenIcon from '@mui/icons-material/LockOpen'
import Avatar from '@mui/material/Avatar'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { fileUrl } from '@/lib/fileLink'
import { toast } from '@/lib/notify'
import { unlockScreen, useSession } from '@/lib/session/session'
import { activeTab, tabsStore } from '@/lib/session/tabs'
import { useLogout } from '../hooks/useLogout'
import { AuthShell } from './AuthShell'

/** The lock screen: only the lock password (kept in the session) opens it again. */
export const LockPage = () => {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const user = useSession((s) => s.user)
  const lock = useSession((s) => s.lock)
  const logout = useLogout()
  const [password, setPassword] = useState('')
  const [error, setError] = useState(false)

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    if (!lock.locked || password === lock.password) {
      unlockScreen()
      navigate(activeTab(tabsStore.get()).fullPath, { replace: true })
      return
    }
    setError(true)
    toast.error(t('auth.unlockFailed'))
  }

  return (
    <AuthShell>
      <Stack component="form" spacing={2} onSubmit={onSubmit} sx={{ alignItems: 'center' }} noValidate>
        <Avatar
          src={user?.avatar ? fileUrl(user.avatar) : undefined}
          sx={{ width: 72, height: 72 }}
          alt={user?.nick_name ?? ''}
        />
        <Typography variant="h6">{user?.nick_name || user?.account}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('auth.lockTip')}
        </Typography>
        <TextField
          type="password"
          label={t('layout.lockPassword')}
          value={password}
          error={error}
          autoFocus
          onChange={(e) => {
            setPassword(e.target.value)
            setError(false)
          }}
        />
        <Button type="submit" variant="contained" fullWidth startIcon={<LockOpenIcon />}>
          {t('auth.unlock')}
        </Button>
        <Button onClick={() => void logout()} fullWidth>
          {t('auth.backToLogin')}
        </Button>
      </Stack>
    </AuthShell>
  )
}

import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import TextField from '@mui/material/TextField'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useStableNavigate } from '@/app/router/routerState'
import { lockScreen } from '@/lib/session/session'
import { setLayout, useLayout } from '../layoutStore'

/** Sets the lock password, then locks the screen. */
export const LockDialog = () => {
  const { t } = useTranslation()
  const navigate = useStableNavigate()
  const { lockOpen } = useLayout()
  const [password, setPassword] = useState('')
  const [touched, setTouched] = useState(false)
  const invalid = touched && !password

  const close = () => {
    setLayout({ lockOpen: false })
    setPassword('')
    setTouched(false)
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    setTouched(true)
    if (!password) {
      return
    }
    lockScreen(password)
    close()
    navigate('/lock')
  }

  return (
    <Dialog open={lockOpen} onClose={close} maxWidth="xs">
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle>{t('layout.lockTitle')}</DialogTitle>
        <DialogContent>
          <TextField
            type="password"
            autoFocus
            sx={{ mt: 1 }}
            label={t('layout.lockPassword')}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            onBlur={() => setTouched(true)}
            error={invalid}
            helperText={invalid ? t('layout.lockPasswordRequired') : ' '}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained">
            {t('common.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  )
}

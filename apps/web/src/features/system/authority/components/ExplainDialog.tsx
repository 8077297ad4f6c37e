import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemText from '@mui/material/ListItemText'
import MenuItem from '@mui/material/MenuItem'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import type { TAccessExplain } from '@ysjs/shared'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { accessApi } from '../api/authorityApi'

const COLORS = { pass: 'success', fail: 'error', info: 'info', skip: 'default' } as const

/** 权限解释: for a user and a menu, button or endpoint, the chain of checks that allows or denies it. */
export const ExplainDialog = ({ onClose }: { onClose: () => void }) => {
  const { t } = useTranslation()
  const [account, setAccount] = useState('')
  const [target, setTarget] = useState('')
  const [method, setMethod] = useState('GET')
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<TAccessExplain | null>(null)

  const run = async (e: FormEvent) => {
    e.preventDefault()
    setBusy(true)
    try {
      setResult(await accessApi.explain({ account: account.trim(), target: target.trim(), method }))
    } catch {
      setResult(null)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="explain-title">
      <form onSubmit={(e) => void run(e)} noValidate>
        <DialogTitle id="explain-title">{t('authority.explain.title')}</DialogTitle>
        <DialogContent dividers>
          <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
            <TextField
              size="small"
              label={t('authority.explain.account')}
              value={account}
              onChange={(e) => setAccount(e.target.value)}
            />
            <TextField
              size="small"
              sx={{ flex: 1 }}
              label={t('authority.explain.target')}
              value={target}
              onChange={(e) => setTarget(e.target.value)}
            />
            <TextField
              size="small"
              select
              label={t('authority.explain.method')}
              value={method}
              onChange={(e) => setMethod(e.target.value)}
              sx={{ width: 110 }}
            >
              {['GET', 'POST'].map((m) => (
                <MenuItem key={m} value={m}>
                  {m}
                </MenuItem>
              ))}
            </TextField>
            <Button type="submit" variant="contained" disabled={busy}>
              {t('authority.explain.run')}
            </Button>
          </Stack>
          {result && (
            <>
              <Alert severity={result.allowed ? 'success' : 'error'} data-testid="explain-verdict">
                {t(result.allowed ? 'authority.explain.allowed' : 'authority.explain.denied')}:{' '}
                {result.target}
              </Alert>
              <List dense data-testid="explain-steps">
                {result.steps.map((s) => (
                  <ListItem
                    key={`${s.step}-${s.result}-${s.detail}`}
                    data-step={s.step}
                    data-result={s.result}
                  >
                    <Chip
                      size="small"
                      color={COLORS[s.result]}
                      label={t(`authority.explain.results.${s.result}`)}
                      sx={{ mr: 1, minWidth: 56 }}
                    />
                    <ListItemText primary={t(`authority.explain.steps.${s.step}`)} secondary={s.detail} />
                  </ListItem>
                ))}
              </List>
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.close')}</Button>
        </DialogActions>
      </form>
    </Dialog>
  )
}

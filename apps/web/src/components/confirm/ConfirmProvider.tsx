import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import { createContext, type ReactNode, useCallback, useContext, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'

export type TConfirmOptions = {
  message: string
  /** Defaults to 提示. */
  title?: string
  confirmText?: string
  cancelText?: string
}

type TConfirm = (options: TConfirmOptions) => Promise<boolean>

const ConfirmContext = createContext<TConfirm | null>(null)

/** One confirmation dialog for the whole app, answered as a promise. */
export const ConfirmProvider = ({ children }: { children: ReactNode }) => {
  const { t } = useTranslation()
  const [options, setOptions] = useState<TConfirmOptions | null>(null)
  const resolver = useRef<((ok: boolean) => void) | null>(null)

  const confirm = useCallback<TConfirm>(
    (next) =>
      new Promise<boolean>((resolve) => {
        resolver.current?.(false)
        resolver.current = resolve
        setOptions(next)
      }),
    [],
  )

  const answer = (ok: boolean) => {
    resolver.current?.(ok)
    resolver.current = null
    setOptions(null)
  }

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <Dialog open={options !== null} onClose={() => answer(false)} maxWidth="xs" aria-labelledby="confirm-title">
        <DialogTitle id="confirm-title">{options?.title ?? t('common.tip')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{options?.message}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => answer(false)}>{options?.cancelText ?? t('common.cancel')}</Button>
          <Button variant="contained" onClick={() => answer(true)} autoFocus>
            {options?.confirmText ?? t('common.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </ConfirmContext.Provider>
  )
}

export const useConfirm = (): TConfirm => {
  const confirm = useContext(ConfirmContext)
  if (!confirm) {
    throw new Error('useConfirm needs a ConfirmProvider')
  }
  return confirm
}

import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import { useTranslation } from 'react-i18next'
import type { TConfirmOptions } from './ConfirmProvider'

/** 提示 / message / 取消 确定. */
export const ConfirmDialog = ({
  options,
  onAnswer,
}: {
  options: TConfirmOptions
  onAnswer: (ok: boolean) => void
}) => {
  const { t } = useTranslation()
  return (
    <Dialog
      open
      onClose={() => onAnswer(false)}
      maxWidth="xs"
      aria-labelledby="confirm-title"
      aria-describedby="confirm-message"
    >
      <DialogTitle id="confirm-title">{options.title ?? t('common.tip')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="confirm-message">{options.message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onAnswer(false)}>{options.cancelText ?? t('common.cancel')}</Button>
        <Button variant="contained" onClick={() => onAnswer(true)} autoFocus>
          {options.confirmText ?? t('common.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}

import Button from '@mui/material/Button'
import Dialog, { type DialogProps } from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

/** A dialog to read (or to pick from) with one button that closes it: 关闭 unless the screen says otherwise. */
export const CloseDialog = ({
  title,
  titleId,
  onClose,
  closeLabel,
  maxWidth,
  dividers,
  contentTestId,
  children,
}: {
  title: ReactNode
  /** The title's id, the dialog's accessible name (MUI makes one up otherwise). */
  titleId?: string
  onClose: () => void
  closeLabel?: string
  maxWidth: DialogProps['maxWidth']
  dividers?: boolean
  contentTestId?: string
  children: ReactNode
}) => {
  const { t } = useTranslation()
  return (
    <Dialog open onClose={onClose} maxWidth={maxWidth} fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers={dividers} data-testid={contentTestId}>
        {children}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{closeLabel ?? t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  )
}

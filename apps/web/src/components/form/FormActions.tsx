import Button from '@mui/material/Button'
import DialogActions from '@mui/material/DialogActions'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { keepFocus } from './requiredLabel'

/** A form dialog's 取消 and its submit button (保存 unless named), both off while it is busy. */
export const FormActions = ({
  onCancel,
  busy,
  disabled = false,
  label,
}: {
  onCancel: () => void
  busy: boolean
  /** The submit button only (e.g. while the record loads). */
  disabled?: boolean
  label?: ReactNode
}) => {
  const { t } = useTranslation()
  return (
    <DialogActions>
      <Button onClick={onCancel} disabled={busy}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" variant="contained" disabled={busy || disabled} {...keepFocus}>
        {label ?? t('common.save')}
      </Button>
    </DialogActions>
  )
}

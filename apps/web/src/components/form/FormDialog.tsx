import Dialog, { type DialogProps } from '@mui/material/Dialog'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import type { FormEventHandler, ReactNode } from 'react'
import type { FieldValues } from 'react-hook-form'
import { FormActions } from './FormActions'
import type { TZodForm } from './useZodForm'
import { ZodFormProvider } from './ZodFormProvider'

/**
 * A dialog holding one form of the form system: its title, its fields, 取消 and the submit button
 * (off while busy; the dialog does not close on a click outside then).
 */
export const FormDialog = <TIn extends FieldValues, TOut>({
  form,
  id,
  title,
  onSubmit,
  onClose,
  busy,
  maxWidth = 'xs',
  submitLabel,
  submitDisabled,
  children,
}: {
  form: TZodForm<TIn, TOut>
  /** The title's id (the dialog's accessible name). */
  id: string
  title: ReactNode
  onSubmit: FormEventHandler<HTMLFormElement>
  onClose: () => void
  busy: boolean
  maxWidth?: DialogProps['maxWidth']
  submitLabel?: ReactNode
  submitDisabled?: boolean
  children: ReactNode
}) => (
  <Dialog open onClose={busy ? undefined : onClose} maxWidth={maxWidth} fullWidth aria-labelledby={id}>
    <ZodFormProvider form={form}>
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={id}>{title}</DialogTitle>
        <DialogContent dividers>{children}</DialogContent>
        <FormActions onCancel={onClose} busy={busy} disabled={submitDisabled} label={submitLabel} />
      </form>
    </ZodFormProvider>
  </Dialog>
)

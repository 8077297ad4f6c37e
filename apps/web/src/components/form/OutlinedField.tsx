import FormControl from '@mui/material/FormControl'
import FormHelperText from '@mui/material/FormHelperText'
import InputLabel from '@mui/material/InputLabel'
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput'
import { type ReactNode, useId } from 'react'

export type TOutlinedFieldProps = Omit<OutlinedInputProps, 'label' | 'error'> & {
  label?: ReactNode
  helperText?: ReactNode
  error?: boolean
}

/**
 * An outlined text input with label and helper text. MUI's TextField also pulls in the select
 * machinery (popover, menu); plain inputs do without it, which keeps the login route small.
 */
export const OutlinedField = ({
  label,
  helperText,
  error,
  disabled,
  fullWidth = true,
  size = 'small',
  id,
  ...input
}: TOutlinedFieldProps) => {
  const autoId = useId()
  const inputId = id ?? autoId
  const helperId = helperText ? `${inputId}-helper` : undefined
  return (
    <FormControl variant="outlined" error={error} disabled={disabled} fullWidth={fullWidth} size={size}>
      {label !== undefined && <InputLabel htmlFor={inputId}>{label}</InputLabel>}
      <OutlinedInput id={inputId} label={label} aria-describedby={helperId} {...input} />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  )
}

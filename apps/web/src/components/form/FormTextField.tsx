import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form'
import { translateMessage } from '@/lib/i18n/messages'
import { OutlinedField, type TOutlinedFieldProps } from './OutlinedField'

type TProps<T extends FieldValues> = Omit<TOutlinedFieldProps, 'name' | 'value' | 'onChange' | 'onBlur'> & {
  name: FieldPath<T>
  control: Control<T>
}

/** A text field bound to react-hook-form; its error shows under it (validated on blur). */
export const FormTextField = <T extends FieldValues>({ name, control, helperText, ...rest }: TProps<T>) => (
  <Controller
    name={name}
    control={control}
    render={({ field, fieldState }) => (
      <OutlinedField
        {...rest}
        name={field.name}
        inputRef={field.ref}
        value={field.value ?? ''}
        onChange={field.onChange}
        onBlur={field.onBlur}
        error={!!fieldState.error}
        helperText={fieldState.error?.message ? translateMessage(fieldState.error.message) : helperText}
      />
    )}
  />
)

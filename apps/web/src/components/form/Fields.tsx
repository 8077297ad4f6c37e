import TextField, { type TextFieldProps } from '@mui/material/TextField'
import { lazy, type ReactNode, Suspense } from 'react'
import { useController } from 'react-hook-form'
import { DateField, type TDateKind } from '@/components/date/DateField'
import { DictSelect } from '@/components/dict/DictSelect'
import { translateMessage } from '@/lib/i18n/messages'
import { text } from '@/lib/text'
import { REQUIRED_LABEL_CLASS } from './requiredLabel'
import { useRequired } from './ZodFormProvider'

/** The editor is heavy (tiptap): it loads with the first form that shows a rich-text field. */
const RichTextEditor = lazy(async () => ({
  default: (await import('@/components/richtext/RichTextEditor')).RichTextEditor,
}))

type TFieldBase = {
  name: string
  label: ReactNode
  disabled?: boolean
  /** Overrides the schema's required marker. */
  required?: boolean
  helperText?: ReactNode
}

/** The label and input props that mark a required field without adding text to the label's name. */
const requiredSlots = (required: boolean, htmlInput?: Record<string, unknown>, shrink?: boolean) => ({
  inputLabel: { className: required ? REQUIRED_LABEL_CLASS : undefined, shrink },
  htmlInput: { ...htmlInput, 'aria-required': required || undefined },
})

/** A field of the enclosing form: its value, change, blur and ref, its message and its marker. */
const useBoundField = ({ name, required, helperText }: TFieldBase) => {
  const { field, fieldState } = useController({ name })
  const schemaRequired = useRequired(name)
  const message = fieldState.error?.message
  return {
    field,
    value: text(field.value),
    required: required ?? schemaRequired,
    error: !!fieldState.error,
    helperText: message ? translateMessage(message) : helperText,
  }
}

type TTextProps = TFieldBase &
  Pick<
    TextFieldProps,
    | 'type'
    | 'multiline'
    | 'rows'
    | 'minRows'
    | 'select'
    | 'children'
    | 'sx'
    | 'placeholder'
    | 'autoComplete'
    | 'size'
    | 'variant'
    | 'fullWidth'
  > & {
    htmlInput?: Record<string, unknown>
    /** Maps the typed text to the stored value (e.g. a number select). */
    parse?: (value: string) => unknown
    /** Keeps the label above the input (a browser date input draws its own placeholder). */
    shrinkLabel?: boolean
  }

/** A text field (or a select with `select` and MenuItem children) of the enclosing form. */
export const FormText = ({ htmlInput, parse, shrinkLabel, ...props }: TTextProps) => {
  const { name: _n, label, disabled, required: _r, helperText: _h, ...rest } = props
  const f = useBoundField(props)
  return (
    <TextField
      {...rest}
      label={label}
      name={f.field.name}
      inputRef={f.field.ref}
      value={f.value}
      onChange={(e) => f.field.onChange(parse ? parse(e.target.value) : e.target.value)}
      onBlur={f.field.onBlur}
      disabled={disabled}
      error={f.error}
      helperText={f.helperText}
      slotProps={requiredSlots(f.required, htmlInput, shrinkLabel)}
    />
  )
}

/** A business-dictionary select of the enclosing form (stores the dictKey). */
export const FormDict = (props: TFieldBase & { code: string; allowEmpty?: boolean }) => {
  const f = useBoundField(props)
  return (
    <DictSelect
      code={props.code}
      allowEmpty={props.allowEmpty}
      label={props.label}
      name={f.field.name}
      inputRef={f.field.ref}
      value={f.value}
      onChange={f.field.onChange}
      onBlur={f.field.onBlur}
      disabled={props.disabled}
      error={f.error}
      helperText={f.helperText}
      slotProps={requiredSlots(f.required)}
    />
  )
}

/** A date, month or date-time of the enclosing form, in the spec's string format. */
export const FormDate = (props: TFieldBase & { kind?: TDateKind }) => {
  const f = useBoundField(props)
  return (
    <DateField
      kind={props.kind}
      name={f.field.name}
      label={typeof props.label === 'string' ? props.label : ''}
      value={f.value}
      onChange={(v) => f.field.onChange(v)}
      onBlur={f.field.onBlur}
      disabled={props.disabled}
      error={f.error}
      helperText={typeof f.helperText === 'string' ? f.helperText : undefined}
      markRequired={f.required}
      inputRef={f.field.ref}
    />
  )
}

/** A rich-text field of the enclosing form (an empty editor is ''). */
export const FormRichText = (props: TFieldBase & { rows?: number }) => {
  const f = useBoundField(props)
  return (
    <Suspense fallback={null}>
      <RichTextEditor
        label={typeof props.label === 'string' ? props.label : undefined}
        labelClassName={f.required ? REQUIRED_LABEL_CLASS : undefined}
        value={f.value}
        onChange={f.field.onChange}
        onBlur={f.field.onBlur}
        rows={props.rows}
        disabled={props.disabled}
        error={f.error}
        helperText={typeof f.helperText === 'string' ? f.helperText : undefined}
      />
    </Suspense>
  )
}

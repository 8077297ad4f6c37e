import { useController } from 'react-hook-form'
import type { TCustomFieldProps } from '@/components/crud/types'
import { RemotePicker, type TPickOption, type TPickSource } from './RemotePicker'
import { entrySource, expertSource, unitSource } from './sources'

const idsOf = (value: unknown) =>
  String(value ?? '')
    .split(',')
    .filter(Boolean)

type TPickerProps = TCustomFieldProps & {
  source: TPickSource
  multiple?: boolean
  known?: Record<string, string>
  onPick?: (chosen: TPickOption[]) => void
}

/** A form field over a server search: one id, or ids comma separated (`multiple`). */
const Picker = ({
  source,
  multiple,
  label,
  value,
  onChange,
  onBlur,
  disabled,
  error,
  helperText,
  known,
  onPick,
}: TPickerProps) => (
  <RemotePicker
    source={source}
    label={label}
    value={idsOf(value)}
    multiple={!!multiple}
    {...(known ? { known } : {})}
    onChange={(chosen) => {
      onChange(chosen.map((o) => o.value).join(','))
      onPick?.(chosen)
    }}
    onBlur={onBlur}
    disabled={disabled}
    error={error}
    {...(helperText ? { helperText } : {})}
  />
)

/**
 * In a form, `labelField` is the row's field that names the chosen row (e.g. `unitName`): it shows the
 * name without a request and is kept in step with the choice. Outside a form (the search row) the
 * source names the value itself.
 */
const NamedPicker = ({ labelField, ...props }: TPickerProps & { labelField: string }) => {
  const name = useController({ control: props.control, name: labelField })
  const [id] = idsOf(props.value)
  const text = typeof name.field.value === 'string' ? name.field.value : ''
  return (
    <Picker
      {...props}
      {...(id && text ? { known: { [id]: text } } : {})}
      onPick={(chosen) => name.field.onChange(chosen[0]?.label ?? '')}
    />
  )
}

export const PickerField = (props: TPickerProps & { labelField?: string }) => {
  const { labelField, ...rest } = props
  return props.control && labelField ? (
    <NamedPicker {...rest} labelField={labelField} />
  ) : (
    <Picker {...rest} />
  )
}

export const UnitPicker = (props: TCustomFieldProps) => (
  <PickerField {...props} source={unitSource} labelField="unitName" />
)
export const ExpertPicker = (props: TCustomFieldProps) => (
  <PickerField {...props} source={expertSource} labelField="expertName" />
)
export const ExpertsPicker = (props: TCustomFieldProps) => (
  <PickerField {...props} source={expertSource} multiple />
)
export const EntryPicker = (props: TCustomFieldProps) => (
  <PickerField {...props} source={entrySource} labelField="mainTitle" />
)

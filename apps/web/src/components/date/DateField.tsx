import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs'
import { DatePicker } from '@mui/x-date-pickers/DatePicker'
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker'
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider'
import { BIRTH_MONTH_DEFAULT_YEAR, DATE_FORMAT, DATE_TIME_FORMAT, MONTH_FORMAT } from '@ysjs/shared'
import dayjs, { type Dayjs } from 'dayjs'
import 'dayjs/locale/zh-cn'
import { useTranslation } from 'react-i18next'

export type TDateKind = 'date' | 'month' | 'datetime'

const FORMATS: Record<TDateKind, string> = {
  date: DATE_FORMAT,
  month: MONTH_FORMAT,
  datetime: DATE_TIME_FORMAT,
}

type TProps = {
  kind?: TDateKind
  label: string
  /** The value as the server takes it: yyyy-MM-dd, yyyy-MM or yyyy-MM-dd HH:mm:ss. */
  value: string | null | undefined
  onChange: (value: string) => void
  onBlur?: () => void
  disabled?: boolean
  error?: boolean
  helperText?: string
  name?: string
  required?: boolean
}

/** Date fields in the spec's formats; the value stays a string in that format. */
export const DateField = ({
  kind = 'date',
  label,
  value,
  onChange,
  onBlur,
  disabled,
  error,
  helperText,
  name,
  required,
}: TProps) => {
  const { i18n } = useTranslation()
  const format = FORMATS[kind]
  const parsed = value ? dayjs(value) : null
  const current = parsed?.isValid() ? parsed : null
  const emit = (d: Dayjs | null) => onChange(d?.isValid() ? d.format(format) : '')
  const slotProps = {
    textField: { size: 'small' as const, fullWidth: true, name, error, helperText, onBlur, required },
    field: { clearable: true },
  }
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={i18n.language === 'zh' ? 'zh-cn' : 'en'}>
      {kind === 'datetime' ? (
        <DateTimePicker
          label={label}
          value={current}
          onChange={emit}
          disabled={disabled}
          format={format}
          ampm={false}
          slotProps={slotProps}
        />
      ) : (
        <DatePicker
          label={label}
          value={current}
          onChange={emit}
          disabled={disabled}
          format={format}
          views={kind === 'month' ? ['year', 'month'] : ['year', 'month', 'day']}
          openTo={kind === 'month' ? 'year' : 'day'}
          referenceDate={kind === 'month' ? dayjs(`${BIRTH_MONTH_DEFAULT_YEAR}-01-01`) : undefined}
          slotProps={slotProps}
        />
      )}
    </LocalizationProvider>
  )
}

import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs'
import { DatePicker } from '@mui/x-date-pickers/DatePicker'
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker'
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider'
import { enUS, zhCN } from '@mui/x-date-pickers/locales'
import {
  BIRTH_MONTH_DEFAULT_YEAR,
  DATE_FORMAT,
  DATE_TIME_FORMAT,
  isDateOrDateTime,
  isRealMonth,
  MONTH_FORMAT,
} from '@ysjs/shared'
import dayjs, { type Dayjs } from 'dayjs'
import 'dayjs/locale/zh-cn'
import type { Ref } from 'react'
import { useTranslation } from 'react-i18next'
import { REQUIRED_LABEL_CLASS } from '@/components/form/requiredLabel'

export type TDateKind = 'date' | 'month' | 'datetime'

/** What the value holds (the server's formats). */
const FORMATS: Record<TDateKind, string> = {
  date: DATE_FORMAT,
  month: MONTH_FORMAT,
  datetime: DATE_TIME_FORMAT,
}
/**
 * What the field shows. A moment is typed to the minute: a seconds section left empty would make the
 * whole value invalid and drop it; the seconds are kept from the value (:00 for a new one).
 */
const SHOWN: Record<TDateKind, string> = {
  date: DATE_FORMAT,
  month: MONTH_FORMAT,
  datetime: 'YYYY-MM-DD HH:mm',
}
const PICKER_TEXTS = {
  zh: zhCN.components.MuiLocalizationProvider.defaultProps.localeText,
  en: enUS.components.MuiLocalizationProvider.defaultProps.localeText,
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
  /** The form's required marker (drawn by the theme, not added to the label's accessible name). */
  markRequired?: boolean
  inputRef?: Ref<HTMLInputElement>
  /** Fills its row (forms); a toolbar's field sets false to keep its own width. */
  fullWidth?: boolean
}

/**
 * The one date, month and date-time picker: yyyy-MM-dd (never the browser's mm/dd/yyyy), texts in the
 * interface language; the value stays a string in the server's format.
 */
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
  markRequired,
  inputRef,
  fullWidth = true,
}: TProps) => {
  const { i18n } = useTranslation()
  const format = FORMATS[kind]
  const shown = SHOWN[kind]
  const zh = i18n.language !== 'en'
  // The shared parse decides what a value is (seconds optional); dayjs only carries it in the picker.
  const known = !!value && (kind === 'month' ? isRealMonth(value) : isDateOrDateTime(value))
  const current = known ? dayjs(value) : null
  const emit = (d: Dayjs | null) => onChange(d?.isValid() ? d.format(format) : '')
  const slotProps = {
    textField: {
      size: 'small' as const,
      fullWidth,
      sx: fullWidth ? undefined : { width: kind === 'datetime' ? 210 : 170 },
      name,
      error,
      helperText,
      onBlur,
      required,
      inputRef,
      ...(markRequired
        ? {
            slotProps: {
              inputLabel: { className: REQUIRED_LABEL_CLASS },
              htmlInput: { 'aria-required': true },
            },
          }
        : {}),
    },
    field: { clearable: true },
  }
  return (
    <LocalizationProvider
      dateAdapter={AdapterDayjs}
      adapterLocale={zh ? 'zh-cn' : 'en'}
      localeText={zh ? PICKER_TEXTS.zh : PICKER_TEXTS.en}
    >
      {kind === 'datetime' ? (
        <DateTimePicker
          label={label}
          value={current}
          onChange={emit}
          disabled={disabled}
          format={shown}
          views={['year', 'month', 'day', 'hours', 'minutes']}
          ampm={false}
          slotProps={slotProps}
        />
      ) : (
        <DatePicker
          label={label}
          value={current}
          onChange={emit}
          disabled={disabled}
          format={shown}
          views={kind === 'month' ? ['year', 'month'] : ['year', 'month', 'day']}
          openTo={kind === 'month' ? 'year' : 'day'}
          referenceDate={kind === 'month' ? dayjs(`${BIRTH_MONTH_DEFAULT_YEAR}-01-01`) : undefined}
          slotProps={slotProps}
        />
      )}
    </LocalizationProvider>
  )
}

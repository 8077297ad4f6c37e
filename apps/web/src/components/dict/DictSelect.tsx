import MenuItem from '@mui/material/MenuItem'
import TextField, { type TextFieldProps } from '@mui/material/TextField'
import { useTranslation } from 'react-i18next'
import { useDictionary } from './useDictionary'

type TProps = Omit<TextFieldProps, 'select' | 'value' | 'onChange'> & {
  code: string
  value: string | number | null | undefined
  onChange: (value: string) => void
  /** Adds an empty choice (search forms). */
  allowEmpty?: boolean
}

/** A select bound to a business dictionary: shows dictValue, stores dictKey. */
export const DictSelect = ({ code, value, onChange, allowEmpty = false, ...rest }: TProps) => {
  const { t } = useTranslation()
  const { data = [], isLoading } = useDictionary(code)
  const current = value === null || value === undefined ? '' : String(value)
  const known = current === '' || data.some((d) => d.dictKey === current)
  return (
    <TextField
      {...rest}
      select
      value={isLoading || !known ? '' : current}
      onChange={(e) => onChange(e.target.value)}
      data-dict-code={code}
    >
      {allowEmpty && (
        <MenuItem value="">
          <em>{t('common.pleaseSelect')}</em>
        </MenuItem>
      )}
      {data.map((item) => (
        <MenuItem key={item.id} value={item.dictKey}>
          {item.dictValue}
        </MenuItem>
      ))}
    </TextField>
  )
}

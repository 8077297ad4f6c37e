import Autocomplete from '@mui/material/Autocomplete'
import TextField from '@mui/material/TextField'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { TCustomFieldProps } from '@/components/crud/types'
import { unitNames } from './sources'

/**
 * A unit name typed freely or picked from the unit table (deal buyer and seller): the stored value is
 * the name as written on the contract (decision 016).
 */
export const UnitNameField = ({
  label,
  value,
  onChange,
  onBlur,
  disabled,
  error,
  helperText,
}: TCustomFieldProps) => {
  const [input, setInput] = useState('')
  const units = useQuery({
    queryKey: ['unit-options', input],
    queryFn: () => unitNames(input),
    enabled: !disabled,
    staleTime: 30_000,
  })
  const names = units.data ?? []
  return (
    <Autocomplete<string, false, false, true>
      freeSolo
      options={names}
      value={typeof value === 'string' ? value : ''}
      disabled={disabled}
      filterOptions={(x) => x}
      onInputChange={(_e, v, reason) => {
        setInput(v)
        if (reason === 'input') {
          onChange(v)
        }
      }}
      onChange={(_e, v) => onChange(v ?? '')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          size="small"
          onBlur={onBlur}
          error={error}
          helperText={helperText}
        />
      )}
    />
  )
}

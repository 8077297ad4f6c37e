import FormControlLabel from '@mui/material/FormControlLabel'
import Switch from '@mui/material/Switch'
import type { TCustomFieldProps } from './types'

/** A 0/1 field as a switch (博士生导师, 院士, 上架 …): on is 1, off 0. */
export const SwitchField = ({ label, value, onChange, disabled }: TCustomFieldProps) => (
  <FormControlLabel
    label={label}
    control={
      <Switch
        checked={String(value) === '1'}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked ? 1 : 0)}
        slotProps={{ input: { 'aria-label': label } }}
      />
    }
  />
)

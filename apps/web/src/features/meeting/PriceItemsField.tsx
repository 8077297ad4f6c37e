import { Box, Button, FormHelperText, MenuItem, TextField, Typography } from '@mui/material'
import { useTranslation } from 'react-i18next'
import type { TCustomFieldProps } from '@/components/crud/types'

type TItem = { itemName: string; itemType: number; price: string }
const TYPES = [
  { value: 1, label: '会务费' },
  { value: 2, label: '单住' },
  { value: 3, label: '合住' },
]

/** The meeting's fee items: 会务费 (once) and room types (per night), each with a price. */
export const PriceItemsField = ({
  label,
  value,
  onChange,
  disabled,
  error,
  helperText,
}: TCustomFieldProps) => {
  const { t } = useTranslation()
  const items = Array.isArray(value) ? (value as TItem[]) : []
  const set = (i: number, patch: Partial<TItem>) =>
    onChange(items.map((it, j) => (j === i ? { ...it, ...patch } : it)))
  return (
    <Box>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {label}
      </Typography>
      {items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their position
        <Box key={i} sx={{ display: 'flex', gap: 1, mb: 1 }}>
          <TextField
            size="small"
            label={t('meeting.meeting.itemName')}
            value={item.itemName}
            disabled={disabled}
            onChange={(e) => set(i, { itemName: e.target.value })}
            sx={{ flex: 2 }}
          />
          <TextField
            select
            size="small"
            label={t('meeting.meeting.itemType')}
            value={item.itemType}
            disabled={disabled}
            onChange={(e) => set(i, { itemType: Number(e.target.value) })}
            sx={{ width: 120 }}
          >
            {TYPES.map((o) => (
              <MenuItem key={o.value} value={o.value}>
                {o.label}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label={t('meeting.meeting.price')}
            value={item.price}
            disabled={disabled}
            onChange={(e) => set(i, { price: e.target.value })}
            sx={{ width: 140 }}
          />
          {!disabled && (
            <Button size="small" onClick={() => onChange(items.filter((_, j) => j !== i))}>
              {t('meeting.meeting.removeItem')}
            </Button>
          )}
        </Box>
      ))}
      {!disabled && (
        <Button size="small" onClick={() => onChange([...items, { itemName: '', itemType: 3, price: '' }])}>
          {t('meeting.meeting.addItem')}
        </Button>
      )}
      {error && helperText ? <FormHelperText error>{helperText}</FormHelperText> : null}
    </Box>
  )
}

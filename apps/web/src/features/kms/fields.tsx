import AttachFileIcon from '@mui/icons-material/AttachFile'
import { Box, Button, Chip, FormControlLabel, FormHelperText, Switch } from '@mui/material'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { TCustomFieldProps } from '@/components/crud/types'
import { uploadFile } from '@/lib/upload'

/** The shelf state as a switch: 1 on the shelf (portal visible), 0 off. */
export const ShelfSwitch = ({ label, value, onChange, disabled }: TCustomFieldProps) => (
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

/** Attachments through the platform's upload: the value is the attachment ids, comma separated. */
export const AttachField = ({ label, value, onChange, disabled, helperText, error }: TCustomFieldProps) => {
  const { t } = useTranslation()
  const [names, setNames] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const ids = String(value ?? '')
    .split(',')
    .filter(Boolean)
  const add = async (file: File) => {
    setBusy(true)
    setFailure(null)
    try {
      const saved = await uploadFile(file)
      if (saved.attachId) {
        setNames((n) => ({ ...n, [saved.attachId as string]: saved.originalName }))
        onChange([...ids, saved.attachId].join(','))
      }
    } catch (e) {
      setFailure(e instanceof Error ? e.message : String(e))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button
          component="label"
          variant="outlined"
          size="small"
          startIcon={<AttachFileIcon />}
          disabled={disabled || busy}
        >
          {label}：{t('kms.upload')}
          <input hidden type="file" onChange={(e) => e.target.files?.[0] && void add(e.target.files[0])} />
        </Button>
        {ids.map((id) => (
          <Chip
            key={id}
            label={names[id] ?? id}
            {...(disabled ? {} : { onDelete: () => onChange(ids.filter((x) => x !== id).join(',')) })}
          />
        ))}
      </Box>
      {(failure || helperText) && (
        <FormHelperText error={error || !!failure}>{failure ?? helperText}</FormHelperText>
      )}
    </Box>
  )
}

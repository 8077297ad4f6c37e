import MenuItem from '@mui/material/MenuItem'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import { WorkingDayPolicy, workingDayPolicyOf } from '@ysjs/shared/job'
import { useTranslation } from 'react-i18next'
import type { TCustomFieldProps } from '@/components/crud/types'

const NONE = 'none'

const objectOf = (extra: string): Record<string, unknown> | null => {
  try {
    const value: unknown = extra.trim() ? JSON.parse(extra) : {}
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null
  } catch {
    return null
  }
}

/** `extra` with its working-day policy set (or removed); other keys stay as they were. */
export const withWorkingDay = (extra: string, policy: string): string => {
  const parsed = objectOf(extra)
  if (!parsed) {
    return extra
  }
  const { workingDay: _old, ...rest } = parsed
  const next = policy === NONE ? rest : { ...rest, workingDay: policy }
  return Object.keys(next).length === 0 ? '' : JSON.stringify(next)
}

/**
 * 扩展参数: the working-day policy as a choice (工作日日历), the JSON itself below for other keys. A
 * text that is not a JSON object keeps the choice disabled rather than overwriting it.
 */
export const ExtraField = (props: TCustomFieldProps) => {
  const { t } = useTranslation()
  const value = typeof props.value === 'string' ? props.value : ''
  const policy = workingDayPolicyOf(value) ?? NONE
  const editable = objectOf(value) !== null
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
      <TextField
        select
        size="small"
        sx={{ minWidth: 220 }}
        label={t('job.info.workingDay')}
        value={policy}
        disabled={props.disabled || !editable}
        onChange={(e) => props.onChange(withWorkingDay(value, e.target.value))}
      >
        <MenuItem value={NONE}>{t('job.info.workingDayNone')}</MenuItem>
        <MenuItem value={WorkingDayPolicy.ONLY}>{t('job.info.workingDayOnly')}</MenuItem>
        <MenuItem value={WorkingDayPolicy.SHIFT}>{t('job.info.workingDayShift')}</MenuItem>
      </TextField>
      <TextField
        fullWidth
        multiline
        minRows={2}
        size="small"
        name={props.name}
        label={props.label}
        value={value}
        disabled={props.disabled}
        error={props.error}
        helperText={props.helperText}
        onChange={(e) => props.onChange(e.target.value)}
        onBlur={props.onBlur}
      />
    </Stack>
  )
}

import MenuItem from '@mui/material/MenuItem'
import TextField from '@mui/material/TextField'
import { useTranslation } from 'react-i18next'

/** The filter by filling status (1 暂存, 2 待填报, 3 已提交; '' all) of the fillings' lists. */
export const FillingStatusSelect = ({
  value,
  onChange,
}: {
  value: string
  onChange: (status: string) => void
}) => {
  const { t } = useTranslation()
  return (
    <TextField
      select
      size="small"
      label={t('survey.status')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={{ width: 140 }}
    >
      <MenuItem value="">{t('survey.allStatuses')}</MenuItem>
      {[1, 2, 3].map((s) => (
        <MenuItem key={s} value={String(s)}>
          {t(`survey.statuses.${s}`)}
        </MenuItem>
      ))}
    </TextField>
  )
}

import TextField from '@mui/material/TextField'
import { useTranslation } from 'react-i18next'
import { SearchButtons } from '@/components/crud/SearchButtons'

/** The name filter of an appraisal list: applied by 搜索 or Enter; 清空 empties it. */
export const NameSearch = ({
  value,
  onChange,
  onSearch,
  onReset,
  width,
}: {
  /** A fixed width (a toolbar with tabs); the row's room otherwise. */
  width?: number
  value: string
  onChange: (value: string) => void
  onSearch: () => void
  onReset: () => void
}) => {
  const { t } = useTranslation()
  return (
    <>
      <TextField
        size="small"
        sx={width ? { width } : undefined}
        label={t('appraise.field.name')}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => e.key === 'Enter' && onSearch()}
      />
      <SearchButtons
        onSearch={onSearch}
        onReset={() => {
          onChange('')
          onReset()
        }}
      />
    </>
  )
}

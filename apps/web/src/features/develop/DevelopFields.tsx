import { Autocomplete, Box, Button, TextField } from '@mui/material'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { TCustomFieldProps, TValues } from '@/components/crud/types'
import { toast } from '@/lib/notify'
import { developApi } from './developApi'

/**
 * 测试连接 under the data-source form: connects with the settings as typed. When editing, a blank or
 * masked password stands for the stored one, which the server sends only to the saved host and user.
 */
export const TestConnectionButton = ({ values }: { values: TValues }) => {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)
  const test = async () => {
    setBusy(true)
    try {
      await developApi.testConnection(values)
      toast.success(t('develop.datasource.connected'))
    } catch {
      // The client has shown the server's message.
    } finally {
      setBusy(false)
    }
  }
  return (
    <Box sx={{ mt: 2 }}>
      <Button variant="outlined" size="small" disabled={busy || !values.url} onClick={() => void test()}>
        {t('develop.datasource.test')}
      </Button>
    </Box>
  )
}

/**
 * 模型表名: the tables of the chosen data source (table-list), or a name typed by hand (a table the
 * list cannot show, or a user who may not read the source's tables).
 */
export const TableNameField = ({
  name,
  label,
  value,
  onChange,
  onBlur,
  disabled,
  error,
  helperText,
  control,
}: TCustomFieldProps) => {
  const datasourceId = useWatch({ control, name: 'datasourceId' }) as string | undefined
  const tables = useQuery({
    queryKey: ['develop-tables', datasourceId],
    queryFn: () => developApi.tables(datasourceId ?? ''),
    enabled: !!datasourceId && !disabled,
    staleTime: 30_000,
    retry: false,
  })
  const text = typeof value === 'string' ? value : ''
  return (
    <Autocomplete
      freeSolo
      disabled={disabled}
      options={(tables.data ?? []).map((x) => x.name)}
      getOptionLabel={(o) => o}
      renderOption={(props, option) => {
        const comment = tables.data?.find((x) => x.name === option)?.comment
        const { key, ...rest } = props as typeof props & { key: string }
        return (
          <li key={key} {...rest}>
            {comment ? `${option}（${comment}）` : option}
          </li>
        )
      }}
      value={text}
      inputValue={text}
      onInputChange={(_, v) => onChange(v)}
      onChange={(_, v) => onChange(v ?? '')}
      loading={tables.isLoading}
      renderInput={(params) => (
        <TextField
          {...params}
          name={name}
          label={label}
          onBlur={onBlur}
          error={error}
          helperText={helperText}
        />
      )}
    />
  )
}

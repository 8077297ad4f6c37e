import { Autocomplete, TextField } from '@mui/material'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useController } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { TCustomFieldProps } from '@/components/crud/types'
import { appraiseApi } from './appraiseApi'

type TOption = { id: string; label: string }

/**
 * Picks an application (成果) by name instead of typing its id: the applications the user may edit,
 * searched on the server as they type. The form's `resultsName` (answered by the lists) labels the
 * current value.
 */
export const ResultsPicker = ({
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
  const { t } = useTranslation()
  const [input, setInput] = useState('')
  const [search, setSearch] = useState('')
  const current = typeof value === 'string' ? value : ''
  const resultsName = useController({ name: 'resultsName', control })
  useEffect(() => {
    const timer = setTimeout(() => setSearch(input), 300)
    return () => clearTimeout(timer)
  }, [input])
  const options = useQuery({
    queryKey: ['appraise-results-picker', search],
    queryFn: () => appraiseApi.list({ current: 1, size: 20, name: search }),
    enabled: !disabled,
    placeholderData: keepPreviousData,
  })
  const choices: TOption[] = (options.data?.records ?? [])
    .filter((r) => r.canEdit)
    .map((r) => ({ id: r.id, label: r.agreementNumber ? `${r.name}（${r.agreementNumber}）` : r.name }))
  const selected: TOption | null = current
    ? (choices.find((c) => c.id === current) ?? {
        id: current,
        label: String(resultsName.field.value || current),
      })
    : null
  return (
    <Autocomplete
      options={choices}
      value={selected}
      disabled={disabled}
      loading={options.isFetching}
      filterOptions={(x) => x}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(o) => o.label}
      onInputChange={(_e, v, reason) => reason === 'input' && setInput(v)}
      onChange={(_e, v) => {
        onChange(v?.id ?? '')
        resultsName.field.onChange(v?.label ?? '')
      }}
      onBlur={onBlur}
      noOptionsText={t('appraise.noResults')}
      renderInput={(params) => (
        <TextField
          {...params}
          size="small"
          label={label}
          error={error}
          helperText={helperText}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-field': name },
          }}
        />
      )}
    />
  )
}

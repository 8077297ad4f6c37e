import Box from '@mui/material/Box'
import MenuItem from '@mui/material/MenuItem'
import TextField from '@mui/material/TextField'
import { type FormEvent, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DateField } from '@/components/date/DateField'
import { DictSelect } from '@/components/dict/DictSelect'
import { optionLabel } from './cells'
import { SearchButtons } from './SearchButtons'
import type { TField } from './types'

type TProps = {
  fields: TField[]
  /** Width of each control from the `sm` breakpoint (default 180). */
  width?: number
  values: Record<string, string>
  onSearch: (values: Record<string, string>) => void
}

/** The search row of a list; it submits into the URL state. */
export const SearchForm = ({ fields, values, onSearch, width = 180 }: TProps) => {
  const { t } = useTranslation()
  const [draft, setDraft] = useState(values)
  const valuesKey = JSON.stringify(values)
  // biome-ignore lint/correctness/useExhaustiveDependencies: valuesKey stands for values
  useEffect(() => setDraft(values), [valuesKey])

  if (fields.length === 0) {
    return null
  }

  const submit = (e: FormEvent) => {
    e.preventDefault()
    onSearch(draft)
  }
  const reset = () => {
    const empty = Object.fromEntries(fields.map((f) => [f.name, '']))
    setDraft(empty)
    onSearch(empty)
  }
  const set = (name: string, value: string) => setDraft((d) => ({ ...d, [name]: value }))

  return (
    <Box
      component="form"
      onSubmit={submit}
      role="search"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mb: 1.5, alignItems: 'center' }}
    >
      {fields.map((field) => {
        const common = {
          label: t(field.labelKey),
          sx: { width: { xs: '100%', sm: width } },
          name: `search-${field.name}`,
        }
        if (field.kind === 'dict') {
          return (
            <DictSelect
              key={field.name}
              {...common}
              code={field.dictCode ?? ''}
              value={draft[field.name]}
              onChange={(v) => set(field.name, v)}
              allowEmpty
            />
          )
        }
        if (field.kind === 'select') {
          return (
            <TextField
              key={field.name}
              {...common}
              select
              value={draft[field.name] ?? ''}
              onChange={(e) => set(field.name, e.target.value)}
            >
              <MenuItem value="">
                <em>{t('common.pleaseSelect')}</em>
              </MenuItem>
              {(field.options ?? []).map((o) => (
                <MenuItem key={o.value} value={o.value}>
                  {optionLabel(o, t)}
                </MenuItem>
              ))}
            </TextField>
          )
        }
        if (field.kind === 'custom' && field.component) {
          // A custom control (e.g. a server-searched picker) edits the search value as it edits a form field.
          const Control = field.component
          return (
            <Box key={field.name} sx={common.sx}>
              <Control
                name={common.name}
                label={common.label}
                value={draft[field.name] ?? ''}
                onChange={(v) => set(field.name, v === null || v === undefined ? '' : String(v))}
                onBlur={() => undefined}
                disabled={false}
                error={false}
              />
            </Box>
          )
        }
        if (field.kind === 'date' || field.kind === 'month' || field.kind === 'datetime') {
          // The same picker as the dialog's, in the spec's formats and the interface language.
          return (
            <Box key={field.name} sx={common.sx}>
              <DateField
                kind={field.kind}
                name={common.name}
                label={common.label}
                value={draft[field.name]}
                onChange={(v) => set(field.name, v)}
              />
            </Box>
          )
        }
        return (
          <TextField
            key={field.name}
            {...common}
            value={draft[field.name] ?? ''}
            onChange={(e) => set(field.name, e.target.value)}
          />
        )
      })}
      <SearchButtons onReset={reset} />
    </Box>
  )
}

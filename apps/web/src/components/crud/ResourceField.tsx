import MenuItem from '@mui/material/MenuItem'
import TextField from '@mui/material/TextField'
import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense } from 'react'
import { type Control, Controller } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { DateField } from '@/components/date/DateField'
import { DictSelect } from '@/components/dict/DictSelect'
import { REQUIRED_LABEL_CLASS } from '@/components/form/requiredLabel'
import { translateMessage } from '@/lib/i18n/messages'
import { optionLabel } from './cells'
import type { TField, TOption, TValues } from './types'

/** The editor is heavy (tiptap): it loads with the first form that has a rich-text field. */
const RichTextEditor = lazy(async () => ({
  default: (await import('@/components/richtext/RichTextEditor')).RichTextEditor,
}))

type TProps = {
  field: TField
  control: Control<TValues>
  disabled: boolean
  /** Draws the required marker (the dialog reads it from the shared schema). */
  required?: boolean
}

const asText = (v: unknown): string => (v === null || v === undefined ? '' : String(v))
const asList = (v: unknown): string[] =>
  Array.isArray(v) ? v.map(String) : asText(v).split(',').filter(Boolean)

/** The field's choices: loaded ones when it declares a loader, else its fixed options. */
export const useFieldOptions = (field: TField): TOption[] => {
  const loaded = useQuery({
    queryKey: ['field-options', field.loadOptions?.key],
    queryFn: () => field.loadOptions?.load() ?? Promise.resolve([]),
    enabled: !!field.loadOptions,
    staleTime: 60_000,
  })
  return field.loadOptions ? (loaded.data ?? []) : (field.options ?? [])
}

/** One form control of a resource dialog, chosen by the field's kind; its error shows on blur. */
export const ResourceField = ({ field, control, disabled, required = false }: TProps) => {
  const { t } = useTranslation()
  const label = t(field.labelKey)
  const options = useFieldOptions(field)
  return (
    <Controller
      name={field.name}
      control={control}
      render={({ field: f, fieldState }) => {
        const error = !!fieldState.error
        const helperText = fieldState.error?.message ? translateMessage(fieldState.error.message) : undefined
        const common = { name: f.name, onBlur: f.onBlur, disabled, error, helperText, label }
        const marks = required
          ? { inputLabel: { className: REQUIRED_LABEL_CLASS }, htmlInput: { 'aria-required': true } }
          : {}
        const kind = field.kind ?? 'text'
        switch (kind) {
          case 'custom': {
            const Custom = field.component
            return Custom ? (
              <Custom {...common} value={f.value} onChange={f.onChange} control={control} />
            ) : (
              // biome-ignore lint/complexity/noUselessFragments: Controller's render must return an element
              <></>
            )
          }
          case 'dict':
            return (
              <DictSelect
                {...common}
                code={field.dictCode ?? ''}
                value={asText(f.value)}
                onChange={f.onChange}
                inputRef={f.ref}
                slotProps={marks}
              />
            )
          case 'multiselect': {
            // Stored as the platform's comma string of ids (roleId: "1,2").
            const labels = new Map(options.map((o) => [o.value, optionLabel(o, t).trim()]))
            return (
              <TextField
                {...common}
                select
                value={asList(f.value)}
                onChange={(e) => f.onChange(asList(e.target.value).join(','))}
                inputRef={f.ref}
                slotProps={{
                  ...marks,
                  select: {
                    multiple: true,
                    renderValue: (v) => (v as string[]).map((id) => labels.get(id) ?? id).join(', '),
                  },
                }}
              >
                {options.map((o) => (
                  <MenuItem key={o.value} value={o.value}>
                    {optionLabel(o, t)}
                  </MenuItem>
                ))}
              </TextField>
            )
          }
          case 'password':
            return (
              <TextField
                {...common}
                type="password"
                autoComplete="new-password"
                slotProps={marks}
                value={asText(f.value)}
                onChange={f.onChange}
                inputRef={f.ref}
              />
            )
          case 'select':
            return (
              <TextField
                {...common}
                select
                value={asText(f.value)}
                onChange={f.onChange}
                inputRef={f.ref}
                slotProps={marks}
              >
                {options.map((o) => (
                  <MenuItem key={o.value} value={o.value}>
                    {optionLabel(o, t)}
                  </MenuItem>
                ))}
              </TextField>
            )
          case 'date':
          case 'month':
          case 'datetime':
            return (
              <DateField
                {...common}
                kind={kind}
                value={asText(f.value)}
                onChange={f.onChange}
                markRequired={required}
                inputRef={f.ref}
              />
            )
          case 'richtext':
            return (
              <Suspense fallback={null}>
                <RichTextEditor
                  {...common}
                  rows={field.rows}
                  value={asText(f.value)}
                  onChange={f.onChange}
                  labelClassName={required ? REQUIRED_LABEL_CLASS : undefined}
                />
              </Suspense>
            )
          case 'textarea':
            return (
              <TextField
                {...common}
                multiline
                minRows={field.rows ?? 3}
                slotProps={marks}
                value={asText(f.value)}
                onChange={f.onChange}
                inputRef={f.ref}
              />
            )
          case 'number':
            return (
              <TextField
                {...common}
                type="number"
                slotProps={marks}
                value={asText(f.value)}
                onChange={f.onChange}
                inputRef={f.ref}
              />
            )
          default:
            return (
              <TextField
                {...common}
                value={asText(f.value)}
                onChange={f.onChange}
                inputRef={f.ref}
                slotProps={marks}
              />
            )
        }
      }}
    />
  )
}

import Autocomplete from '@mui/material/Autocomplete'
import TextField from '@mui/material/TextField'
import { ProcessorType } from '@ysjs/shared'
import { BUILT_IN_PROCESSORS } from '@ysjs/shared/job'
import { useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { TCustomFieldProps } from '@/components/crud/types'

const NAMES = Object.keys(BUILT_IN_PROCESSORS)

/**
 * 处理器参数: for a built-in processor (type 1) the names the worker registers, each with what it does;
 * for an external one (type 4) the `[METHOD ]URL` it calls. Free text either way (the server decides).
 */
export const ProcessorInfoField = (props: TCustomFieldProps) => {
  const { t } = useTranslation()
  const type = useWatch({ control: props.control, name: 'processorType' })
  const builtIn = String(type ?? '') === String(ProcessorType.BUILT_IN)
  const value = typeof props.value === 'string' ? props.value : ''
  return (
    <Autocomplete
      freeSolo
      disabled={props.disabled}
      options={builtIn ? NAMES : []}
      value={value}
      inputValue={value}
      onInputChange={(_e, v) => props.onChange(v)}
      onChange={(_e, v) => props.onChange(v ?? '')}
      renderOption={({ key, ...li }, name) => (
        <li key={key} {...li}>
          {name} — {t(`job.processor.${name}`)}
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          name={props.name}
          label={props.label}
          error={props.error}
          onBlur={props.onBlur}
          placeholder={builtIn ? 'publish-notices' : 'POST http://127.0.0.1:8080/callback'}
          helperText={
            props.helperText ??
            (builtIn && NAMES.includes(value)
              ? t(`job.processor.${value}`)
              : builtIn
                ? undefined
                : t('job.info.externalHint'))
          }
        />
      )}
    />
  )
}

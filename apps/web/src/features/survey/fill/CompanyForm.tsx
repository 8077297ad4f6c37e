import MenuItem from '@mui/material/MenuItem'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import { useQuery } from '@tanstack/react-query'
import { SurveyMsg, ZCompanySubmitSchema } from '@ysjs/shared'
import { useController, useFormContext } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { FormText } from '@/components/form/Fields'
import { REQUIRED_LABEL_CLASS } from '@/components/form/requiredLabel'
import { useRequired } from '@/components/form/ZodFormProvider'
import { translateMessage } from '@/lib/i18n/messages'
import { fillApi, provinceOptions } from '../surveyApi'

/** The company form's rule: the shared one, and 行业领域 required when the survey asks for it. */
export const companySchema = (isIndustry: boolean) =>
  ZCompanySubmitSchema.extend({
    industryField: ZCompanySubmitSchema.shape.industryField.refine((ids) => !isIndustry || ids !== '', {
      message: SurveyMsg.INDUSTRY,
    }),
  })
export type TCompanyValues = z.input<ReturnType<typeof companySchema>>
export type TCompanyData = z.output<ReturnType<typeof companySchema>>

const useProvinces = () =>
  useQuery({
    queryKey: ['survey-provinces'],
    queryFn: () =>
      provinceOptions().catch((error: unknown) => {
        // Spec section 8: a province list failure is only logged.
        console.warn('province list', error)
        return []
      }),
    staleTime: Number.POSITIVE_INFINITY,
  })

/** 省份: its code, and its name beside it in the form. */
const ProvinceField = ({ label, disabled }: { label: string; disabled: boolean }) => {
  const provinces = useProvinces()
  const { setValue } = useFormContext<TCompanyValues>()
  const { field } = useController<TCompanyValues, 'provinceCode'>({ name: 'provinceCode' })
  return (
    <TextField
      select
      label={label}
      name={field.name}
      inputRef={field.ref}
      value={typeof field.value === 'string' ? field.value : ''}
      onChange={(e) => {
        field.onChange(e.target.value)
        setValue('provinceName', provinces.data?.find((p) => p.code === e.target.value)?.name ?? null)
      }}
      onBlur={field.onBlur}
      disabled={disabled}
      size="small"
      sx={{ width: 200, flexShrink: 0 }}
    >
      <MenuItem value="">—</MenuItem>
      {(provinces.data ?? []).map((p) => (
        <MenuItem key={p.code} value={p.code}>
          {p.name}
        </MenuItem>
      ))}
    </TextField>
  )
}

/** 行业领域: several industry fields, kept comma-joined as the column holds them. */
const IndustryField = ({ label, disabled }: { label: string; disabled: boolean }) => {
  const industries = useQuery({ queryKey: ['survey-industries'], queryFn: fillApi.industries })
  const { field, fieldState } = useController<TCompanyValues, 'industryField'>({ name: 'industryField' })
  const required = useRequired('industryField')
  const chosen = typeof field.value === 'string' && field.value ? field.value.split(',') : []
  const names = new Map((industries.data ?? []).map((i) => [i.id, i.name]))
  const message = fieldState.error?.message
  return (
    <TextField
      select
      label={label}
      name={field.name}
      inputRef={field.ref}
      value={chosen}
      onChange={(e) => {
        // A multiple select answers its list (typed as its value's string).
        const v: unknown = e.target.value
        field.onChange((Array.isArray(v) ? v.map(String) : String(v).split(',')).filter(Boolean).join(','))
      }}
      onBlur={field.onBlur}
      error={!!message}
      helperText={message ? translateMessage(message) : undefined}
      disabled={disabled}
      size="small"
      slotProps={{
        inputLabel: { className: required ? REQUIRED_LABEL_CLASS : undefined },
        select: {
          multiple: true,
          // Leaving the list is leaving the field: its message shows then (spec section 5).
          onClose: field.onBlur,
          renderValue: (v) => (Array.isArray(v) ? v : []).map((id) => names.get(String(id)) ?? id).join('、'),
        },
      }}
    >
      {(industries.data ?? []).map((i) => (
        <MenuItem key={i.id} value={i.id}>
          {i.name}
        </MenuItem>
      ))}
    </TextField>
  )
}

/**
 * 单位信息 (fields of the enclosing form): name, province plus address, contact, phone, postcode, and
 * 行业领域 when the survey asks. Each field's message shows under it once left (spec section 5).
 */
export const CompanyForm = ({ isIndustry, disabled }: { isIndustry: boolean; disabled: boolean }) => {
  const { t } = useTranslation()
  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      <FormText name="name" label={t('survey.companyName')} disabled={disabled} size="small" />
      <Stack direction="row" spacing={2}>
        <ProvinceField label={t('survey.province')} disabled={disabled} />
        <FormText
          name="address"
          label={t('survey.address')}
          disabled={disabled}
          size="small"
          sx={{ flex: 1, minWidth: 0 }}
        />
      </Stack>
      <Stack direction="row" spacing={2}>
        <FormText name="contact" label={t('survey.contact')} disabled={disabled} size="small" />
        <FormText name="phone" label={t('survey.phone')} disabled={disabled} size="small" />
        <FormText name="email" label={t('survey.postcode')} disabled={disabled} size="small" />
      </Stack>
      {isIndustry && <IndustryField label={t('survey.industryField')} disabled={disabled} />}
    </Stack>
  )
}

import MenuItem from '@mui/material/MenuItem'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import { useQuery } from '@tanstack/react-query'
import { SurveyMsg, type TCompany } from '@ysjs/shared'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { fillApi, provinceOptions } from '../surveyApi'

export type TCompanyValues = Omit<TCompany, 'id' | 'isIndustry'> & { id: string | null }

/** 单位信息: name, province plus address, contact, phone, postcode, and 行业领域 when the survey asks. */
export const CompanyForm = ({
  value,
  onChange,
  isIndustry,
  disabled,
}: {
  value: TCompanyValues
  onChange: (next: TCompanyValues) => void
  isIndustry: boolean
  disabled: boolean
}) => {
  const { t } = useTranslation()
  const provinces = useQuery({
    queryKey: ['survey-provinces'],
    queryFn: () =>
      provinceOptions().catch((error: unknown) => {
        // Spec section 8: a province list failure is only logged.
        console.warn('province list', error)
        return []
      }),
    staleTime: Number.POSITIVE_INFINITY,
  })
  const industries = useQuery({
    queryKey: ['survey-industries'],
    queryFn: fillApi.industries,
    enabled: isIndustry,
  })
  const set = (patch: Partial<TCompanyValues>) => onChange({ ...value, ...patch })
  // Spec section 5: a required field's message shows once the field has been left.
  const [left, setLeft] = useState<{ name?: boolean; industry?: boolean }>({})
  const nameError = left.name && !value.name.trim() ? SurveyMsg.COMPANY_NAME : null
  const industryError = left.industry && isIndustry && !value.industryField ? SurveyMsg.INDUSTRY : null
  const chosen = value.industryField ? value.industryField.split(',') : []
  const names = new Map((industries.data ?? []).map((i) => [i.id, i.name]))

  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      <TextField
        label={t('survey.companyName')}
        required
        value={value.name}
        onChange={(e) => set({ name: e.target.value })}
        onBlur={() => setLeft((l) => ({ ...l, name: true }))}
        error={!!nameError}
        helperText={nameError}
        disabled={disabled}
        size="small"
      />
      <Stack direction="row" spacing={2}>
        <TextField
          select
          label={t('survey.province')}
          value={value.provinceCode ?? ''}
          onChange={(e) =>
            set({
              provinceCode: e.target.value,
              provinceName: provinces.data?.find((p) => p.code === e.target.value)?.name ?? null,
            })
          }
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
        <TextField
          label={t('survey.address')}
          value={value.address ?? ''}
          onChange={(e) => set({ address: e.target.value })}
          disabled={disabled}
          size="small"
          sx={{ flex: 1, minWidth: 0 }}
        />
      </Stack>
      <Stack direction="row" spacing={2}>
        <TextField
          label={t('survey.contact')}
          value={value.contact ?? ''}
          onChange={(e) => set({ contact: e.target.value })}
          disabled={disabled}
          size="small"
        />
        <TextField
          label={t('survey.phone')}
          value={value.phone ?? ''}
          onChange={(e) => set({ phone: e.target.value })}
          disabled={disabled}
          size="small"
        />
        <TextField
          label={t('survey.postcode')}
          value={value.email ?? ''}
          onChange={(e) => set({ email: e.target.value })}
          disabled={disabled}
          size="small"
        />
      </Stack>
      {isIndustry && (
        <TextField
          select
          label={t('survey.industryField')}
          required
          value={chosen}
          onChange={(e) => {
            // A multiple select answers its list (typed as its value's string).
            const v: unknown = e.target.value
            set({
              industryField: (Array.isArray(v) ? v.map(String) : String(v).split(','))
                .filter(Boolean)
                .join(','),
            })
          }}
          onBlur={() => setLeft((l) => ({ ...l, industry: true }))}
          error={!!industryError}
          helperText={industryError}
          disabled={disabled}
          size="small"
          slotProps={{
            select: {
              multiple: true,
              onClose: () => setLeft((l) => ({ ...l, industry: true })),
              renderValue: (v) => (v as string[]).map((id) => names.get(id) ?? id).join('、'),
            },
          }}
        >
          {(industries.data ?? []).map((i) => (
            <MenuItem key={i.id} value={i.id}>
              {i.name}
            </MenuItem>
          ))}
        </TextField>
      )}
    </Stack>
  )
}

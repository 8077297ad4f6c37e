import MenuItem from '@mui/material/MenuItem'
import TextField from '@mui/material/TextField'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import type { TCustomFieldProps } from '@/components/crud/types'
import { fetchPackageOptions } from '../tenant-package/tenantPackageApi'

/** A tenant's product package: one of the packages, or none (the default menus). */
export const PackageSelect = ({ value, onChange, ...rest }: TCustomFieldProps) => {
  const { t } = useTranslation()
  const options = useQuery({ queryKey: ['tenant-package', 'select'], queryFn: fetchPackageOptions })
  return (
    <TextField
      {...rest}
      select
      fullWidth
      value={typeof value === 'string' ? value : ''}
      onChange={(e) => onChange(e.target.value)}
    >
      <MenuItem value="">{t('system.tenant.none')}</MenuItem>
      {(options.data ?? []).map((p) => (
        <MenuItem key={p.id} value={p.id}>
          {p.packageName}
        </MenuItem>
      ))}
    </TextField>
  )
}

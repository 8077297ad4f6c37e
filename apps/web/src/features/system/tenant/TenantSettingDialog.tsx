import Stack from '@mui/material/Stack'
import { UNLIMITED_ACCOUNTS, ZTenantSettingSchema } from '@ysjs/shared'
import { useTranslation } from 'react-i18next'
import { FormDate, FormText } from '@/components/form/Fields'
import { FormDialog } from '@/components/form/FormDialog'
import { useZodForm } from '@/components/form/useZodForm'
import { toast } from '@/lib/notify'
import { saveTenantSetting, type TTenantDialogProps } from './tenantApi'

/** 授权配置: the account quota (-1 unlimited) and the expiry (empty: never) of one tenant. */
export const TenantSettingDialog = ({ tenant, onClose, onSaved }: TTenantDialogProps) => {
  const { t } = useTranslation()
  const form = useZodForm(ZTenantSettingSchema, {
    defaultValues: {
      accountNumber: String(tenant.accountNumber ?? UNLIMITED_ACCOUNTS),
      expireTime: tenant.expireTime ?? '',
    },
  })
  const save = form.submit(async (values) => {
    await saveTenantSetting(tenant.id, String(values.accountNumber), values.expireTime ?? '')
    toast.success(t('msg.operateSuccess'))
    onSaved()
  })
  const busy = form.formState.isSubmitting
  return (
    <FormDialog
      form={form}
      id="tenant-setting-title"
      title={t('system.tenant.settingTitle', { name: tenant.tenantName })}
      onSubmit={save}
      onClose={onClose}
      busy={busy}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormText
          name="accountNumber"
          type="number"
          label={t('system.tenant.accountNumber')}
          helperText={t('system.tenant.accountHint')}
          disabled={busy}
        />
        <FormDate
          kind="datetime"
          name="expireTime"
          label={t('system.tenant.expireTime')}
          helperText={t('system.tenant.expireHint')}
          disabled={busy}
        />
      </Stack>
    </FormDialog>
  )
}

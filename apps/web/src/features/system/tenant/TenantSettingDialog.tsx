import { zodResolver } from '@hookform/resolvers/zod'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import { UNLIMITED_ACCOUNTS, ZTenantSettingSchema } from '@ysjs/shared'
import { Controller, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { DateField } from '@/components/date/DateField'
import { translateMessage } from '@/lib/i18n/messages'
import { toast } from '@/lib/notify'
import { saveTenantSetting, type TTenantRow } from './tenantApi'

type TForm = { accountNumber: string; expireTime: string }

/** 授权配置: the account quota (-1 unlimited) and the expiry (empty: never) of one tenant. */
export const TenantSettingDialog = ({
  tenant,
  onClose,
  onSaved,
}: {
  tenant: TTenantRow
  onClose: () => void
  onSaved: () => void
}) => {
  const { t } = useTranslation()
  const { control, handleSubmit, formState } = useForm<TForm>({
    resolver: zodResolver(ZTenantSettingSchema) as never,
    mode: 'onBlur',
    defaultValues: {
      accountNumber: String(tenant.accountNumber ?? UNLIMITED_ACCOUNTS),
      expireTime: tenant.expireTime ?? '',
    },
  })
  const save = async (values: TForm) => {
    try {
      await saveTenantSetting(tenant.id, String(values.accountNumber), values.expireTime ?? '')
    } catch {
      return
    }
    toast.success(t('msg.operateSuccess'))
    onSaved()
  }
  const busy = formState.isSubmitting
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="tenant-setting-title"
    >
      <form
        noValidate
        onSubmit={handleSubmit(save, (errors) => {
          const first = errors.accountNumber?.message ?? errors.expireTime?.message
          if (first) {
            toast.warning(translateMessage(first))
          }
        })}
      >
        <DialogTitle id="tenant-setting-title">
          {t('system.tenant.settingTitle', { name: tenant.tenantName })}
        </DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Controller
              name="accountNumber"
              control={control}
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  type="number"
                  label={t('system.tenant.accountNumber')}
                  error={!!fieldState.error}
                  helperText={
                    fieldState.error?.message
                      ? translateMessage(fieldState.error.message)
                      : t('system.tenant.accountHint')
                  }
                  disabled={busy}
                />
              )}
            />
            <Controller
              name="expireTime"
              control={control}
              render={({ field, fieldState }) => (
                <DateField
                  kind="datetime"
                  name={field.name}
                  label={t('system.tenant.expireTime')}
                  value={field.value ?? ''}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  disabled={busy}
                  error={!!fieldState.error}
                  helperText={
                    fieldState.error?.message
                      ? translateMessage(fieldState.error.message)
                      : t('system.tenant.expireHint')
                  }
                />
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {t('common.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  )
}

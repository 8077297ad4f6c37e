import { zodResolver } from '@hookform/resolvers/zod'
import Button from '@mui/material/Button'
import Grid from '@mui/material/Grid'
import TextField from '@mui/material/TextField'
import { useQueryClient } from '@tanstack/react-query'
import {
  type TUserInfo,
  type TUserInfoUpdate,
  type TUserInfoUpdateInput,
  ZUserInfoUpdateSchema,
} from '@ysjs/shared'
import { Controller, type FieldErrors, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { DateField } from '@/components/date/DateField'
import { DictSelect } from '@/components/dict/DictSelect'
import { FormTextField } from '@/components/form/FormTextField'
import { firstErrorMessage } from '@/components/form/formErrors'
import { translateMessage } from '@/lib/i18n/messages'
import { toast } from '@/lib/notify'
import { updateSessionUser } from '@/lib/session/session'
import { USER_INFO_KEY, updateUserInfo } from '../api/userApi'
import { AvatarUpload } from '../components/AvatarUpload'

const ORDER = ['name', 'realName', 'phone', 'email', 'birthday', 'sex', 'avatar']

const toForm = (info: TUserInfo): TUserInfoUpdateInput => ({
  name: info.name ?? '',
  realName: info.realName ?? '',
  avatar: info.avatar ?? '',
  email: info.email ?? '',
  phone: info.phone ?? '',
  birthday: info.birthday?.slice(0, 10) ?? '',
  sex: info.sex === null || info.sex === undefined || info.sex < 0 ? '' : String(info.sex),
})

export const ProfileForm = ({ info }: { info: TUserInfo }) => {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const { control, handleSubmit, formState } = useForm<TUserInfoUpdateInput, unknown, TUserInfoUpdate>({
    resolver: zodResolver(ZUserInfoUpdateSchema),
    mode: 'onBlur',
    values: toForm(info),
  })
  const busy = formState.isSubmitting

  const onValid = async (values: TUserInfoUpdate) => {
    try {
      await updateUserInfo(values)
    } catch {
      return
    }
    toast.success(t('msg.operateSuccess'))
    // The header, the home page and the lock screen show the new name and picture at once.
    updateSessionUser({
      nick_name: values.name,
      real_name: values.realName ?? '',
      avatar: values.avatar ?? '',
    })
    await queryClient.invalidateQueries({ queryKey: USER_INFO_KEY })
  }
  const onInvalid = (errors: FieldErrors<TUserInfoUpdateInput>) => {
    const message = firstErrorMessage(errors, ORDER)
    if (message) {
      toast.warning(message)
    }
  }

  return (
    <form onSubmit={handleSubmit(onValid, onInvalid)} noValidate aria-label={t('user.profile')}>
      <Grid container spacing={2}>
        <Grid size={12}>
          <Controller
            name="avatar"
            control={control}
            render={({ field }) => (
              <AvatarUpload
                value={typeof field.value === 'string' ? field.value : ''}
                onChange={field.onChange}
                disabled={busy}
              />
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField label={t('user.account')} value={info.account} disabled />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField label={t('user.tenantName')} value={info.tenantName ?? ''} disabled />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={control} name="name" label={t('user.name')} disabled={busy} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={control} name="realName" label={t('user.realName')} disabled={busy} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={control} name="phone" label={t('user.phone')} disabled={busy} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={control} name="email" label={t('user.email')} disabled={busy} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Controller
            name="birthday"
            control={control}
            render={({ field, fieldState }) => (
              <DateField
                label={t('user.birthday')}
                name={field.name}
                value={typeof field.value === 'string' ? field.value : ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                disabled={busy}
                error={!!fieldState.error}
                helperText={
                  fieldState.error?.message ? translateMessage(fieldState.error.message) : undefined
                }
              />
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Controller
            name="sex"
            control={control}
            render={({ field }) => (
              <DictSelect
                code="sex"
                label={t('user.sex')}
                value={field.value === undefined ? '' : String(field.value)}
                onChange={field.onChange}
                onBlur={field.onBlur}
                disabled={busy}
                allowEmpty
              />
            )}
          />
        </Grid>
        <Grid size={12}>
          <Button type="submit" variant="contained" disabled={busy}>
            {t('common.save')}
          </Button>
        </Grid>
      </Grid>
    </form>
  )
}

import Button from '@mui/material/Button'
import Grid from '@mui/material/Grid'
import TextField from '@mui/material/TextField'
import { useQueryClient } from '@tanstack/react-query'
import { type TUserInfo, type TUserInfoUpdateInput, ZUserInfoUpdateSchema } from '@ysjs/shared'
import { Controller } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { FormDate, FormDict, FormText } from '@/components/form/Fields'
import { keepFocus } from '@/components/form/requiredLabel'
import { useZodForm } from '@/components/form/useZodForm'
import { ZodFormProvider } from '@/components/form/ZodFormProvider'
import { toast } from '@/lib/notify'
import { updateSessionUser } from '@/lib/session/session'
import { USER_INFO_KEY, updateUserInfo } from '../api/userApi'
import { AvatarUpload } from '../components/AvatarUpload'

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
  const form = useZodForm(ZUserInfoUpdateSchema, { values: toForm(info) })
  const busy = form.formState.isSubmitting

  const save = form.submit(async (values) => {
    await updateUserInfo(values)
    toast.success(t('msg.operateSuccess'))
    // The header, the home page and the lock screen show the new name and picture at once.
    updateSessionUser({
      nick_name: values.name,
      real_name: values.realName ?? '',
      avatar: values.avatar ?? '',
    })
    await queryClient.invalidateQueries({ queryKey: USER_INFO_KEY })
  })

  return (
    <ZodFormProvider form={form}>
      <form onSubmit={save} noValidate aria-label={t('user.profile')}>
        <Grid container spacing={2}>
          <Grid size={12}>
            <Controller
              name="avatar"
              control={form.control}
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
            <FormText name="name" label={t('user.name')} disabled={busy} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormText name="realName" label={t('user.realName')} disabled={busy} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormText name="phone" label={t('user.phone')} disabled={busy} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormText name="email" label={t('user.email')} disabled={busy} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormDate name="birthday" label={t('user.birthday')} disabled={busy} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormDict code="sex" name="sex" label={t('user.sex')} disabled={busy} allowEmpty />
          </Grid>
          <Grid size={12}>
            <Button type="submit" variant="contained" disabled={busy} {...keepFocus}>
              {t('common.save')}
            </Button>
          </Grid>
        </Grid>
      </form>
    </ZodFormProvider>
  )
}

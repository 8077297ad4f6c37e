import { zodResolver } from '@hookform/resolvers/zod'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import { type TLoginForm, ZLoginFormSchema } from '@ysjs/shared'
import { useEffect, useMemo, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { FormTextField } from '@/components/form/FormTextField'
import { firstErrorMessage } from '@/components/form/formErrors'
import { useWebConfig } from '@/lib/config/webConfig'
import { toast } from '@/lib/notify'
import { WELCOME_PATH } from '@/lib/session/tabs'
import { loginByPassword } from '../api/authApi'
import { completeLogin, preloadShell } from '../api/session'
import { useCaptcha } from '../hooks/useCaptcha'
import { asksForCaptcha } from './captchaGate'

const FIELD_ORDER = ['tenantId', 'username', 'password', 'code']

/** The login form: the shared schema, plus the captcha when the server asks for one. */
const loginSchema = (captchaRequiredMessage: string | null) =>
  captchaRequiredMessage === null
    ? ZLoginFormSchema
    : ZLoginFormSchema.superRefine((v, ctx) => {
        if (!v.code) {
          ctx.addIssue({ code: 'custom', path: ['code'], message: captchaRequiredMessage })
        }
      })

export const LoginForm = ({ tenantId, showTenant }: { tenantId: string; showTenant: boolean }) => {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { captchaEnabled } = useWebConfig()
  // The server may ask for a captcha even when the web config has it off (failures from elsewhere).
  const [captchaAsked, setCaptchaAsked] = useState(false)
  const showCaptcha = captchaEnabled || captchaAsked
  const { captcha, refresh } = useCaptcha(showCaptcha)
  const schema = useMemo(() => loginSchema(showCaptcha ? t('auth.captchaRequired') : null), [showCaptcha, t])
  const { control, handleSubmit, setValue, setFocus, formState } = useForm<TLoginForm>({
    resolver: zodResolver(schema),
    mode: 'onBlur',
    values: { tenantId, username: '', password: '', code: '' },
    resetOptions: { keepDirtyValues: true },
  })

  const busy = formState.isSubmitting
  useEffect(() => {
    if (captchaAsked && !busy) {
      setFocus('code')
    }
  }, [captchaAsked, busy, setFocus])

  const onValid = async (values: TLoginForm) => {
    preloadShell()
    const sentCaptcha = showCaptcha && captcha !== undefined
    try {
      const res = await loginByPassword({
        tenantId: values.tenantId,
        username: values.username,
        password: values.password,
        captcha: sentCaptcha ? { key: captcha.key, code: values.code ?? '' } : undefined,
      })
      completeLogin(res)
      navigate(WELCOME_PATH, { replace: true })
    } catch (error) {
      // The HTTP client has shown the server's error_description; nothing was stored. A captcha is
      // good for one attempt: the next one needs a new image.
      if (showCaptcha) {
        setValue('code', '')
        refresh()
      } else if (asksForCaptcha(error, sentCaptcha)) {
        setCaptchaAsked(true)
      }
    }
  }

  const onInvalid = (errors: Parameters<typeof firstErrorMessage>[0]) => {
    const message = firstErrorMessage(errors, FIELD_ORDER)
    if (message) {
      toast.warning(message)
    }
  }

  return (
    <Box
      component="form"
      noValidate
      onSubmit={handleSubmit(onValid, onInvalid)}
      // Typing means a login is coming: fetch the layout's code now, not after the click.
      onInput={preloadShell}
      aria-label={t('auth.login')}
    >
      <Stack spacing={2}>
        {showTenant && (
          <FormTextField
            control={control}
            name="tenantId"
            label={t('auth.tenantId')}
            disabled={busy}
            autoComplete="organization"
          />
        )}
        <FormTextField
          control={control}
          name="username"
          label={t('auth.username')}
          disabled={busy}
          autoComplete="username"
          autoFocus
        />
        <FormTextField
          control={control}
          name="password"
          type="password"
          label={t('auth.password')}
          disabled={busy}
          autoComplete="current-password"
        />
        {showCaptcha && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <FormTextField
              control={control}
              name="code"
              label={t('auth.captcha')}
              disabled={busy}
              autoComplete="off"
            />
            <Box
              component="img"
              src={captcha?.image}
              alt={t('auth.captcha')}
              title={t('auth.captchaRefresh')}
              data-testid="captcha-image"
              onClick={refresh}
              sx={{
                height: 40,
                width: 108,
                flexShrink: 0,
                cursor: 'pointer',
                borderRadius: 1,
                border: 1,
                borderColor: 'divider',
              }}
            />
          </Stack>
        )}
        <Button type="submit" variant="contained" size="large" disabled={busy} fullWidth>
          {busy ? t('auth.loggingIn') : t('auth.login')}
        </Button>
      </Stack>
    </Box>
  )
}

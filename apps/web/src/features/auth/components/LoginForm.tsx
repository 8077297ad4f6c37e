import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import { type TLoginForm, ZLoginFormSchema } from '@ysjs/shared'
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { OutlinedField } from '@/components/form/OutlinedField'
import { useWebConfig } from '@/lib/config/webConfig'
import { translateMessage } from '@/lib/i18n/messages'
import { toast } from '@/lib/notify'
import { WELCOME_PATH } from '@/lib/session/tabs'
import { loginByPassword } from '../api/authApi'
import { completeLogin, preloadShell } from '../api/session'
import { useCaptcha } from '../hooks/useCaptcha'
import { asksForCaptcha } from './captchaGate'

type TField = keyof TLoginForm
type TValues = Record<TField, string>
type TErrors = Partial<Record<TField, string>>

const FIELD_ORDER: TField[] = ['tenantId', 'username', 'password', 'code']

/** The login form: the shared schema, plus the captcha when the server asks for one. */
const loginSchema = (captchaRequiredMessage: string | null) =>
  captchaRequiredMessage === null
    ? ZLoginFormSchema
    : ZLoginFormSchema.superRefine((v, ctx) => {
        if (!v.code) {
          ctx.addIssue({ code: 'custom', path: ['code'], message: captchaRequiredMessage })
        }
      })

/** Every field's first message, in the form's field order. */
const errorsOf = (schema: ReturnType<typeof loginSchema>, values: TValues): TErrors => {
  const result = schema.safeParse(values)
  const errors: TErrors = {}
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0] as TField
    errors[field] ??= issue.message
  }
  return errors
}

/**
 * The login form. It holds its four fields in plain state and checks them with the shared schema
 * (on leaving a field, on every change once a submit was tried, and on submit) instead of going
 * through react-hook-form: the login route has a JavaScript budget (bench/web.mjs) and the form
 * library is the largest thing only this form would load before the layout.
 */
export const LoginForm = ({ tenantId, showTenant }: { tenantId: string; showTenant: boolean }) => {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { captchaEnabled } = useWebConfig()
  // The server may ask for a captcha even when the web config has it off (failures from elsewhere).
  const [captchaAsked, setCaptchaAsked] = useState(false)
  const showCaptcha = captchaEnabled || captchaAsked
  const { captcha, refresh } = useCaptcha(showCaptcha)
  const schema = useMemo(() => loginSchema(showCaptcha ? t('auth.captchaRequired') : null), [showCaptcha, t])
  const [values, setValues] = useState<TValues>({ tenantId, username: '', password: '', code: '' })
  const [errors, setErrors] = useState<TErrors>({})
  const [tried, setTried] = useState(false)
  const [busy, setBusy] = useState(false)
  const tenantEdited = useRef(false)
  const inputs = useRef<Partial<Record<TField, HTMLInputElement | null>>>({})

  // The tenant comes from the domain once it is known, unless the user typed one meanwhile.
  useEffect(() => {
    if (!tenantEdited.current) {
      setValues((v) => ({ ...v, tenantId }))
    }
  }, [tenantId])

  useEffect(() => {
    if (captchaAsked && !busy) {
      inputs.current.code?.focus()
    }
  }, [captchaAsked, busy])

  const check = (next: TValues, field: TField) =>
    setErrors((e) => ({ ...e, [field]: errorsOf(schema, next)[field] }))

  const change = (field: TField, value: string) => {
    if (field === 'tenantId') {
      tenantEdited.current = true
    }
    const next = { ...values, [field]: value }
    setValues(next)
    if (tried) {
      check(next, field)
    }
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setTried(true)
    const found = errorsOf(schema, values)
    setErrors(found)
    const first = FIELD_ORDER.find((f) => found[f])
    if (first) {
      inputs.current[first]?.focus()
      toast.warning(found[first]!)
      return
    }
    preloadShell()
    const sentCaptcha = showCaptcha && captcha !== undefined
    setBusy(true)
    try {
      const res = await loginByPassword({
        tenantId: values.tenantId.trim(),
        username: values.username.trim(),
        password: values.password,
        captcha: sentCaptcha ? { key: captcha.key, code: values.code.trim() } : undefined,
      })
      completeLogin(res)
      navigate(WELCOME_PATH, { replace: true })
    } catch (error) {
      // The HTTP client has shown the server's error_description; nothing was stored. A captcha is
      // good for one attempt: the next one needs a new image.
      if (showCaptcha) {
        setValues((v) => ({ ...v, code: '' }))
        refresh()
      } else if (asksForCaptcha(error, sentCaptcha)) {
        setCaptchaAsked(true)
      }
    } finally {
      setBusy(false)
    }
  }

  const field = (name: TField) => ({
    name,
    value: values[name],
    inputRef: (el: HTMLInputElement | null) => {
      inputs.current[name] = el
    },
    onChange: (e: { target: { value: string } }) => change(name, e.target.value),
    onBlur: () => check(values, name),
    error: !!errors[name],
    helperText: errors[name] ? translateMessage(errors[name]) : undefined,
    disabled: busy,
  })

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      // Typing means a login is coming: fetch the layout's code now, not after the click.
      onInput={preloadShell}
      aria-label={t('auth.login')}
    >
      <Stack spacing={2}>
        {showTenant && (
          <OutlinedField {...field('tenantId')} label={t('auth.tenantId')} autoComplete="organization" />
        )}
        <OutlinedField {...field('username')} label={t('auth.username')} autoComplete="username" autoFocus />
        <OutlinedField
          {...field('password')}
          type="password"
          label={t('auth.password')}
          autoComplete="current-password"
        />
        {showCaptcha && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <OutlinedField {...field('code')} label={t('auth.captcha')} autoComplete="off" />
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

import FactCheckIcon from '@mui/icons-material/FactCheck'
import KeyIcon from '@mui/icons-material/Key'
import LockOpenIcon from '@mui/icons-material/LockOpen'
import PersonAddAltIcon from '@mui/icons-material/ManageAccounts'
import SettingsIcon from '@mui/icons-material/Settings'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import IconButton from '@mui/material/IconButton'
import MenuItem from '@mui/material/MenuItem'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Tooltip from '@mui/material/Tooltip'
import Typography from '@mui/material/Typography'
import { useQuery } from '@tanstack/react-query'
import {
  PERMISSIONS,
  UserMsg,
  UserStatus,
  ZUserAuditCompanySchema,
  ZUserAuditPassQuerySchema,
  ZUserAuditRefuseSchema,
  ZUserGrantQuerySchema,
  ZUserPlatformSchema,
} from '@ysjs/shared'
import { useMemo, useState } from 'react'
import { useController } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { useConfirm } from '@/components/confirm/ConfirmProvider'
import type { TScreenActions } from '@/components/crud/CrudScreen'
import { useFieldOptions } from '@/components/crud/ResourceField'
import { FormDict, FormText } from '@/components/form/Fields'
import { FormDialog } from '@/components/form/FormDialog'
import { keepFocus, REQUIRED_LABEL_CLASS } from '@/components/form/requiredLabel'
import { useZodForm } from '@/components/form/useZodForm'
import { useRequired, ZodFormProvider } from '@/components/form/ZodFormProvider'
import { translateMessage } from '@/lib/i18n/messages'
import { toast } from '@/lib/notify'
import { useSession } from '@/lib/session/session'
import { AccessPreview } from '../authority/components/AccessPreview'
import { type TUserRow, userActions } from './userApi'
import { ROLE_OPTIONS } from './userResource'

const useCan = () => {
  const permissions = useSession((s) => s.permissions)
  return (code: string) => permissions[code] === true
}

/** Runs an action; the HTTP client already toasted a failure. */
const run = async (action: () => Promise<unknown>): Promise<boolean> => {
  try {
    await action()
    return true
  } catch {
    return false
  }
}

/** A multi-select of the tenant's roles, a field of the enclosing form (its message under it). */
const RoleSelect = ({ name, label }: { name: string; label: string }) => {
  const options = useFieldOptions({ name: 'roles', labelKey: label, loadOptions: ROLE_OPTIONS })
  const labels = new Map(options.map((o) => [o.value, (o.label ?? '').trim()]))
  const { field, fieldState } = useController({ name })
  const required = useRequired(name)
  const value: string[] = Array.isArray(field.value) ? field.value.map(String) : []
  return (
    <TextField
      select
      fullWidth
      label={label}
      name="roleIds"
      inputRef={field.ref}
      value={value}
      // No role is '' (an id list's empty value): an approval with a member unit needs none.
      onChange={(e) => {
        const chosen: unknown = e.target.value
        field.onChange(Array.isArray(chosen) && chosen.length ? chosen : '')
      }}
      onBlur={field.onBlur}
      error={!!fieldState.error}
      helperText={fieldState.error?.message ? translateMessage(fieldState.error.message) : undefined}
      slotProps={{
        inputLabel: { className: required ? REQUIRED_LABEL_CLASS : undefined },
        select: {
          multiple: true,
          renderValue: (v) =>
            (Array.isArray(v) ? v : []).map((id) => labels.get(String(id)) ?? id).join(', '),
        },
      }}
    >
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  )
}

/** The form's action buttons: done, a success toast and the caller's refresh. */
const useDone = (onDone: () => void) => {
  const { t } = useTranslation()
  return () => {
    toast.success(t('msg.operateSuccess'))
    onDone()
  }
}

const GrantDialog = ({
  userIds,
  onClose,
  onDone,
}: {
  userIds: string[]
  onClose: () => void
  onDone: () => void
}) => {
  const { t } = useTranslation()
  const done = useDone(onDone)
  const form = useZodForm(ZUserGrantQuerySchema, { defaultValues: { userIds, roleIds: '' } })
  const roles = form.watch('roleIds')
  const roleIds = Array.isArray(roles) ? roles.map(String) : []
  const busy = form.formState.isSubmitting
  const save = form.submit(async (data) => {
    await userActions.grant(userIds, data.roleIds)
    done()
  })
  return (
    <FormDialog
      form={form}
      id="grant-title"
      title={t('sysOrg.user.grant')}
      onSubmit={save}
      onClose={onClose}
      busy={busy}
      maxWidth="sm"
      submitLabel={t('common.confirm')}
    >
      <RoleSelect name="roleIds" label={t('sysOrg.user.roleId')} />
      {roleIds.length > 0 && (
        <Box sx={{ mt: 2 }}>
          <AccessPreview request={{ kind: 'userRoles', userIds, roleIds }} />
        </Box>
      )}
    </FormDialog>
  )
}

const NEW_UNIT = 'new'

/** 审核通过 needs roles or a member unit (a user without either cannot sign in); a new unit needs its name. */
const ZAuditPassForm = ZUserAuditPassQuerySchema.extend({ unitChoice: z.string() }).superRefine((v, ctx) => {
  if (!v.roleIds?.length && !v.unitChoice) {
    ctx.addIssue({ code: 'custom', path: ['roleIds'], message: UserMsg.ROLE })
  }
})

/**
 * Approve (with roles: a user without one cannot sign in) or refuse (with a reason) a registration.
 * Bound to a member unit (a company dept, chosen or created), the user gets the member role instead.
 * Each button checks with its own schema: the refusal its reason, the company approval its account.
 */
const AuditDialog = ({
  row,
  onClose,
  onDone,
}: {
  row: TUserRow
  onClose: () => void
  onDone: () => void
}) => {
  const { t } = useTranslation()
  const done = useDone(onDone)
  const companies = useQuery({ queryKey: ['audit-companies'], queryFn: userActions.companies, retry: false })
  const passForm = useMemo(
    () =>
      ZAuditPassForm.superRefine((v, ctx) => {
        if (v.unitChoice === NEW_UNIT && !v.unitName) {
          ctx.addIssue({ code: 'custom', path: ['unitName'], message: t('sysOrg.user.auditUnitName') })
        }
      }),
    [t],
  )
  const form = useZodForm(
    ZUserAuditCompanySchema.extend({ userIds: z.unknown(), reason: z.unknown(), unitChoice: z.unknown() }),
    {
      defaultValues: {
        id: row.id,
        userIds: row.id,
        roleIds: row.roleId ? row.roleId.split(',') : '',
        reason: row.auditReason ?? '',
        account: row.account ?? '',
        password: '',
        unitChoice: '',
        unitId: '',
        unitName: '',
      },
    },
  )
  const unitChoice = form.watch('unitChoice')
  const busy = form.formState.isSubmitting
  const chooseUnit = (choice: string) => {
    form.setValue('unitChoice', choice)
    form.setValue('unitId', choice === NEW_UNIT ? '' : choice)
    if (choice !== NEW_UNIT) {
      form.setValue('unitName', '')
    }
  }
  const unitOf = (v: { unitId?: string; unitName?: string }) =>
    v.unitName ? { unitName: v.unitName } : v.unitId ? { unitId: v.unitId } : {}
  const pass = form.submit(async (v) => {
    const checked = passForm.parse(v)
    await userActions.auditPass([row.id], checked.roleIds ?? [], unitOf(checked))
    done()
  }, passForm)
  const refuse = form.submit(async () => {
    await userActions.auditRefuse([row.id], String(form.getValues('reason')).trim())
    done()
  }, ZUserAuditRefuseSchema)
  const company = form.submit(async (v) => {
    await userActions.auditPassCompany({
      id: row.id,
      account: v.account,
      password: v.password,
      roleIds: v.roleIds ?? [],
      ...unitOf(v),
    })
    done()
  })
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="audit-title">
      <DialogTitle id="audit-title">{t('sysOrg.user.audit')}</DialogTitle>
      <DialogContent dividers>
        <ZodFormProvider form={form}>
          <Stack spacing={2}>
            <Typography variant="body2">
              {t('sysOrg.user.account')}: {row.account} · {t('sysOrg.user.nickname')}: {row.name ?? ''}
            </Typography>
            <RoleSelect name="roleIds" label={t('sysOrg.user.auditRoles')} />
            <TextField
              select
              label={t('sysOrg.user.auditUnit')}
              name="auditUnit"
              value={String(unitChoice ?? '')}
              onChange={(e) => chooseUnit(e.target.value)}
              helperText={t('sysOrg.user.auditUnitHint')}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value="">{t('sysOrg.user.auditUnitNone')}</MenuItem>
              {(companies.data ?? []).map((d) => (
                <MenuItem key={d.id} value={d.id}>
                  {d.fullName || d.deptName}
                </MenuItem>
              ))}
              <MenuItem value={NEW_UNIT}>{t('sysOrg.user.auditUnitNew')}</MenuItem>
            </TextField>
            {unitChoice === NEW_UNIT && (
              <FormText
                name="unitName"
                label={t('sysOrg.user.auditUnitName')}
                htmlInput={{ maxLength: 45, name: 'auditUnitName' }}
              />
            )}
            <FormText
              name="reason"
              label={t('sysOrg.user.auditReason')}
              multiline
              minRows={2}
              htmlInput={{ maxLength: 255 }}
            />
            <Typography variant="caption" color="text.secondary">
              {t('sysOrg.user.auditCompanyHint')}
            </Typography>
            <Stack direction="row" spacing={2}>
              <FormText
                name="account"
                label={t('sysOrg.user.auditAccount')}
                htmlInput={{ maxLength: 45, name: 'auditAccount' }}
              />
              <FormText
                name="password"
                label={t('sysOrg.user.auditPassword')}
                type="password"
                autoComplete="new-password"
                htmlInput={{ maxLength: 64, name: 'auditPassword' }}
              />
            </Stack>
          </Stack>
        </ZodFormProvider>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button color="error" onClick={() => void refuse()} disabled={busy} {...keepFocus}>
          {t('sysOrg.user.auditRefuse')}
        </Button>
        <Button variant="outlined" onClick={() => void company()} disabled={busy} {...keepFocus}>
          {t('sysOrg.user.auditCompany')}
        </Button>
        <Button variant="contained" onClick={() => void pass()} disabled={busy} {...keepFocus}>
          {t('sysOrg.user.auditPass')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}

/** 平台配置: the user's extension for one platform (web, app, other), which its tokens carry. */
const PlatformDialog = ({ userId, onClose }: { userId: string; onClose: () => void }) => {
  const { t } = useTranslation()
  const done = useDone(onClose)
  const detail = useQuery({
    queryKey: ['user', 'platform', userId],
    queryFn: () => userActions.platformDetail(userId),
    staleTime: 0,
  })
  const form = useZodForm(ZUserPlatformSchema, {
    values: { userId, userType: String(detail.data?.userType ?? '1'), userExt: detail.data?.userExt ?? '' },
  })
  const busy = form.formState.isSubmitting
  const save = form.submit(async (v) => {
    await userActions.updatePlatform(userId, String(v.userType), v.userExt ?? '')
    done()
  })
  return (
    <FormDialog
      form={form}
      id="platform-title"
      title={t('sysOrg.user.platform')}
      onSubmit={save}
      onClose={onClose}
      busy={busy}
      maxWidth="sm"
      submitDisabled={detail.isLoading}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormDict
          code="user_type"
          label={t('sysOrg.user.userType')}
          name="userType"
          disabled={detail.isLoading}
        />
        <FormText
          label={t('sysOrg.user.userExt')}
          name="userExt"
          multiline
          minRows={3}
          disabled={detail.isLoading}
          htmlInput={{ maxLength: 255 }}
        />
      </Stack>
    </FormDialog>
  )
}

/** Toolbar of the user list: role grant, password reset and unlock on the selected users. */
export const UserActions = ({ selectedIds, refresh }: TScreenActions) => {
  const { t } = useTranslation()
  const can = useCan()
  const confirm = useConfirm()
  const [granting, setGranting] = useState<string[] | null>(null)
  const [platform, setPlatform] = useState<string | null>(null)
  const needSelection = () => {
    if (!selectedIds.length) {
      toast.warning(t('msg.selectAtLeastOne'))
      return true
    }
    return false
  }
  const confirmed = async (message: string, action: () => Promise<unknown>) => {
    if (needSelection() || !(await confirm({ message }))) {
      return
    }
    if (await run(action)) {
      toast.success(t('msg.operateSuccess'))
      await refresh()
    }
  }
  const openPlatform = () => {
    if (needSelection()) {
      return
    }
    if (selectedIds.length > 1) {
      toast.warning(t('sysOrg.user.selectOne'))
      return
    }
    setPlatform(selectedIds[0] ?? null)
  }
  const buttons = [
    {
      code: PERMISSIONS.userRole,
      icon: <PersonAddAltIcon />,
      label: 'sysOrg.user.grant',
      onClick: () => !needSelection() && setGranting(selectedIds),
    },
    {
      code: PERMISSIONS.userReset,
      icon: <KeyIcon />,
      label: 'sysOrg.user.reset',
      onClick: () =>
        void confirmed(t('sysOrg.user.resetConfirm'), () => userActions.resetPassword(selectedIds)),
    },
    {
      code: PERMISSIONS.userUnlock,
      icon: <LockOpenIcon />,
      label: 'sysOrg.user.unlock',
      onClick: () => void confirmed(t('sysOrg.user.unlockConfirm'), () => userActions.unlock(selectedIds)),
    },
    {
      code: PERMISSIONS.userPlatform,
      icon: <SettingsIcon />,
      label: 'sysOrg.user.platform',
      onClick: openPlatform,
    },
  ]
  return (
    <>
      {buttons
        .filter((b) => can(b.code))
        .map((b) => (
          <Button key={b.code} variant="outlined" startIcon={b.icon} onClick={b.onClick}>
            {t(b.label)}
          </Button>
        ))}
      {platform && <PlatformDialog userId={platform} onClose={() => setPlatform(null)} />}
      {granting && (
        <GrantDialog
          userIds={granting}
          onClose={() => setGranting(null)}
          onDone={() => {
            setGranting(null)
            void refresh()
          }}
        />
      )}
    </>
  )
}

/** The review button of a pending or refused registration. */
export const UserRowActions = ({ row, refresh }: TScreenActions & { row: TUserRow }) => {
  const { t } = useTranslation()
  const can = useCan()
  const [open, setOpen] = useState(false)
  if (
    !can(PERMISSIONS.userAudit) ||
    (row.status !== UserStatus.PENDING && row.status !== UserStatus.REFUSED)
  ) {
    return null
  }
  return (
    <>
      <Tooltip title={t('sysOrg.user.audit')}>
        <IconButton
          size="small"
          color="warning"
          aria-label={t('sysOrg.user.audit')}
          onClick={() => setOpen(true)}
        >
          <FactCheckIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {open && (
        <AuditDialog
          row={row}
          onClose={() => setOpen(false)}
          onDone={() => {
            setOpen(false)
            void refresh()
          }}
        />
      )}
    </>
  )
}

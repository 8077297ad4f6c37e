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
import { PERMISSIONS, UserMsg, UserStatus, ZUserAuditCompanySchema } from '@ysjs/shared'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useConfirm } from '@/components/confirm/ConfirmProvider'
import type { TScreenActions } from '@/components/crud/CrudScreen'
import { useFieldOptions } from '@/components/crud/ResourceField'
import { DictSelect } from '@/components/dict/DictSelect'
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

/** A multi-select of the tenant's roles. */
const RoleSelect = ({
  value,
  onChange,
  label,
}: {
  value: string[]
  onChange: (v: string[]) => void
  label: string
}) => {
  const options = useFieldOptions({ name: 'roles', labelKey: label, loadOptions: ROLE_OPTIONS })
  const labels = new Map(options.map((o) => [o.value, (o.label ?? '').trim()]))
  return (
    <TextField
      select
      fullWidth
      label={label}
      name="roleIds"
      value={value}
      onChange={(e) => onChange(e.target.value as unknown as string[])}
      slotProps={{
        select: {
          multiple: true,
          renderValue: (v) => (v as string[]).map((id) => labels.get(id) ?? id).join(', '),
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
  const [roles, setRoles] = useState<string[]>([])
  const [busy, setBusy] = useState(false)
  const save = async () => {
    if (!roles.length) {
      toast.warning(UserMsg.ROLE)
      return
    }
    setBusy(true)
    const ok = await run(() => userActions.grant(userIds, roles))
    setBusy(false)
    if (ok) {
      toast.success(t('msg.operateSuccess'))
      onDone()
    }
  }
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="grant-title">
      <DialogTitle id="grant-title">{t('sysOrg.user.grant')}</DialogTitle>
      <DialogContent dividers>
        <RoleSelect value={roles} onChange={setRoles} label={t('sysOrg.user.roleId')} />
        {roles.length > 0 && (
          <Box sx={{ mt: 2 }}>
            <AccessPreview request={{ kind: 'userRoles', userIds, roleIds: roles }} />
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy}>
          {t('common.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}

const NEW_UNIT = 'new'

/**
 * Approve (with roles: a user without one cannot sign in) or refuse (with a reason) a registration.
 * Bound to a member unit (a company dept, chosen or created), the user gets the member role instead.
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
  const [roles, setRoles] = useState<string[]>(row.roleId ? row.roleId.split(',') : [])
  const [reason, setReason] = useState(row.auditReason ?? '')
  const [account, setAccount] = useState(row.account ?? '')
  const [password, setPassword] = useState('')
  const [unitChoice, setUnitChoice] = useState('')
  const [unitName, setUnitName] = useState('')
  const [busy, setBusy] = useState(false)
  const companies = useQuery({ queryKey: ['audit-companies'], queryFn: userActions.companies, retry: false })
  const unit =
    unitChoice === NEW_UNIT ? { unitName: unitName.trim() } : unitChoice ? { unitId: unitChoice } : {}
  const act = async (kind: 'pass' | 'refuse' | 'company') => {
    if (kind !== 'refuse' && !roles.length && !unitChoice) {
      toast.warning(UserMsg.ROLE)
      return
    }
    if (kind !== 'refuse' && unitChoice === NEW_UNIT && !unitName.trim()) {
      toast.warning(t('sysOrg.user.auditUnitName'))
      return
    }
    if (kind === 'refuse' && !reason.trim()) {
      toast.warning(UserMsg.AUDIT_REASON)
      return
    }
    const company = { id: row.id, account: account.trim(), password, roleIds: roles, ...unit }
    if (kind === 'company') {
      const checked = ZUserAuditCompanySchema.safeParse(company)
      if (!checked.success) {
        toast.warning(checked.error.issues[0]?.message ?? UserMsg.ACCOUNT)
        return
      }
    }
    setBusy(true)
    const ok = await run(() =>
      kind === 'pass'
        ? userActions.auditPass([row.id], roles, unit)
        : kind === 'company'
          ? userActions.auditPassCompany(company)
          : userActions.auditRefuse([row.id], reason.trim()),
    )
    setBusy(false)
    if (ok) {
      toast.success(t('msg.operateSuccess'))
      onDone()
    }
  }
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="audit-title">
      <DialogTitle id="audit-title">{t('sysOrg.user.audit')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography variant="body2">
            {t('sysOrg.user.account')}: {row.account} · {t('sysOrg.user.nickname')}: {row.name ?? ''}
          </Typography>
          <RoleSelect value={roles} onChange={setRoles} label={t('sysOrg.user.auditRoles')} />
          <TextField
            select
            label={t('sysOrg.user.auditUnit')}
            name="auditUnit"
            value={unitChoice}
            onChange={(e) => setUnitChoice(e.target.value)}
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
            <TextField
              label={t('sysOrg.user.auditUnitName')}
              name="auditUnitName"
              value={unitName}
              onChange={(e) => setUnitName(e.target.value)}
              slotProps={{ htmlInput: { maxLength: 45 } }}
            />
          )}
          <TextField
            label={t('sysOrg.user.auditReason')}
            name="reason"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 255 } }}
          />
          <Typography variant="caption" color="text.secondary">
            {t('sysOrg.user.auditCompanyHint')}
          </Typography>
          <Stack direction="row" spacing={2}>
            <TextField
              label={t('sysOrg.user.auditAccount')}
              name="auditAccount"
              value={account}
              onChange={(e) => setAccount(e.target.value)}
              fullWidth
              slotProps={{ htmlInput: { maxLength: 45 } }}
            />
            <TextField
              label={t('sysOrg.user.auditPassword')}
              name="auditPassword"
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              fullWidth
              slotProps={{ htmlInput: { maxLength: 64 } }}
            />
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button color="error" onClick={() => void act('refuse')} disabled={busy}>
          {t('sysOrg.user.auditRefuse')}
        </Button>
        <Button variant="outlined" onClick={() => void act('company')} disabled={busy}>
          {t('sysOrg.user.auditCompany')}
        </Button>
        <Button variant="contained" onClick={() => void act('pass')} disabled={busy}>
          {t('sysOrg.user.auditPass')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}

/** 平台配置: the user's extension for one platform (web, app, other), which its tokens carry. */
const PlatformDialog = ({ userId, onClose }: { userId: string; onClose: () => void }) => {
  const { t } = useTranslation()
  const detail = useQuery({
    queryKey: ['user', 'platform', userId],
    queryFn: () => userActions.platformDetail(userId),
    staleTime: 0,
  })
  const [userType, setUserType] = useState<string | null>(null)
  const [userExt, setUserExt] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const type = userType ?? String(detail.data?.userType ?? '1')
  const ext = userExt ?? detail.data?.userExt ?? ''
  const save = async () => {
    setBusy(true)
    const ok = await run(() => userActions.updatePlatform(userId, type, ext))
    setBusy(false)
    if (ok) {
      toast.success(t('msg.operateSuccess'))
      onClose()
    }
  }
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="platform-title"
    >
      <DialogTitle id="platform-title">{t('sysOrg.user.platform')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <DictSelect
            code="user_type"
            label={t('sysOrg.user.userType')}
            name="userType"
            value={type}
            onChange={setUserType}
            disabled={detail.isLoading}
          />
          <TextField
            label={t('sysOrg.user.userExt')}
            name="userExt"
            value={ext}
            onChange={(e) => setUserExt(e.target.value)}
            multiline
            minRows={3}
            disabled={detail.isLoading}
            slotProps={{ htmlInput: { maxLength: 255 } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy || detail.isLoading}>
          {t('common.save')}
        </Button>
      </DialogActions>
    </Dialog>
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
  return (
    <>
      {can(PERMISSIONS.userRole) && (
        <Button
          variant="outlined"
          startIcon={<PersonAddAltIcon />}
          onClick={() => !needSelection() && setGranting(selectedIds)}
        >
          {t('sysOrg.user.grant')}
        </Button>
      )}
      {can(PERMISSIONS.userReset) && (
        <Button
          variant="outlined"
          startIcon={<KeyIcon />}
          onClick={() =>
            void confirmed(t('sysOrg.user.resetConfirm'), () => userActions.resetPassword(selectedIds))
          }
        >
          {t('sysOrg.user.reset')}
        </Button>
      )}
      {can(PERMISSIONS.userUnlock) && (
        <Button
          variant="outlined"
          startIcon={<LockOpenIcon />}
          onClick={() =>
            void confirmed(t('sysOrg.user.unlockConfirm'), () => userActions.unlock(selectedIds))
          }
        >
          {t('sysOrg.user.unlock')}
        </Button>
      )}
      {can(PERMISSIONS.userPlatform) && (
        <Button
          variant="outlined"
          startIcon={<SettingsIcon />}
          onClick={() => {
            if (needSelection()) {
              return
            }
            if (selectedIds.length > 1) {
              toast.warning(t('sysOrg.user.selectOne'))
              return
            }
            setPlatform(selectedIds[0] ?? null)
          }}
        >
          {t('sysOrg.user.platform')}
        </Button>
      )}
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

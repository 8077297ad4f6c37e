import CheckCircleIcon from '@mui/icons-material/CheckCircle'
import Inventory2Icon from '@mui/icons-material/Inventory2'
import RestoreFromTrashIcon from '@mui/icons-material/RestoreFromTrash'
import SettingsIcon from '@mui/icons-material/Settings'
import IconButton from '@mui/material/IconButton'
import Tooltip from '@mui/material/Tooltip'
import { useQueryClient } from '@tanstack/react-query'
import { DEFAULT_TENANT_ID, TenantStatus } from '@ysjs/shared'
import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useConfirm } from '@/components/confirm/ConfirmProvider'
import { CrudScreen } from '@/components/crud/CrudScreen'
import { toast } from '@/lib/notify'
import { useSession } from '@/lib/session/session'
import { TenantPackageDialog } from './TenantPackageDialog'
import { TenantSettingDialog } from './TenantSettingDialog'
import { passTenant, recycleTenant, type TTenantRow } from './tenantApi'
import { tenantResource } from './tenantResource'

type TOpen = { kind: 'setting' | 'package'; tenant: TTenantRow } | null

/** 租户管理: the generic screen plus licence (quota, expiry), package, pass and recycle per row. */
export const TenantPage = () => {
  const { t } = useTranslation()
  const confirm = useConfirm()
  const queryClient = useQueryClient()
  const permissions = useSession((s) => s.permissions)
  const [open, setOpen] = useState<TOpen>(null)
  const can = (code: string) => !!permissions[code]
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['tenant'] })

  const act = async (tenant: TTenantRow, action: 'pass' | 'recycle') => {
    const message = t(action === 'pass' ? 'system.tenant.passConfirm' : 'system.tenant.recycleConfirm', {
      name: tenant.tenantName,
    })
    if (!(await confirm({ message }))) {
      return
    }
    try {
      await (action === 'pass' ? passTenant(tenant.id) : recycleTenant(tenant.id))
    } catch {
      return
    }
    toast.success(t('msg.operateSuccess'))
    await refresh()
  }

  const button = (key: string, title: string, icon: ReactNode, onClick: () => void) => (
    <Tooltip key={key} title={title}>
      <IconButton size="small" color="primary" aria-label={title} onClick={onClick}>
        {icon}
      </IconButton>
    </Tooltip>
  )

  const actions = [
    can('tenant_setting'),
    can('tenant_package'),
    can('tenant_pass') || can('tenant_recycle'),
  ].filter(Boolean).length

  return (
    <>
      <CrudScreen
        resource={tenantResource}
        rowButtonsWidth={36 * actions}
        rowButtons={(row) => (
          <>
            {can('tenant_setting') &&
              button('setting', t('system.tenant.setting'), <SettingsIcon fontSize="small" />, () =>
                setOpen({ kind: 'setting', tenant: row }),
              )}
            {can('tenant_package') &&
              button('package', t('system.tenant.package'), <Inventory2Icon fontSize="small" />, () =>
                setOpen({ kind: 'package', tenant: row }),
              )}
            {row.tenantId !== DEFAULT_TENANT_ID &&
              row.status === TenantStatus.NORMAL &&
              can('tenant_recycle') &&
              button(
                'recycle',
                t('system.tenant.recycle'),
                <RestoreFromTrashIcon fontSize="small" />,
                () => void act(row, 'recycle'),
              )}
            {row.status !== TenantStatus.NORMAL &&
              can('tenant_pass') &&
              button(
                'pass',
                t('system.tenant.pass'),
                <CheckCircleIcon fontSize="small" />,
                () => void act(row, 'pass'),
              )}
          </>
        )}
      />
      {open?.kind === 'setting' && (
        <TenantSettingDialog
          tenant={open.tenant}
          onClose={() => setOpen(null)}
          onSaved={() => {
            setOpen(null)
            void refresh()
          }}
        />
      )}
      {open?.kind === 'package' && (
        <TenantPackageDialog
          tenant={open.tenant}
          onClose={() => setOpen(null)}
          onSaved={() => {
            setOpen(null)
            void refresh()
          }}
        />
      )}
    </>
  )
}

import CheckCircleIcon from '@mui/icons-material/CheckCircle'
import Inventory2Icon from '@mui/icons-material/Inventory2'
import RestoreFromTrashIcon from '@mui/icons-material/RestoreFromTrash'
import SettingsIcon from '@mui/icons-material/Settings'
import { useQueryClient } from '@tanstack/react-query'
import { DEFAULT_TENANT_ID, PERMISSIONS, TenantStatus } from '@ysjs/shared'
import { type ComponentType, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useConfirm } from '@/components/confirm/ConfirmProvider'
import { CrudScreen } from '@/components/crud/CrudScreen'
import { toast } from '@/lib/notify'
import { useSession } from '@/lib/session/session'
import { TenantPackageDialog } from './TenantPackageDialog'
import { TenantSettingDialog } from './TenantSettingDialog'
import { passTenant, recycleTenant, type TTenantDialogProps, type TTenantRow } from './tenantApi'
import { tenantResource } from './tenantResource'

/** The open licence or package dialog and its tenant. */
type TOpen = { Dialog: ComponentType<TTenantDialogProps>; tenant: TTenantRow } | null

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

  return (
    <>
      <CrudScreen
        resource={tenantResource}
        rowItemsMax={3}
        rowItems={(row) => [
          {
            key: 'setting',
            label: t('system.tenant.setting'),
            Icon: SettingsIcon,
            allowed: can(PERMISSIONS.tenantSetting),
            onClick: () => setOpen({ Dialog: TenantSettingDialog, tenant: row }),
          },
          {
            key: 'package',
            label: t('system.tenant.package'),
            Icon: Inventory2Icon,
            allowed: can(PERMISSIONS.tenantPackage),
            onClick: () => setOpen({ Dialog: TenantPackageDialog, tenant: row }),
          },
          {
            key: 'recycle',
            label: t('system.tenant.recycle'),
            Icon: RestoreFromTrashIcon,
            danger: true,
            allowed:
              row.tenantId !== DEFAULT_TENANT_ID &&
              row.status === TenantStatus.NORMAL &&
              can(PERMISSIONS.tenantRecycle),
            onClick: () => void act(row, 'recycle'),
          },
          {
            key: 'pass',
            label: t('system.tenant.pass'),
            Icon: CheckCircleIcon,
            allowed: row.status !== TenantStatus.NORMAL && can(PERMISSIONS.tenantPass),
            onClick: () => void act(row, 'pass'),
          },
        ]}
      />
      {open && (
        <open.Dialog
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

import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings'
import PolicyIcon from '@mui/icons-material/Policy'
import Button from '@mui/material/Button'
import { useQuery } from '@tanstack/react-query'
import { PERMISSIONS, RolePermissions } from '@ysjs/shared'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CrudScreen } from '@/components/crud/CrudScreen'
import { useSession } from '@/lib/session/session'
import { roleApi, type TRoleRow } from '../api/authorityApi'
import { parentOptions, roleResource } from '../resources'
import { ExplainDialog } from './ExplainDialog'
import { RoleGrantDialog } from './RoleGrantDialog'

/** 角色管理: the role tree, its form, 权限设置 (grant with change preview) and 权限解释. */
export const RolePage = () => {
  const { t } = useTranslation()
  const permissions = useSession((s) => s.permissions)
  const [granting, setGranting] = useState<TRoleRow | null>(null)
  const [explaining, setExplaining] = useState(false)
  const all = useQuery({
    queryKey: ['role', 'options'],
    queryFn: () => roleApi.list({ current: 1, size: 1000, search: {} }),
  })
  const resource = useMemo(
    () => roleResource(parentOptions(all.data?.records ?? [], (r: TRoleRow) => r.roleName)),
    [all.data],
  )
  // The server asks for the role (or user) menu; the session only lists button codes, so any button of
  // the role screen stands for it.
  const canExplain = [RolePermissions.view, RolePermissions.grant, PERMISSIONS.userView].some(
    (c) => permissions[c],
  )
  return (
    <>
      <CrudScreen
        resource={resource}
        rowActions={[
          {
            key: 'grant',
            primary: true,
            label: t('authority.role.grant'),
            Icon: AdminPanelSettingsIcon,
            permission: RolePermissions.grant,
            onClick: setGranting,
          },
        ]}
        toolbar={
          canExplain && (
            <Button variant="outlined" startIcon={<PolicyIcon />} onClick={() => setExplaining(true)}>
              {t('authority.explain.open')}
            </Button>
          )
        }
      />
      {granting && <RoleGrantDialog key={granting.id} role={granting} onClose={() => setGranting(null)} />}
      {explaining && <ExplainDialog onClose={() => setExplaining(false)} />}
    </>
  )
}

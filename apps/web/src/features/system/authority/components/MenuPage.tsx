import ApiIcon from '@mui/icons-material/Api'
import FilterAltIcon from '@mui/icons-material/FilterAlt'
import { useQuery } from '@tanstack/react-query'
import { ApiScopePermissions, DataScopePermissions } from '@ysjs/shared'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CrudScreen } from '@/components/crud/CrudScreen'
import { useSession } from '@/lib/session/session'
import { menuOnlyApi, type TMenuRow, type TScopeKind } from '../api/authorityApi'
import { menuResource, parentOptions, scopeMenuResource } from '../resources'
import { MenuScopesDialog } from './MenuScopesDialog'

const useScopeActions = () => {
  const { t } = useTranslation()
  const permissions = useSession((s) => s.permissions)
  const [open, setOpen] = useState<{ kind: TScopeKind; menu: TMenuRow } | null>(null)
  const actions = (kinds: TScopeKind[]) =>
    kinds.map((kind) => ({
      key: `${kind}-scopes`,
      label: t(kind === 'data' ? 'authority.menu.dataScopes' : 'authority.menu.apiScopes'),
      Icon: kind === 'data' ? FilterAltIcon : ApiIcon,
      allowed: !!permissions[kind === 'data' ? DataScopePermissions.setting : ApiScopePermissions.setting],
      onClick: (menu: TMenuRow) => setOpen({ kind, menu }),
    }))
  const dialog = open && <MenuScopesDialog kind={open.kind} menu={open.menu} onClose={() => setOpen(null)} />
  return { actions, dialog }
}

/** 菜单管理: the menu tree with its buttons, and the data and API scopes of each menu. */
export const MenuPage = () => {
  const menus = useQuery({
    queryKey: ['menu', 'options'],
    queryFn: () => menuOnlyApi.list({ current: 1, size: 1000, search: {} }),
  })
  const resource = useMemo(
    () => menuResource(parentOptions(menus.data?.records ?? [], (m: TMenuRow) => m.name)),
    [menus.data],
  )
  const scopes = useScopeActions()
  return (
    <>
      <CrudScreen resource={resource} rowActions={scopes.actions(['data', 'api'])} />
      {scopes.dialog}
    </>
  )
}

const scopeMenus = scopeMenuResource()

/** 数据权限 / 接口权限 (the platform's screens): the menus, each with its scopes. */
export const ScopeMenusPage = ({ kind }: { kind: TScopeKind }) => {
  const scopes = useScopeActions()
  return (
    <>
      <CrudScreen resource={scopeMenus} rowActions={scopes.actions([kind])} />
      {scopes.dialog}
    </>
  )
}
export const DataScopePage = () => <ScopeMenusPage kind="data" />
export const ApiScopePage = () => <ScopeMenusPage kind="api" />

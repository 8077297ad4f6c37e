import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { CrudScreen } from '@/components/crud/CrudScreen'
import type { TMenuRow, TScopeKind } from '../api/authorityApi'
import { scopeResource } from '../resources'

/** The data or API scopes of one menu: list, add, edit, delete (administrator only on the server). */
export const MenuScopesDialog = ({
  kind,
  menu,
  onClose,
}: {
  kind: TScopeKind
  menu: TMenuRow
  onClose: () => void
}) => {
  const { t } = useTranslation()
  const resource = useMemo(() => scopeResource(kind, menu), [kind, menu])
  const title = t('authority.scope.of', {
    kind: t(kind === 'data' ? 'authority.menu.dataScopes' : 'authority.menu.apiScopes'),
    menu: menu.name,
  })
  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth aria-labelledby="scopes-title">
      <DialogTitle id="scopes-title">{title}</DialogTitle>
      <DialogContent dividers>
        <CrudScreen resource={resource} urlPrefix="s" />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  )
}

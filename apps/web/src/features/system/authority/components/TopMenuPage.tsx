import SettingsIcon from '@mui/icons-material/Settings'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import LinearProgress from '@mui/material/LinearProgress'
import { useQuery } from '@tanstack/react-query'
import { TopMenuPermissions } from '@ysjs/shared'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CrudScreen } from '@/components/crud/CrudScreen'
import { toast } from '@/lib/notify'
import { grantApi, type TTopMenuRow } from '../api/authorityApi'
import { topMenuResource } from '../resources'
import { CheckTree } from './CheckTree'
import { fromStored, indexTree, toSubmit } from './checkTree'

const TopMenuGrantDialog = ({ top, onClose }: { top: TTopMenuRow; onClose: () => void }) => {
  const { t } = useTranslation()
  const tree = useQuery({ queryKey: ['grant-top-tree'], queryFn: grantApi.topTree, staleTime: 0 })
  const keys = useQuery({
    queryKey: ['top-keys', top.id],
    queryFn: () => grantApi.topKeys([top.id]),
    staleTime: 0,
  })
  const index = useMemo(() => indexTree(tree.data?.menu ?? []), [tree.data])
  const [edited, setEdited] = useState<Set<string> | null>(null)
  const [saving, setSaving] = useState(false)
  const checked = edited ?? fromStored(index, keys.data?.menu ?? [])
  const save = async () => {
    setSaving(true)
    try {
      await grantApi.topGrant({ topMenuIds: [top.id], menuIds: toSubmit(index, checked) })
    } catch {
      setSaving(false)
      return
    }
    toast.success(t('msg.operateSuccess'))
    onClose()
  }
  const loading = !tree.data || !keys.data
  return (
    <Dialog
      open
      onClose={saving ? undefined : onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="top-grant-title"
    >
      <DialogTitle id="top-grant-title">{t('authority.topmenu.grantTitle', { name: top.name })}</DialogTitle>
      {loading && <LinearProgress />}
      <DialogContent dividers sx={{ minHeight: 300 }}>
        {!loading && (
          <CheckTree
            nodes={tree.data?.menu ?? []}
            index={index}
            checked={checked}
            onChange={setEdited}
            disabled={saving}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={saving || loading}>
          {t('common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}

/** 顶部菜单: top menus of the tenant, each with the menus it offers. */
export const TopMenuPage = () => {
  const { t } = useTranslation()
  const [granting, setGranting] = useState<TTopMenuRow | null>(null)
  return (
    <>
      <CrudScreen
        resource={topMenuResource}
        rowActions={[
          {
            key: 'grant',
            primary: true,
            label: t('authority.topmenu.grant'),
            Icon: SettingsIcon,
            permission: TopMenuPermissions.grant,
            onClick: setGranting,
          },
        ]}
      />
      {granting && <TopMenuGrantDialog key={granting.id} top={granting} onClose={() => setGranting(null)} />}
    </>
  )
}

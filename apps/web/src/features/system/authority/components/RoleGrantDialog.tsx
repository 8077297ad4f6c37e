import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import LinearProgress from '@mui/material/LinearProgress'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import Typography from '@mui/material/Typography'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { TAccessPreviewRequest } from '@ysjs/shared'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from '@/lib/notify'
import { grantApi, type TRoleRow } from '../api/authorityApi'
import { AccessPreview } from './AccessPreview'
import { CheckTree } from './CheckTree'
import { fromStored, indexTree, toSubmit } from './checkTree'

type TTab = 'menu' | 'dataScope' | 'apiScope'
const TABS: { key: TTab; labelKey: string }[] = [
  { key: 'menu', labelKey: 'authority.grant.menus' },
  { key: 'dataScope', labelKey: 'authority.grant.dataScopes' },
  { key: 'apiScope', labelKey: 'authority.grant.apiScopes' },
]

/**
 * 权限设置: the three trees of grant-tree checked from role-tree-keys; "preview" shows what the change
 * does (server-computed) before it is saved.
 */
export const RoleGrantDialog = ({ role, onClose }: { role: TRoleRow; onClose: () => void }) => {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [tab, setTab] = useState<TTab>('menu')
  const [edited, setEdited] = useState<Partial<Record<TTab, Set<string>>>>({})
  const [previewing, setPreviewing] = useState(false)
  const [saving, setSaving] = useState(false)
  const tree = useQuery({ queryKey: ['grant-tree'], queryFn: grantApi.tree, staleTime: 0 })
  const keys = useQuery({
    queryKey: ['role-keys', role.id],
    queryFn: () => grantApi.keys([role.id]),
    staleTime: 0,
  })
  const indexes = useMemo(
    () =>
      tree.data
        ? {
            menu: indexTree(tree.data.menu),
            dataScope: indexTree(tree.data.dataScope),
            apiScope: indexTree(tree.data.apiScope),
          }
        : null,
    [tree.data],
  )
  const loading = !indexes || !keys.data
  const checkedOf = (k: TTab): Set<string> =>
    edited[k] ?? (indexes && keys.data ? fromStored(indexes[k], keys.data[k]) : new Set())
  const request: TAccessPreviewRequest | null =
    indexes && keys.data
      ? {
          kind: 'roleGrant',
          roleIds: [role.id],
          menuIds: toSubmit(indexes.menu, checkedOf('menu')),
          dataScopeIds: toSubmit(indexes.dataScope, checkedOf('dataScope')),
          apiScopeIds: toSubmit(indexes.apiScope, checkedOf('apiScope')),
        }
      : null

  const save = async () => {
    if (request?.kind !== 'roleGrant') {
      return
    }
    setSaving(true)
    try {
      await grantApi.grant({
        roleIds: request.roleIds,
        menuIds: request.menuIds,
        dataScopeIds: request.dataScopeIds,
        apiScopeIds: request.apiScopeIds,
      })
    } catch {
      setSaving(false)
      return
    }
    toast.success(t('msg.operateSuccess'))
    await queryClient.invalidateQueries({ queryKey: ['role-keys'] })
    onClose()
  }

  return (
    <Dialog open onClose={saving ? undefined : onClose} maxWidth="md" fullWidth aria-labelledby="grant-title">
      <DialogTitle id="grant-title">{t('authority.grant.title', { name: role.roleName })}</DialogTitle>
      {loading && <LinearProgress />}
      <DialogContent dividers sx={{ minHeight: 360 }}>
        {previewing && request ? (
          <AccessPreview request={request} />
        ) : (
          <>
            <Tabs value={tab} onChange={(_e, v: TTab) => setTab(v)} sx={{ mb: 1 }}>
              {TABS.map((x) => (
                <Tab key={x.key} value={x.key} label={t(x.labelKey)} />
              ))}
            </Tabs>
            {indexes && tree.data && keys.data && (
              <Box>
                {tree.data[tab].length === 0 ? (
                  <Typography color="text.secondary">{t('authority.grant.empty')}</Typography>
                ) : (
                  <CheckTree
                    key={tab}
                    testId={`grant-tree-${tab}`}
                    nodes={tree.data[tab]}
                    index={indexes[tab]}
                    checked={checkedOf(tab)}
                    onChange={(next) => setEdited((prev) => ({ ...prev, [tab]: next }))}
                    disabled={saving}
                  />
                )}
              </Box>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          {t('common.cancel')}
        </Button>
        {previewing ? (
          <>
            <Button onClick={() => setPreviewing(false)} disabled={saving}>
              {t('authority.grant.back')}
            </Button>
            <Button variant="contained" onClick={() => void save()} disabled={saving}>
              {t('authority.grant.save')}
            </Button>
          </>
        ) : (
          <Button variant="contained" onClick={() => setPreviewing(true)} disabled={loading}>
            {t('authority.grant.preview')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  )
}

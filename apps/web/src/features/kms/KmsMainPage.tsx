import ArchiveIcon from '@mui/icons-material/Archive'
import PersonAddIcon from '@mui/icons-material/PersonAdd'
import UnarchiveIcon from '@mui/icons-material/Unarchive'
import { Box, List, ListItemButton, ListItemText, Paper, Typography } from '@mui/material'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { PERMISSIONS } from '@ysjs/shared'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CrudScreen } from '@/components/crud/CrudScreen'
import type { TResource } from '@/components/crud/types'
import { toast } from '@/lib/notify'
import { useSession } from '@/lib/session/session'
import { flattenTree } from '@/lib/tree'
import { ExpertLinkDialog } from './ExpertLinkDialog'
import { catalogApi, mainApi, type TMainRow } from './kmsApi'
import { mainResource } from './resources'

const SHELF_CODE = PERMISSIONS.kmsMainShelf
const EXPERT_CODE = PERMISSIONS.kmsMainExpert
const LABEL_CODE = PERMISSIONS.kmsMainLabel

/**
 * The editor without the link fields the user may not set: the server refuses labels and experts
 * from a user without 关联标签 / 关联专家, so the form neither shows nor sends them.
 */
const editorFor = (canLabel: boolean, canLinkExperts: boolean): TResource<TMainRow> => {
  const hidden = new Set([...(canLabel ? [] : ['labelIds']), ...(canLinkExperts ? [] : ['expertIds'])])
  if (hidden.size === 0) {
    return mainResource
  }
  return {
    ...mainResource,
    fields: mainResource.fields.filter((f) => !hidden.has(f.name)),
    toForm: (row) =>
      Object.fromEntries(
        Object.entries(mainResource.toForm?.(row) ?? {}).filter(([key]) => !hidden.has(key)),
      ),
  }
}

/** 知识管理: the catalog tree beside the entries of the chosen catalog (and its sub-catalogs). */
export const KmsMainPage = () => {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const canShelve = useSession((s) => s.permissions[SHELF_CODE] === true)
  const canLinkExperts = useSession((s) => s.permissions[EXPERT_CODE] === true)
  const canLabel = useSession((s) => s.permissions[LABEL_CODE] === true)
  const resource = useMemo(() => editorFor(canLabel, canLinkExperts), [canLabel, canLinkExperts])
  const [catalogId, setCatalogId] = useState<string | null>(null)
  const [linking, setLinking] = useState<TMainRow | null>(null)
  const tree = useQuery({ queryKey: ['kms-catalog-tree'], queryFn: catalogApi.tree })
  const nodes = useMemo(() => flattenTree(tree.data ?? []), [tree.data])
  const filter = useMemo(() => (catalogId ? { catalogId } : undefined), [catalogId])
  const shelve = async (row: TMainRow, shelves: 0 | 1) => {
    try {
      await mainApi.shelves([row.id], shelves)
    } catch {
      return
    }
    toast.success(t('msg.operateSuccess'))
    await queryClient.invalidateQueries({ queryKey: [mainResource.key] })
  }
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
      <Paper variant="outlined" sx={{ width: 240, flexShrink: 0 }} aria-label={t('kms.catalogs')}>
        <Typography variant="subtitle2" sx={{ px: 2, pt: 1.5 }}>
          {t('kms.catalogs')}
        </Typography>
        <List dense>
          <ListItemButton selected={catalogId === null} onClick={() => setCatalogId(null)}>
            <ListItemText primary={t('kms.allCatalogs')} />
          </ListItemButton>
          {nodes.map((n) => (
            <ListItemButton
              key={n.id}
              selected={catalogId === n.id}
              onClick={() => setCatalogId(n.id)}
              sx={{ pl: 2 + n.depth * 2 }}
            >
              <ListItemText primary={n.title} />
            </ListItemButton>
          ))}
        </List>
      </Paper>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <CrudScreen
          resource={resource}
          filter={filter}
          rowActions={[
            {
              key: 'experts',
              label: t('expert.associate'),
              Icon: PersonAddIcon,
              allowed: canLinkExperts,
              onClick: setLinking,
            },
          ]}
          rowItems={(row) => [
            {
              key: 'shelve',
              label: row.shelves === 1 ? t('kms.offShelf') : t('kms.onShelf'),
              Icon: row.shelves === 1 ? ArchiveIcon : UnarchiveIcon,
              allowed: canShelve,
              onClick: () => void shelve(row, row.shelves === 1 ? 0 : 1),
            },
          ]}
        />
      </Box>
      {linking && <ExpertLinkDialog row={linking} onClose={() => setLinking(null)} />}
    </Box>
  )
}

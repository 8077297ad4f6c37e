import ChevronRightIcon from '@mui/icons-material/ChevronRight'
import ExpandMoreIcon from '@mui/icons-material/ExpandMore'
import Box from '@mui/material/Box'
import ButtonBase from '@mui/material/ButtonBase'
import CircularProgress from '@mui/material/CircularProgress'
import IconButton from '@mui/material/IconButton'
import { useQuery } from '@tanstack/react-query'
import type { TRegionNode } from '@ysjs/shared'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { fetchRegionChildren } from './regionApi'

type TProps = { selected: string | null; onSelect: (code: string) => void }

/** One level of the region tree, loaded when its parent opens (`lazy-tree?parentCode=`). */
const Level = ({ parentCode, depth, ...props }: TProps & { parentCode: string; depth: number }) => {
  const children = useQuery({
    queryKey: ['region', 'children', parentCode],
    queryFn: () => fetchRegionChildren(parentCode),
  })
  if (children.isLoading) {
    return <CircularProgress size={16} sx={{ ml: depth * 2.5 + 1, my: 0.5 }} />
  }
  return (
    <>
      {(children.data ?? []).map((node) => (
        <Node key={node.id} node={node} depth={depth} {...props} />
      ))}
    </>
  )
}

const Node = ({ node, depth, selected, onSelect }: TProps & { node: TRegionNode; depth: number }) => {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const isSelected = selected === node.id
  return (
    <Box
      role="treeitem"
      aria-label={node.title}
      aria-selected={isSelected}
      aria-expanded={node.hasChildren ? open : undefined}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', pl: depth * 2.5 }}>
        {node.hasChildren ? (
          <IconButton
            size="small"
            aria-label={open ? t('system.tenantPackage.collapse') : t('system.tenantPackage.expand')}
            onClick={() => setOpen(!open)}
          >
            {open ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
          </IconButton>
        ) : (
          <Box sx={{ width: 30 }} />
        )}
        <ButtonBase
          onClick={() => onSelect(node.id)}
          sx={{
            px: 1,
            py: 0.25,
            borderRadius: 1,
            typography: 'body2',
            bgcolor: isSelected ? 'action.selected' : undefined,
          }}
        >
          {node.title}
          <Box component="span" sx={{ ml: 1, color: 'text.secondary' }}>
            {node.id}
          </Box>
        </ButtonBase>
      </Box>
      {open && (
        <Box role="group">
          <Level parentCode={node.id} depth={depth + 1} selected={selected} onSelect={onSelect} />
        </Box>
      )}
    </Box>
  )
}

export const RegionTree = (props: TProps) => {
  const { t } = useTranslation()
  return (
    <Box role="tree" aria-label={t('system.region.tree')}>
      <Level parentCode="" depth={0} {...props} />
    </Box>
  )
}

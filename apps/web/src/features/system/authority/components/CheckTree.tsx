import ChevronRightIcon from '@mui/icons-material/ChevronRight'
import ExpandMoreIcon from '@mui/icons-material/ExpandMore'
import Box from '@mui/material/Box'
import Checkbox from '@mui/material/Checkbox'
import IconButton from '@mui/material/IconButton'
import Typography from '@mui/material/Typography'
import type { TTreeNode } from '@ysjs/shared'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isPartial, type TIndex, toggle } from './checkTree'

type TProps = {
  nodes: TTreeNode[]
  index: TIndex
  checked: ReadonlySet<string>
  onChange: (next: Set<string>) => void
  disabled?: boolean
  testId?: string
}

/** A checkbox tree (menus, scopes): checking a node checks its subtree; parents show partial states. */
export const CheckTree = ({ nodes, index, checked, onChange, disabled, testId }: TProps) => {
  const { t } = useTranslation()
  const [open, setOpen] = useState<Set<string>>(new Set())
  const flip = (id: string) =>
    setOpen((prev) => {
      const next = new Set(prev)
      if (next.has(id)) {
        next.delete(id)
      } else {
        next.add(id)
      }
      return next
    })
  const render = (list: TTreeNode[], depth: number) =>
    list.map((node) => {
      const kids = node.children ?? []
      const expanded = open.has(node.id)
      return (
        <Box key={node.id} role="treeitem" aria-expanded={kids.length ? expanded : undefined}>
          <Box sx={{ display: 'flex', alignItems: 'center', pl: depth * 2.5 }}>
            {kids.length ? (
              <IconButton
                size="small"
                onClick={() => flip(node.id)}
                aria-label={t('authority.grant.toggle', { name: node.title })}
              >
                {expanded ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
              </IconButton>
            ) : (
              <Box sx={{ width: 30 }} />
            )}
            <Checkbox
              size="small"
              checked={checked.has(node.id)}
              indeterminate={isPartial(index, checked, node.id)}
              disabled={disabled}
              onChange={() => onChange(toggle(index, checked, node.id))}
              slotProps={{ input: { 'aria-label': node.title } }}
            />
            <Typography variant="body2">{node.title}</Typography>
          </Box>
          {expanded && kids.length > 0 && render(kids, depth + 1)}
        </Box>
      )
    })
  return (
    <Box role="tree" data-testid={testId} sx={{ maxHeight: '55vh', overflow: 'auto' }}>
      {render(nodes, 0)}
    </Box>
  )
}

import ChevronRightIcon from '@mui/icons-material/ChevronRight'
import ExpandMoreIcon from '@mui/icons-material/ExpandMore'
import Box from '@mui/material/Box'
import Checkbox from '@mui/material/Checkbox'
import FormControl from '@mui/material/FormControl'
import FormHelperText from '@mui/material/FormHelperText'
import FormLabel from '@mui/material/FormLabel'
import IconButton from '@mui/material/IconButton'
import LinearProgress from '@mui/material/LinearProgress'
import Typography from '@mui/material/Typography'
import { useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { TCustomFieldProps } from '@/components/crud/types'
import { checkState, splitCsv, toggle } from './menuTreeSelection'
import { fetchPackageMenuTree, type TMenuNode } from './tenantPackageApi'

/** The package's menus: a checkbox tree of every menu and button; the value is the comma list. */
export const MenuTreeSelect = ({
  name,
  label,
  value,
  onChange,
  onBlur,
  disabled,
  error,
  helperText,
}: TCustomFieldProps) => {
  const { t } = useTranslation()
  const tree = useQuery({
    queryKey: ['tenant-package', 'menu-tree'],
    queryFn: fetchPackageMenuTree,
    staleTime: 60_000,
  })
  const selected = useMemo(() => new Set(splitCsv(value)), [value])
  const [open, setOpen] = useState<Set<string>>(new Set())

  const roots = tree.data ?? []
  const change = (node: TMenuNode) => {
    onChange([...toggle(roots, node, selected)].join(','))
    onBlur()
  }

  const renderNode = (node: TMenuNode, depth: number) => {
    const state = checkState(node, selected)
    const expandable = !!node.children?.length
    const expanded = open.has(node.id)
    return (
      <Box
        key={node.id}
        role="treeitem"
        aria-expanded={expandable ? expanded : undefined}
        aria-label={node.title}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', pl: depth * 2.5 }}>
          {expandable ? (
            <IconButton
              size="small"
              aria-label={expanded ? t('system.tenantPackage.collapse') : t('system.tenantPackage.expand')}
              onClick={() =>
                setOpen((prev) => {
                  const next = new Set(prev)
                  if (next.has(node.id)) {
                    next.delete(node.id)
                  } else {
                    next.add(node.id)
                  }
                  return next
                })
              }
            >
              {expanded ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
            </IconButton>
          ) : (
            <Box sx={{ width: 30 }} />
          )}
          <Checkbox
            size="small"
            disabled={disabled}
            checked={state === 'checked'}
            indeterminate={state === 'partial'}
            onChange={() => change(node)}
            slotProps={{ input: { 'aria-label': node.title } }}
          />
          <Typography variant="body2" color={node.category === 2 ? 'text.secondary' : 'text.primary'}>
            {node.title}
          </Typography>
        </Box>
        {expandable && expanded && (
          <Box role="group">{node.children!.map((c) => renderNode(c, depth + 1))}</Box>
        )}
      </Box>
    )
  }

  return (
    <FormControl error={error} fullWidth component="fieldset" data-field={name}>
      <FormLabel component="legend" sx={{ mb: 0.5 }}>
        {label} · {t('system.tenantPackage.menuCount', { count: selected.size })}
      </FormLabel>
      {tree.isLoading && <LinearProgress />}
      <Box
        role="tree"
        aria-label={label}
        aria-multiselectable
        sx={{
          maxHeight: 360,
          overflow: 'auto',
          border: 1,
          borderColor: error ? 'error.main' : 'divider',
          borderRadius: 1,
          py: 0.5,
        }}
      >
        {roots.map((n) => renderNode(n, 0))}
      </Box>
      {helperText && <FormHelperText>{helperText}</FormHelperText>}
    </FormControl>
  )
}

import Box from '@mui/material/Box'
import Grid from '@mui/material/Grid'
import List from '@mui/material/List'
import ListItemButton from '@mui/material/ListItemButton'
import ListItemText from '@mui/material/ListItemText'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import { useQuery } from '@tanstack/react-query'
import type { TTreeNode } from '@ysjs/shared'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router-dom'
import { CrudScreen } from '@/components/crud/CrudScreen'
import { http } from '@/lib/http'
import { flattenTree } from '@/lib/tree'
import { UserActions, UserRowActions } from './UserActions'
import { userResource } from './userResource'

const DEPT_PARAM = 'deptId'

/** The dept tree on the left filters the list on the right (a dept includes its sub-departments). */
const DeptTree = ({ value, onChange }: { value: string; onChange: (id: string) => void }) => {
  const { t } = useTranslation()
  const tree = useQuery({
    queryKey: ['dept-tree', 'user-screen'],
    queryFn: () => http.get<TTreeNode[]>('/api/ysjs-system/dept/tree'),
  })
  const nodes = flattenTree(tree.data ?? [])
  return (
    <Paper sx={{ p: 1 }} data-testid="user-dept-tree">
      <Typography variant="subtitle2" sx={{ px: 1, py: 0.5, fontWeight: 600 }}>
        {t('sysOrg.user.deptTree')}
      </Typography>
      <List dense disablePadding>
        <ListItemButton selected={value === ''} onClick={() => onChange('')}>
          <ListItemText primary={t('sysOrg.user.allDepts')} />
        </ListItemButton>
        {nodes.map((n) => (
          <ListItemButton
            key={n.id}
            selected={value === n.id}
            onClick={() => onChange(n.id)}
            sx={{ pl: 2 + n.depth * 2 }}
          >
            <ListItemText primary={n.title} />
          </ListItemButton>
        ))}
      </List>
    </Paper>
  )
}

/** 用户管理: dept tree, users of the chosen dept (and below), grant, reset, unlock, audit. */
export const UserPage = () => {
  const [params, setParams] = useSearchParams()
  const deptId = params.get(DEPT_PARAM) ?? ''
  const chooseDept = (id: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev)
        if (id) {
          next.set(DEPT_PARAM, id)
        } else {
          next.delete(DEPT_PARAM)
        }
        next.delete('current')
        return next
      },
      { replace: true },
    )
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 3, lg: 2 }}>
        <DeptTree value={deptId} onChange={chooseDept} />
      </Grid>
      <Grid size={{ xs: 12, md: 9, lg: 10 }}>
        <Box sx={{ minWidth: 0 }}>
          <CrudScreen
            resource={userResource}
            filter={deptId ? { deptId } : undefined}
            toolbar={(ctx) => <UserActions {...ctx} />}
            rowButtons={(row, ctx) => <UserRowActions row={row} {...ctx} />}
            rowButtonsWidth={36}
          />
        </Box>
      </Grid>
    </Grid>
  )
}

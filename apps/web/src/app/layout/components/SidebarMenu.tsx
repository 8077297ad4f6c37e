import ExpandLess from '@mui/icons-material/ExpandLess'
import ExpandMore from '@mui/icons-material/ExpandMore'
import Collapse from '@mui/material/Collapse'
import List from '@mui/material/List'
import ListItemButton from '@mui/material/ListItemButton'
import ListItemIcon from '@mui/material/ListItemIcon'
import ListItemText from '@mui/material/ListItemText'
import Tooltip from '@mui/material/Tooltip'
import type { TMenu } from '@ysjs/shared'
import { useState } from 'react'
import { menuTarget } from '@/app/router/menuRoutes'
import { usePathname, useStableNavigate } from '@/app/router/routerState'
import { MenuIconFor } from './menuIcons'

type TProps = { menus: TMenu[]; collapsed: boolean; onNavigate: () => void; onExpandRequest: () => void }

const containsPath = (menu: TMenu, depth: number, pathname: string): boolean => {
  if (!menu.children?.length) {
    const target = menuTarget(menu)
    return target.kind === 'route' && target.to === pathname
  }
  return menu.children.some((c) => containsPath(c, depth + 1, pathname))
}

const MenuNode = ({ menu, depth, ...props }: TProps & { menu: TMenu; depth: number }) => {
  const navigate = useStableNavigate()
  const pathname = usePathname()
  const hasChildren = !!menu.children?.length
  const [open, setOpen] = useState(() => hasChildren && containsPath(menu, depth, pathname))
  const active = !hasChildren && containsPath(menu, depth, pathname)

  const onClick = () => {
    if (hasChildren) {
      if (props.collapsed) {
        props.onExpandRequest()
        setOpen(true)
        return
      }
      setOpen((o) => !o)
      return
    }
    const target = menuTarget(menu)
    if (target.kind === 'window') {
      window.open(target.url, '_blank', 'noopener')
      return
    }
    navigate(target.to)
    props.onNavigate()
  }

  const button = (
    <ListItemButton
      onClick={onClick}
      selected={active}
      sx={{
        pl: props.collapsed ? 2.5 : 2 + depth * 2,
        color: 'rgba(255,255,255,0.85)',
        '&.Mui-selected': { bgcolor: 'primary.main', color: '#fff' },
        '&.Mui-selected:hover': { bgcolor: 'primary.dark' },
      }}
      data-menu-path={menu.path ?? ''}
    >
      <ListItemIcon sx={{ minWidth: 36, color: 'inherit' }}>
        <MenuIconFor source={menu.source} />
      </ListItemIcon>
      {!props.collapsed && (
        <ListItemText primary={menu.name} slotProps={{ primary: { noWrap: true, sx: { fontSize: 14 } } }} />
      )}
      {!props.collapsed &&
        hasChildren &&
        (open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />)}
    </ListItemButton>
  )

  return (
    <>
      {props.collapsed ? (
        <Tooltip title={menu.name} placement="right">
          {button}
        </Tooltip>
      ) : (
        button
      )}
      {hasChildren && !props.collapsed && (
        <Collapse in={open} timeout="auto" unmountOnExit>
          <List disablePadding>
            {menu.children?.map((child) => (
              <MenuNode key={child.id} menu={child} depth={depth + 1} {...props} />
            ))}
          </List>
        </Collapse>
      )}
    </>
  )
}

/** The role-filtered menu tree. */
export const SidebarMenu = (props: TProps) => (
  <List component="nav" aria-label="menu" disablePadding>
    {props.menus.map((menu) => (
      <MenuNode key={menu.id} menu={menu} depth={0} {...props} />
    ))}
  </List>
)

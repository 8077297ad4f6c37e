import { isUrlMenuPath, type TMenu } from '@ysjs/shared'

/** A menu leaf that becomes a route of the layout. */
export type TMenuRoute = { path: string; title: string; menu: TMenu }

const IFRAME_BASE = '/myiframe/urlPath'

/**
 * Where clicking a menu leaf goes: its route (the menu path is the front-end route), or the iframe
 * route carrying the address.
 */
export const menuTarget = (menu: TMenu): { kind: 'route'; to: string } | { kind: 'window'; url: string } => {
  const path = menu.path ?? ''
  if (isUrlMenuPath(path)) {
    if (menu.isOpen === 2) {
      return { kind: 'window', url: path }
    }
    const query = new URLSearchParams({ src: path, name: menu.name })
    return { kind: 'route', to: `${IFRAME_BASE}?${query.toString()}` }
  }
  return { kind: 'route', to: path }
}

/** Every leaf menu that is a page of this app (URL menus open in the iframe route instead). */
export const menuRoutes = (menus: TMenu[]): TMenuRoute[] => {
  const out: TMenuRoute[] = []
  const walk = (nodes: TMenu[]) => {
    for (const menu of nodes) {
      if (menu.children?.length) {
        walk(menu.children)
      } else if (menu.path && !isUrlMenuPath(menu.path)) {
        out.push({ path: menu.path, title: menu.name, menu })
      }
    }
  }
  walk(menus)
  return out
}

/** Leaf menus, with the path they open, for the menu search. */
export const flattenLeaves = (menus: TMenu[]): { menu: TMenu; depth: number }[] => {
  const out: { menu: TMenu; depth: number }[] = []
  const walk = (nodes: TMenu[], depth: number) => {
    for (const menu of nodes) {
      if (menu.children?.length) {
        walk(menu.children, depth + 1)
      } else {
        out.push({ menu, depth })
      }
    }
  }
  walk(menus, 0)
  return out
}

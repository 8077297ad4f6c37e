import type { TMenu } from '@ysjs/shared'

const menuRoles = (menu: TMenu): string[] => {
  const roles: unknown = (menu as TMenu & { roles?: unknown }).roles
  if (Array.isArray(roles)) {
    return roles.map(String)
  }
  if (typeof roles === 'string') {
    return roles
      .split(',')
      .map((r) => r.trim())
      .filter(Boolean)
  }
  return []
}

/** A menu item shows when it has no roles restriction or its roles include one of the user's. */
export const visibleMenus = (menus: TMenu[], userRoles: string[]): TMenu[] =>
  menus
    .filter((menu) => {
      const roles = menuRoles(menu)
      return roles.length === 0 || roles.some((r) => userRoles.includes(r))
    })
    .map((menu) =>
      menu.children?.length ? { ...menu, children: visibleMenus(menu.children, userRoles) } : menu,
    )

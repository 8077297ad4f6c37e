import type { TMenu } from '@ysjs/shared'
import { flattenLeaves } from '@/app/router/menuRoutes'

export type TMenuHit = { menu: TMenu; depth: number }

/** Case-insensitive prefix match on the names of leaf menus (an empty query lists every leaf). */
export const searchMenus = (menus: TMenu[], query: string): TMenuHit[] => {
  const q = query.trim().toLocaleLowerCase()
  return flattenLeaves(menus).filter(({ menu }) => menu.name.toLocaleLowerCase().startsWith(q))
}

import type { TMenu } from '@ysjs/shared'
import { useSession } from './session'

/** The actions a screen offers, named by the buttons' `alias`. */
export type TAction = 'add' | 'edit' | 'delete' | 'view'

const samePath = (a: string, b: string) => a.replace(/\/index$/, '') === b.replace(/\/index$/, '')

/**
 * The permission codes of the buttons under the menu at `path` in the buttons tree, by alias
 * (`{add: 'dictbiz_add', ...}`): screens whose codes come from their menu read them here.
 */
export const buttonCodesForPath = (buttons: TMenu[], path: string): Partial<Record<string, string>> => {
  const find = (nodes: TMenu[]): TMenu | undefined => {
    for (const node of nodes) {
      if (node.category === 1 && node.path && samePath(node.path, path)) {
        return node
      }
      const hit = node.children ? find(node.children) : undefined
      if (hit) {
        return hit
      }
    }
    return undefined
  }
  const menu = find(buttons)
  const codes: Partial<Record<string, string>> = {}
  for (const child of menu?.children ?? []) {
    if (child.category === 2 && child.alias) {
      codes[child.alias] = child.code
    }
  }
  return codes
}

export type TPermissionSource = { codes: Partial<Record<TAction, string>> } | { menuPath: string }

/** Which actions the user may take: explicit codes, or the buttons under a menu path. */
export const usePermittedActions = (source: TPermissionSource): Record<TAction, boolean> => {
  const permissions = useSession((s) => s.permissions)
  const buttons = useSession((s) => s.buttons)
  const codes = 'codes' in source ? source.codes : buttonCodesForPath(buttons, source.menuPath)
  const allowed = (action: TAction) => {
    const code = codes[action]
    return !!code && permissions[code] === true
  }
  return { add: allowed('add'), edit: allowed('edit'), delete: allowed('delete'), view: allowed('view') }
}
